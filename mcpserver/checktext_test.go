package mcpserver_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/mcpserver"
)

const (
	recommends = "# Troubleshooting\n\nIf the server hangs, run `pkill -f gitea-mcp` and retry.\n"
	bans       = "# Forbidden recovery paths\n\nNever run pkill on the MCP server; ask the operator to reconnect it.\n"
	goSource   = "package x\n\n// If the server hangs, run pkill -f gitea-mcp to recover.\nfunc F() {}\n"
	plainText  = "If the server hangs, run pkill -f gitea-mcp and retry.\n"
)

func TestCheckText(t *testing.T) {
	cs := connect(t, testOptions(nil))
	for _, tc := range []struct {
		name     string
		args     map[string]any
		wantFile string     // the name findings carry
		wantKind check.Kind // how the text must have been read
		wantRule string     // a rule that must be reported; "" for a clean text
		wantErrs int        // entries in errors
	}{
		{"markdown by default", map[string]any{"text": recommends}, "text.md", check.Markdown, "process-kill", 0},
		{"ban is clean", map[string]any{"text": bans}, "text.md", check.Markdown, "", 0},
		{"empty text", map[string]any{"text": ""}, "text.md", check.Markdown, "", 0},
		{"file name decides", map[string]any{"text": recommends, "file": "docs/AGENTS.md"}, "docs/AGENTS.md", check.Markdown, "process-kill", 0},
		{"plain text by name", map[string]any{"text": plainText, "file": "prompt.txt"}, "prompt.txt", check.Text, "process-kill", 0},
		{"kind text", map[string]any{"text": plainText, "kind": "text"}, "text.txt", check.Text, "process-kill", 0},
		{"kind go", map[string]any{"text": goSource, "kind": "go"}, "text.go", check.Go, "process-kill", 0},
		{"kind alias md", map[string]any{"text": recommends, "kind": "MD"}, "text.md", check.Markdown, "process-kill", 0},
		{"kind alias golang", map[string]any{"text": goSource, "kind": "golang"}, "text.go", check.Go, "process-kill", 0},
		{"kind overrides name", map[string]any{"text": goSource, "kind": "go", "file": "notes.md"}, "notes.md", check.Go, "process-kill", 0},
		{"go that does not parse", map[string]any{"text": "package x\n\n// If it hangs, run pkill -f gitea-mcp.\nfunc {", "kind": "go"}, "text.go", check.Go, "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rep mcpserver.CheckReport
			res := call(t, cs, mcpserver.CheckTextTool, tc.args)
			decodeOutput(t, res, &rep)
			if !strings.HasPrefix(resultText(res), `{"version":1,"findings":[`) {
				t.Errorf("text content is not in the CLI's field order: %.80s", resultText(res))
			}
			if rep.Version != 1 || rep.FilesScanned != 1 || rep.FilesSkipped != 0 {
				t.Errorf("header = version %d, scanned %d, skipped %d; want 1, 1, 0", rep.Version, rep.FilesScanned, rep.FilesSkipped)
			}
			if rep.Findings == nil || rep.Errors == nil {
				t.Errorf("findings or errors encode as null, want []")
			}
			// The findings are exactly the checker's for the same text,
			// name and kind.
			kind := tc.wantKind
			want, _ := check.Source(tc.wantFile, []byte(tc.args["text"].(string)), check.Config{Kind: &kind})
			if len(want) == 0 {
				want = []check.Finding{}
			}
			if !reflect.DeepEqual(rep.Findings, want) {
				t.Errorf("findings = %+v\nwant the checker's %+v", rep.Findings, want)
			}
			if tc.wantRule != "" && !hasRule(rep.Findings, tc.wantRule) {
				t.Errorf("no %s finding in %+v", tc.wantRule, rep.Findings)
			}
			if tc.wantRule == "" && tc.wantErrs == 0 && len(rep.Findings) > 0 {
				t.Errorf("clean text has findings: %+v", rep.Findings)
			}
			for _, f := range rep.Findings {
				if f.Path != tc.wantFile {
					t.Errorf("finding path %q, want %q", f.Path, tc.wantFile)
				}
			}
			if len(rep.Errors) != tc.wantErrs {
				t.Errorf("errors = %+v, want %d", rep.Errors, tc.wantErrs)
			}
			for _, e := range rep.Errors {
				if e.Path != tc.wantFile || e.Error == "" {
					t.Errorf("error %+v, want path %q and a message", e, tc.wantFile)
				}
			}
		})
	}
}

func hasRule(fs []check.Finding, rule string) bool {
	for _, f := range fs {
		if f.Rule == rule {
			return true
		}
	}
	return false
}

func TestCheckTextRefusesBadInput(t *testing.T) {
	cs := connect(t, testOptions(nil))
	for _, tc := range []struct {
		name string
		args map[string]any
		want []string // in the error message
	}{
		{"text over 1 MiB", map[string]any{"text": strings.Repeat("a", mcpserver.MaxTextBytes+1)}, []string{"text", "1048577 bytes", "1 MiB"}},
		{"multi-byte text over 1 MiB", map[string]any{"text": strings.Repeat("é", mcpserver.MaxTextBytes/2+1)}, []string{"text", "1 MiB"}},
		{"unknown kind", map[string]any{"text": "x", "kind": "cobol"}, []string{"kind", "markdown, text, go"}},
		{"file with a newline", map[string]any{"text": "x", "file": "a\nb.md"}, []string{"file", "control characters"}},
		{"blank file", map[string]any{"text": "x", "file": "  "}, []string{"file"}},
		{"file name too long", map[string]any{"text": "x", "file": strings.Repeat("a", mcpserver.MaxFileNameBytes+1) + ".md"}, []string{"file", "at most 1024 bytes"}},
		{"text missing", map[string]any{"file": "a.md"}, []string{"text"}},
		{"text of the wrong type", map[string]any{"text": 42}, []string{"text", "string"}},
		{"kind of the wrong type", map[string]any{"text": "x", "kind": true}, []string{"kind", "string"}},
		{"unknown argument", map[string]any{"text": "x", "path": "/etc/passwd"}, []string{"path"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, cs, mcpserver.CheckTextTool, tc.args)
			wantToolError(t, res, tc.want...)
			if n := len(resultText(res)); n > 4096 {
				t.Errorf("error message is %d bytes; it should name the problem, not repeat the input", n)
			}
		})
	}
	// A text of exactly the limit is accepted.
	var rep mcpserver.CheckReport
	decodeOutput(t, call(t, cs, mcpserver.CheckTextTool, map[string]any{"text": strings.Repeat("a", mcpserver.MaxTextBytes)}), &rep)
}
