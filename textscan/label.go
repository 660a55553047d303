package textscan

import (
	"strings"

	"github.com/recoverlint/recoverlint/internal/formats"
)

// emphasisLabel reads a label written with Markdown emphasis markers that
// nothing renders: "**Bad:** run x", "__Don't__: x", or a paragraph that is
// a single short emphasised phrase ("**Forbidden recovery paths**"). It
// returns the label without the markers.
func emphasisLabel(text string) (label string, only bool) {
	var delim string
	switch {
	case strings.HasPrefix(text, "**"):
		delim = "**"
	case strings.HasPrefix(text, "__"):
		delim = "__"
	case strings.HasPrefix(text, "*"):
		delim = "*"
	case strings.HasPrefix(text, "_"):
		delim = "_"
	default:
		return "", false
	}
	line, _, _ := strings.Cut(text[len(delim):], "\n")
	k := strings.Index(line, delim)
	if k <= 0 {
		return "", false
	}
	inner := line[:k]
	if inner[0] == ' ' || inner[len(inner)-1] == ' ' {
		return "", false
	}
	rest := text[len(delim)+k+len(delim):]
	return formats.EmphasisLabel(inner, rest)
}

// leadingLabel reports the label that opens a paragraph of prompt text, written
// with emphasis markers or an emoji marker, and whether the paragraph is
// nothing but that label.
func leadingLabel(text string) (string, bool) {
	t := strings.TrimLeft(text, " \t")
	if l, o := emphasisLabel(t); l != "" {
		return l, o
	}
	return formats.MarkerLabel(t)
}
