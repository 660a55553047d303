package formats

import (
	"strings"
	"unicode/utf8"
)

// maxLabel bounds the length in bytes of a label; longer openings are
// sentences, not labels.
const maxLabel = 80

// maxMarkerPhrase bounds the phrase after an emoji marker that still counts
// as part of the label ("❌ Wrong:", "✅ Do this instead:").
const maxMarkerPhrase = 40

// markers holds the emoji and symbols that writers put in front of good and
// bad examples. The classifier decides what each one means; the scanners
// only cut them out as labels.
const markers = "❌✅⚠⛔🚫🛑✔✖✗✘✓❎❗👎👍💀☠🔴🟢🙅⭕"

// MarkerLabel reports the label that an emoji marker opens text with: the
// marker itself, extended to a short phrase ending in ':' on the same line
// when one follows ("❌ Wrong:"). only is true when the text holds nothing
// but the label. Leading spaces are skipped; the label is returned without
// them.
func MarkerLabel(text string) (label string, only bool) {
	t := strings.TrimLeft(text, " \t")
	n := markerLen(t)
	if n == 0 {
		return "", false
	}
	end := n
	rest := t[n:]
	if line, _, _ := strings.Cut(rest, "\n"); len(line) > 0 {
		if k := strings.IndexByte(line, ':'); k >= 0 && k <= maxMarkerPhrase &&
			!strings.ContainsAny(line[:k], ".!?`") {
			end = n + k + 1
		}
	}
	label = strings.TrimRight(t[:end], " \t")
	return label, strings.TrimSpace(t[end:]) == ""
}

// markerLen returns the length of the marker t starts with, including an
// optional variation selector, or 0.
func markerLen(t string) int {
	r, n := utf8.DecodeRuneInString(t)
	if r < 0x80 || r == utf8.RuneError || !strings.ContainsRune(markers, r) {
		return 0
	}
	if r, size := utf8.DecodeRuneInString(t[n:]); r == '\uFE0F' {
		n += size
	}
	return n
}

// EmphasisLabel applies the label rules to the emphasised run that opens a
// paragraph (inner, without its markers) and the text after it (rest): the
// run is a label when it ends in ':' or is followed by one ("Bad:",
// "Don't" + ":"), or when nothing follows it and it is short enough to be
// a heading in bold ("Forbidden recovery paths"). only is true when the
// paragraph holds nothing but the label.
func EmphasisLabel(inner, rest string) (label string, only bool) {
	inner = strings.TrimSpace(inner)
	if inner == "" || len(inner) > maxLabel || strings.ContainsRune(inner, '\n') {
		return "", false
	}
	if strings.HasSuffix(inner, ":") {
		return inner, strings.TrimSpace(rest) == ""
	}
	after := strings.TrimLeft(rest, " \t")
	if strings.HasPrefix(after, ":") {
		return inner + ":", strings.TrimSpace(after[1:]) == ""
	}
	if strings.TrimSpace(rest) == "" {
		return inner, true
	}
	return "", false
}
