package report

import (
	"encoding/xml"
	"fmt"
	"io"

	"github.com/recoverlint/recoverlint/runner"
)

// Checkstyle writes checkstyle XML, which reviewdog (-f=checkstyle) and
// Jenkins' warnings plugin read: a <file> per path holding an <error> per
// finding, its source "recoverlint.RULE". Columns are byte columns, as in
// the text output. A file that could not be checked gets an <error> on
// line 0, as checkstyle reports a file it failed on.
type Checkstyle struct{}

type checkstyleDoc struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// Report writes the document.
func (Checkstyle) Report(w io.Writer, rep runner.Report) error {
	doc := checkstyleDoc{Version: "4.3"}
	at := map[string]int{} // index of each path's <file>
	file := func(name string) *checkstyleFile {
		i, ok := at[name]
		if !ok {
			i = len(doc.Files)
			at[name] = i
			doc.Files = append(doc.Files, checkstyleFile{Name: name})
		}
		return &doc.Files[i]
	}
	for _, f := range rep.Findings {
		fl := file(f.Path)
		fl.Errors = append(fl.Errors, checkstyleError{
			Line: f.Line, Column: f.Column, Severity: checkstyleSeverity(f.Severity),
			Message: f.Message, Source: "recoverlint." + f.Rule,
		})
	}
	for _, e := range rep.Errors {
		sev := "error"
		if e.Partial {
			sev = "warning"
		}
		fl := file(e.Path)
		fl.Errors = append(fl.Errors, checkstyleError{
			Severity: sev, Message: "could not check this file: " + e.Error, Source: "recoverlint",
		})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("encoding checkstyle XML: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// checkstyleSeverity maps a severity to checkstyle's error, warning, info.
func checkstyleSeverity(severity string) string {
	switch Level(severity) {
	case "warning":
		return "warning"
	case "note":
		return "info"
	}
	return "error"
}
