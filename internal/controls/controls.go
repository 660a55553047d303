// Package controls names the runes that change what a reader sees rather
// than being seen: C0 and C1 controls, DEL, and the bidirectional
// overrides and isolates that reorder a line. The report printer escapes
// them and the reconnect builder refuses them; one predicate keeps the two
// from drifting apart.
package controls

// Is reports whether r is a C0 control (line breaks and tabs included),
// DEL, a C1 control, or a bidirectional embedding, override or isolate
// (U+202A–U+202E, U+2066–U+2069).
func Is(r rune) bool {
	return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 ||
		r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}
