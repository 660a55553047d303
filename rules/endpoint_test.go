package rules

import "testing"

// TestEndpointTerm: an API reference entry's term is an HTTP method, a
// path and a separator; endpointTerm returns where the description
// starts, and reads only the entry's opening however long the text.
func TestEndpointTerm(t *testing.T) {
	long := "POST /x — " + string(make([]byte, 1<<20))
	for _, c := range []struct {
		text string
		want int
	}{
		{"POST /sessions/{id}/purge — Purge session data.", 30},
		{"DELETE /locks/:id: Remove a lock", 18},
		{"GET /health - Report liveness", 14},
		{long, 12},
		{"Run it now", 0},
		{"POST sessions — no path", 0},
		{"FETCH /x — not a method", 0},
		{"GET /x", 0},
		{"", 0},
	} {
		if got := endpointTerm(c.text); got != c.want {
			t.Errorf("endpointTerm(%.40q) = %d, want %d", c.text, got, c.want)
		}
	}
}
