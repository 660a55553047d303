package check

import (
	"path"
	"strings"
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
)

func (k Kind) String() string {
	return [...]string{"text", "markdown", "go"}[k]
}

// ParseKind reads a kind name as the MCP server and config accept it.
func ParseKind(s string) (Kind, bool) {
	switch strings.ToLower(s) {
	case "text", "txt", "prompt", "plain":
		return Text, true
	case "markdown", "md":
		return Markdown, true
	case "go", "golang":
		return Go, true
	}
	return Text, false
}

// KindOf returns how a file of this name is read. Names that are not
// Markdown or Go read as plain text.
func KindOf(name string) Kind {
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, "\\", "/")))
	switch path.Ext(base) {
	case ".md", ".markdown", ".mdx", ".mdc", ".mdown", ".mkd":
		return Markdown
	case ".go":
		return Go
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
	switch path.Ext(base) {
	case ".md", ".markdown", ".mdx", ".mdc", ".prompt", ".txt", ".go":
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
