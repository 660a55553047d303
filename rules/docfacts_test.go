package rules

import (
	"maps"
	"strings"
	"testing"
)

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

// TestCreates: the files a page creates itself, by a create line naming
// them in code or by touch and mkdir, and only those: a file of the same
// name in another folder is not the page's.
func TestCreates(t *testing.T) {
	src := []byte("Create `.triage/` folder and `state.json`:\n\n" +
		"1. Initialize `.work/run/progress.json` with the first step.\n\n" +
		"```sh\ntouch /tmp/relay/ready.flag\nmkdir -p ~/.cache/relay\n```\n\n" +
		"A backup is kept in `old/state.json`.\n")
	d := NewDoc(src)
	for _, c := range []struct {
		path string
		want bool
	}{
		{"state.json", true},
		{".triage/state.json", true},
		{"./.triage/state.json", true},
		{".work/run/progress.json", true},
		{"progress.json", true},
		{"/tmp/relay/ready.flag", true},
		{"~/.cache/relay/sessions.db", true},
		{".runner/state.json", false},
		{"old/state.json", false},
		{"ready.flag.bak", false},
	} {
		if got := d.Creates(c.path); got != c.want {
			t.Errorf("Creates(%q) = %v, want %v", c.path, got, c.want)
		}
	}
	var nilDoc *DocFacts
	if nilDoc.Creates("state.json") {
		t.Error("a nil document creates nothing")
	}
}

// createdPathsByFields reads every line as createdPaths first did, with
// no test of its first word: the reference for the version that skips
// lines whose first word creates nothing.
func createdPathsByFields(src []byte) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		createdOnLine(out, line)
	}
	return out
}

func FuzzCreatedPaths(f *testing.F) {
	for _, s := range []string{
		"1. Create `~/.relay/state.json` and `run/`.\n- mkdir -p .agent/state\ntouch -m .agent/lock\n",
		"\u00a0create `x/y.json`\nCREATE\t`a/b`\nmkdir\u00a0d\ntouchy `x/y`\n",
		"Initialise `./data/`\r\ninitialize\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := createdPaths([]byte(s)), createdPathsByFields([]byte(s))
		if !maps.Equal(got, want) {
			t.Fatalf("createdPaths(%q) = %v, the reading of every line's fields gives %v", s, got, want)
		}
	})
}
