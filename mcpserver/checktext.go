package mcpserver

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/check"
)

// Limits on check_text input.
const (
	// MaxTextBytes is the largest text check_text accepts, 1 MiB.
	MaxTextBytes = 1 << 20
	// MaxFileNameBytes is the longest file name check_text accepts.
	MaxFileNameBytes = 1024
)

// CheckTextInput is what check_text takes.
type CheckTextInput struct {
	Text string `json:"text" jsonschema:"the text to check, at most 1 MiB: a doc, a prompt, an AGENTS.md, a tool description or a reply you are about to give"`
	File string `json:"file,omitempty" jsonschema:"the file name the text is or will be saved under, such as AGENTS.md or prompt.txt; its extension decides how the text is read and it is shown in each finding. It is a name only: nothing is opened"`
	Kind string `json:"kind,omitempty" jsonschema:"how to read the text: markdown, text (a plain prompt), go, shell, python, javascript or data (YAML, JSON, TOML); overrides the file name's extension. Default: from the file name, else markdown"`
}

// CheckReport is what check_text returns: the document that
// `recoverlint check --format json` prints, for the one text checked.
type CheckReport struct {
	Version      int             `json:"version" jsonschema:"version of this report format, 1"`
	Findings     []check.Finding `json:"findings" jsonschema:"text that recommends a forbidden recovery action, one finding per rule per line, in line order; empty when the text is clean"`
	FilesScanned int             `json:"files_scanned" jsonschema:"always 1: the text that was checked"`
	FilesSkipped int             `json:"files_skipped" jsonschema:"always 0: a text is never skipped"`
	Errors       []FileError     `json:"errors" jsonschema:"problems reading the text, such as Go source that does not parse; the findings are then those of the part that was read"`
}

// FileError is a text that was only partly read.
type FileError struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// defaultName is the file name a text of kind k is checked under when the
// caller gives no name.
func defaultName(k check.Kind) string {
	switch k {
	case check.Markdown:
		return "text.md"
	case check.Go:
		return "text.go"
	case check.Shell:
		return "text.sh"
	case check.Python:
		return "text.py"
	case check.JavaScript:
		return "text.ts"
	case check.Data:
		return "text.yaml"
	}
	return "text.txt"
}

func checkTextDef() (*mcp.Tool, error) {
	in, err := jsonschema.For[CheckTextInput](nil)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	// The limits are checked by the handler, not with maxLength: the
	// schema validator's message would repeat the whole refused text.
	out, err := jsonschema.For[CheckReport](nil)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	return &mcp.Tool{
		Name:  CheckTextTool,
		Title: "Check recovery advice",
		Description: "Checks a text for advice that recommends a forbidden MCP recovery action: " +
			"ending server processes by hand, forcing a config reload, editing env, config or session state to recover, " +
			"or bypassing the tools with raw API calls. Bans and plain mentions are not reported. " +
			"Call it before you give recovery advice or write it into a doc, prompt, AGENTS.md or tool description, and rewrite whatever it reports. " +
			"Returns the findings in the JSON shape of `recoverlint check --format json`, each with its rule, line, column and a message saying what to do instead.",
		InputSchema:  in,
		OutputSchema: out,
		Annotations:  annotations("Check recovery advice"),
	}, nil
}

func checkText(_ context.Context, _ *mcp.CallToolRequest, in CheckTextInput) (*mcp.CallToolResult, CheckReport, error) {
	name, cfg, err := checkSetup(in)
	if err != nil {
		return nil, CheckReport{}, err
	}
	rep := CheckReport{Version: 1, Findings: []check.Finding{}, FilesScanned: 1, Errors: []FileError{}}
	findings, err := check.Source(name, []byte(in.Text), cfg)
	rep.Findings = append(rep.Findings, findings...)
	if err != nil {
		rep.Errors = append(rep.Errors, FileError{Path: name, Error: err.Error()})
	}
	return nil, rep, nil
}

// checkSetup validates the input and returns the name the text is checked
// under and the checker's configuration. A refused value is described,
// never repeated.
func checkSetup(in CheckTextInput) (string, check.Config, error) {
	var cfg check.Config
	if n := len(in.Text); n > MaxTextBytes {
		return "", cfg, fmt.Errorf("text: %d bytes is over the limit of %d bytes (1 MiB); check it in parts", n, MaxTextBytes)
	}
	name := in.File
	if name != "" {
		if len(name) > MaxFileNameBytes {
			return "", cfg, fmt.Errorf("file: must be at most %d bytes", MaxFileNameBytes)
		}
		if strings.TrimSpace(name) == "" || strings.IndexFunc(name, unicode.IsControl) >= 0 {
			return "", cfg, fmt.Errorf("file: must be a file name without control characters, such as AGENTS.md")
		}
	}
	if in.Kind != "" {
		k, ok := check.ParseKind(in.Kind)
		if !ok {
			return "", cfg, fmt.Errorf("kind: unknown kind (use markdown, text, go, shell, python, javascript or data)")
		}
		cfg.Kind = &k
		if name == "" {
			name = defaultName(k)
		}
	}
	if name == "" {
		name = defaultName(check.Markdown)
	}
	return name, cfg, nil
}
