package rules

import "testing"

// TestOpeningFailure: a headless document that opens on a failure that
// happened is about it; a heading first, a failure named as a topic, or
// a later paragraph does not count.
func TestOpeningFailure(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"thread question", "**dana** opened:\nThe editor will not connect, it only shows \"Client closed\".\n\n**maintainer** replied:\nSet the path.", true},
		{"quoted question", "> I can't connect to the server, it says \"Client closed\".\n\nRun `which bunx`.", true},
		{"front matter first", "---\ntitle: x\n---\n\nThe relay hangs on start.\n", true},
		{"heading first", "# Client closed\n\nThe editor will not connect.\n", false},
		{"failure as a topic", "Relay is a server that reports network errors and exceptions.\n", false},
		{"failure in a later paragraph", "Relay is a small server.\n\nIt hangs when the disk is full.\n", false},
		{"code first", "```\nconnection closed\n```\n", false},
		{"empty", "", false},
		{"shut down is no failure", "The relay shuts down cleanly when the client exits.\n", false},
		{"a closed issue is no failure", "Closed as a duplicate of #12.\n", false},
	} {
		if got := OpeningFailure([]byte(tc.src)); got != tc.want {
			t.Errorf("%s: OpeningFailure = %v, want %v", tc.name, got, tc.want)
		}
	}
}
