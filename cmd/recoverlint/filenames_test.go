package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileFileNames checks files whose names hold a line break with a
// workflow command, an ESC sequence and a right-to-left override, each
// with a finding, in every output format: the text and github formats
// spell the characters out, so that no line of the output is a command
// the name wrote and no control character reaches a terminal or a log;
// the JSON, SARIF and checkstyle outputs stay well-formed.
func TestHostileFileNames(t *testing.T) {
	dir := t.TempDir()
	names := []string{
		"x\n::error file=evil.md,line=1::INJECTED\n.md",
		"esc\x1b[2J\x1b[31mred.md",
		"bidi\u202edm.txt",
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("# Troubleshooting\n\nIf the MCP server hangs, run `pkill -f mcp_server`.\n"), 0o600); err != nil {
			t.Skipf("the file system refuses the name %q: %v", n, err)
		}
	}
	for _, format := range []string{"text", "github", "json", "sarif", "checkstyle"} {
		t.Run(format, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run([]string{"check", "--no-config", "--color", "never", "--format", format, dir}, strings.NewReader(""), &out, &errb)
			if code != 1 {
				t.Fatalf("exit %d, want 1 (findings); stderr:\n%s", code, errb.String())
			}
			got := out.String()
			switch format {
			case "json", "sarif":
				if !json.Valid(out.Bytes()) {
					t.Fatalf("output is not JSON:\n%s", got)
				}
			case "checkstyle":
				d := xml.NewDecoder(bytes.NewReader(out.Bytes()))
				for {
					if _, err := d.Token(); err != nil {
						if err.Error() != "EOF" {
							t.Fatalf("output is not XML: %v\n%s", err, got)
						}
						break
					}
				}
			default:
				for _, line := range strings.Split(got, "\n") {
					if strings.HasPrefix(line, "::error file=evil.md") || line == ".md" {
						t.Errorf("a file name wrote its own output line %q", line)
					}
				}
				if strings.ContainsAny(got, "\x1b\u202e") {
					t.Errorf("raw ESC or override in the output:\n%q", got)
				}
				if n := strings.Count(got, "pkill"); format == "text" && n < len(names) {
					t.Errorf("%d findings shown, want one per file (%d):\n%s", n, len(names), got)
				}
			}
			if format == "github" {
				if n := strings.Count("\n"+got, "\n::"); n != len(names) {
					t.Errorf("%d workflow commands, want one per finding (%d):\n%s", n, len(names), got)
				}
			}
		})
	}
}
