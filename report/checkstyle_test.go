package report_test

import (
	"encoding/xml"
	"testing"
)

func TestCheckstyleGolden(t *testing.T) {
	out := render(t, "checkstyle")
	golden(t, "fixture.checkstyle.xml", out)
	var doc struct {
		Files []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Line     int    `xml:"line,attr"`
				Severity string `xml:"severity,attr"`
				Message  string `xml:"message,attr"`
				Source   string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	rep, _ := fixture(t)
	total := 0
	names := map[string]bool{}
	for _, f := range doc.Files {
		if names[f.Name] {
			t.Errorf("file %s listed twice", f.Name)
		}
		names[f.Name] = true
		for _, e := range f.Errors {
			total++
			switch e.Severity {
			case "error", "warning", "info":
			default:
				t.Errorf("%s: severity %q", f.Name, e.Severity)
			}
		}
	}
	if want := len(rep.Findings) + len(rep.Errors); total != want {
		t.Errorf("%d errors, want %d", total, want)
	}
	// the message survives XML escaping unchanged
	if got := doc.Files[0].Errors[0].Message; got != rep.Findings[0].Message {
		t.Errorf("message %q, want %q", got, rep.Findings[0].Message)
	}
}
