package check

import (
	"bytes"
	"path"
	"strings"

	"github.com/recoverlint/recoverlint/internal/formats"
)

// Kind is how a file is read.
type Kind uint8

const (
	// Text is a plain prompt file, read by paragraphs and list items.
	Text Kind = iota
	// Markdown is read with a CommonMark (GFM) parser.
	Markdown
	// Go is Go source: comments, string literals and action calls.
	Go
	// Shell is a shell script: its command lines are calls, its comments
	// and printed prose text.
	Shell
	// Python source: comments, docstrings, strings and action calls.
	Python
	// JavaScript and TypeScript source, JSX included.
	JavaScript
	// Data is YAML, JSON or TOML: string values are text, commands in
	// run: steps, scripts and command entries are shell.
	Data
)

var kindNames = [...]string{"text", "markdown", "go", "shell", "python", "javascript", "data"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Code reports whether the kind is source code or a config file, the
// kinds whose test files perform no finding.
func (k Kind) Code() bool { return k >= Go }

// ParseKind reads a kind name as the MCP server and config accept it.
func ParseKind(s string) (Kind, bool) {
	switch strings.ToLower(s) {
	case "text", "txt", "prompt", "plain":
		return Text, true
	case "markdown", "md":
		return Markdown, true
	case "go", "golang":
		return Go, true
	case "shell", "sh", "bash", "zsh":
		return Shell, true
	case "python", "py":
		return Python, true
	case "javascript", "js", "typescript", "ts":
		return JavaScript, true
	case "data", "yaml", "yml", "json", "toml":
		return Data, true
	}
	return Text, false
}

// extKinds maps file extensions to kinds.
var extKinds = map[string]Kind{
	".md": Markdown, ".markdown": Markdown, ".mdx": Markdown, ".mdc": Markdown, ".mdown": Markdown, ".mkd": Markdown,
	".go": Go,
	".sh": Shell, ".bash": Shell, ".zsh": Shell, ".ksh": Shell, ".dash": Shell,
	".py": Python, ".pyi": Python, ".pyw": Python,
	".js": JavaScript, ".mjs": JavaScript, ".cjs": JavaScript, ".jsx": JavaScript,
	".ts": JavaScript, ".mts": JavaScript, ".cts": JavaScript, ".tsx": JavaScript,
	".yaml": Data, ".yml": Data, ".json": Data, ".jsonc": Data, ".json5": Data, ".toml": Data,
}

// KindOf returns how a file of this name is read. Names that are not
// Markdown or Go read as plain text.
func KindOf(name string) Kind {
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, "\\", "/")))
	if k, ok := extKinds[path.Ext(base)]; ok {
		return k
	}
	return Text
}

// KindFor is KindOf, except that a file whose name says nothing is read by
// its #! line: a shell, Python or a JavaScript runtime.
func KindFor(name string, src []byte) Kind {
	k := KindOf(name)
	if k != Text || !bytes.HasPrefix(src, []byte("#!")) {
		return k
	}
	interp := formats.Interpreter(src)
	switch {
	case formats.IsShell(interp):
		return Shell
	case strings.HasPrefix(interp, "python"), strings.HasPrefix(interp, "pypy"):
		return Python
	case interp == "node", interp == "deno", interp == "bun", interp == "tsx", interp == "ts-node", interp == "zx":
		return JavaScript
	}
	return Text
}

// promptNames are plain prompt files scanned by default.
var promptNames = map[string]bool{
	".cursorrules": true, ".windsurfrules": true, ".clinerules": true, ".roorules": true,
	".goosehints": true, ".rules": true,
}

// Selected reports whether a file found while walking a folder is scanned
// by default, given its slash-separated path relative to the walked root.
func Selected(rel string) bool {
	rel = strings.ReplaceAll(rel, "\\", "/")
	base := strings.ToLower(path.Base(rel))
	if noise(base) {
		return false
	}
	if _, ok := extKinds[path.Ext(base)]; ok {
		return true
	}
	switch path.Ext(base) {
	case ".prompt", ".txt":
		return true
	}
	if promptNames[base] {
		return true
	}
	if strings.HasPrefix(rel, ".cursor/rules/") || strings.Contains(rel, "/.cursor/rules/") {
		return true
	}
	return false
}

// noise are files of the selected kinds that hold no advice: dependency
// lock files and minified or generated bundles.
func noise(base string) bool {
	switch base {
	case "package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "yarn.lock", "composer.lock",
		"cargo.lock", "poetry.lock", "pipfile.lock", "flake.lock", "deno.lock", "bun.lock", "go.sum",
		"packages.lock.json", "pubspec.lock", "gemfile.lock":
		return true
	}
	return strings.HasSuffix(base, ".min.js") || strings.HasSuffix(base, ".min.mjs") || strings.HasSuffix(base, ".bundle.js") ||
		strings.HasSuffix(base, ".map") || strings.HasSuffix(base, ".d.ts")
}
