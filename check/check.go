package check

import (
	"github.com/recoverlint/recoverlint/rules"
)

// Config selects what a check reports. The zero value enables every
// built-in rule.
type Config struct {
	// Disabled lists rule ids that are not reported.
	Disabled map[string]bool
}

// Finding is a rule finding placed in a file: 1-based line and byte column
// of the word that names the action, the end of that word, and the source
// line as excerpt.
type Finding struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Excerpt   string `json:"excerpt"`
}

// Source checks one file's content. The name decides how the content is
// read (Markdown, plain prompt text, Go); it is not opened.
func Source(name string, src []byte, cfg Config) ([]Finding, error) {
	_ = rules.Prose
	return nil, nil
}
