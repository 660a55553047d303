package report

import (
	"encoding/json"
	"io"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/runner"
)

// JSON writes one indented JSON document: the format version, the
// findings with byte columns, the counts of files scanned and skipped, and
// the file errors.
type JSON struct{}

// document is the JSON document, version 1.
type document struct {
	Version      int                `json:"version"`
	Findings     []check.Finding    `json:"findings"`
	FilesScanned int                `json:"files_scanned"`
	FilesSkipped int                `json:"files_skipped"`
	Errors       []runner.FileError `json:"errors"`
}

// Report writes the document.
func (JSON) Report(w io.Writer, rep runner.Report) error {
	doc := document{Version: 1, Findings: rep.Findings, FilesScanned: rep.FilesScanned, FilesSkipped: rep.FilesSkipped, Errors: rep.Errors}
	if doc.Findings == nil {
		doc.Findings = []check.Finding{}
	}
	if doc.Errors == nil {
		doc.Errors = []runner.FileError{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
