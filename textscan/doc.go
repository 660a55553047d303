// Package textscan splits plain prompt files (.cursorrules, .windsurfrules,
// .clinerules, *.prompt, *.txt and files of unknown type) into text units.
//
// Prompt files are mostly Markdown-like text written without a renderer in
// mind, so the scanner reads them line by line instead of parsing Markdown:
// blank lines end paragraphs, "# " lines are headings, "- ", "* ", "+ ",
// "1. " and "1) " lines open list items, ``` and ~~~ lines fence code, and a
// leading "---" block is front matter. Every unit keeps an exact map from
// its text back to byte offsets in the source.
//
// The package also exports the two pieces the Markdown scanner shares with
// it: FrontMatter, which splits off a leading YAML block, and MarkerLabel,
// which recognises a paragraph opened by an emoji marker such as ❌ or ✅.
package textscan
