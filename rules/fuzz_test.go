package rules

import (
	"testing"
	"unicode/utf8"
)

// FuzzClassify feeds arbitrary text to the classifier as every unit kind:
// it must not panic, and every finding must point inside the text with
// Start <= End.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"Run `pkill -f bridge` and retry.",
		"Never run pkill; instead `killall x`.",
		"p\u200bkill ｐｋｉｌｌ pk''ill p\\kill",
		"# Kill the stale process\nlsof -ti :1 | xargs kill -9 \\\n  now",
		"Don't forget to delete `~/.x/terminal.lock`.",
		"If the tool fails, curl the API directly.",
		"touch -m ~/.codex/config.toml",
		"\xff\xfe`\x00kill",
		"",
	} {
		f.Add(s, uint8(0))
	}
	// a block with no info string opening on a Python-like import, in a
	// failure: it panicked on the info string's first field
	f.Add("from relay_mcp.compat import X\nprint(\"FAILED\")", uint8(CodeBlock))
	f.Fuzz(func(t *testing.T, text string, kind uint8) {
		u := NewUnit(Kind(kind%6), []byte(text), 0, len(text), Context{Headings: []string{"Troubleshooting"}})
		// mark every other backtick pair as an inline code span
		open := -1
		for i := 0; i < len(text); i++ {
			if text[i] == '`' {
				if open >= 0 {
					u.Code = append(u.Code, Span{Start: open, End: i})
					open = -1
				} else {
					open = i + 1
				}
			}
		}
		for _, fd := range Classify(u, All) {
			if fd.Start < 0 || fd.End > len(text) || fd.Start > fd.End {
				t.Fatalf("finding %+v outside text of %d bytes", fd, len(text))
			}
		}
		_ = Explain(u, All)
		if utf8.ValidString(text) {
			_ = MayMatch(text)
		}
	})
}

// FuzzFold checks the offset map of the normaliser: one entry per output
// byte plus the end, non-decreasing, inside the input.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"pk''ill", "ＰＫＩＬＬ", "t\u200bouch", "рkill", "a\\b", "\xff", "𝐤𝐢𝐥𝐥"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fd := fold(s)
		if fd.back.Len() != len(fd.s)+1 {
			t.Fatalf("back has %d entries for %d bytes", fd.back.Len(), len(fd.s))
		}
		prev := 0
		for i, b := range fd.back.Entries() {
			if b < prev || b > len(s) {
				t.Fatalf("back[%d] = %d after %d (input %d bytes)", i, b, prev, len(s))
			}
			prev = b
		}
	})
}
