// Package report writes the outcome of a check in the formats that CI and
// review tools read: text for people, the JSON document, SARIF 2.1.0 for
// code scanning, GitHub Actions workflow commands for annotations, and
// checkstyle XML for reviewdog and Jenkins.
//
// Every format is a Reporter, one file each. Findings carry 1-based byte
// columns; text, JSON and checkstyle print them as they are, while SARIF
// and the GitHub commands count UTF-16 code units, as their readers do,
// which takes the line of the source again (Options.ReadFile). A column
// that cannot be converted (the file changed or cannot be read) is left
// out rather than guessed.
package report
