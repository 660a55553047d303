package goscan

import (
	"go/build"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	goscanner "go/scanner"

	"github.com/recoverlint/recoverlint/internal/golden"
)

// streamCases are files whose pieces could be cut wrong: comments at
// every place a cut falls (a line comment after a statement, a doc
// comment over a declaration inside a body, a block comment over lines
// before a newline), result types with braces, statements joined by
// ';', the ';' of if, for and switch headers (one with a function
// literal in it), labels, and names bound far from where they are read: a PID
// assigned below the kill that reads it, a process found in one
// function and killed in another.
var streamCases = []string{
	"package p\n\nimport (\n\t\"os/exec\"\n\t\"syscall\"\n)\n\n// Kill the stale server if it hangs\n// then restart it\nfunc f(pid int) {\n\tx := 1 // If it hangs, restart it.\n\t// a comment\n\n\t// Phrases the reviewer flags.\n\tvar hacks = []string{\"touch the config to reload\"}\n\texec.Command(\"pkill\", \"-f\", \"srv\").Run()\n\tsyscall.Kill(pid, 9); println(\"If the MCP server hangs, run pkill -f mcp_server and retry.\")\n\t_, _ = x, hacks\n}\n",
	"package p; import \"syscall\"; func f(pid int) { println(\"If the MCP server hangs, run pkill -f mcp_server and retry.\"); syscall.Kill(pid, 9); println(\"If the MCP server hangs, run pkill -f mcp_server and retry.\"); syscall.Kill(pid, 9); }",
	"package p\nfunc f() struct{ a int } { x := 1 /* a\nb */ /* c */\n// d\ny := 2; L: ; goto L; _, _ = x, y; return struct{ a int }{} }\nfunc g() interface{ M() } { return nil }\nfunc h()\n",
	"package p\nimport (\"os\"; \"syscall\")\nfunc own() { syscall.Kill(pid, 9); pid = os.Getpid() }\nvar pid int\nfunc other(p *os.Process) { p.Kill() }\nfunc third() { q, _ := os.FindProcess(pid2); q.Signal(os.Kill) }\nvar pid2 = -pid\n",
	"package p\nimport \"os\"\nfunc f() { c := cmd.Process; c2 := c; _ = c2; syscall.Kill(c.Pid, 9); syscall.Kill(-c.Pid, 9); syscall.Kill(c.Pid*-1, 9) }\nfunc g() { c = c.Process }\n",
	"package p\n/* unterminated",
	"package p\nfunc f() { if x {\n}\n",
	"package p\nvar s = \"restart the\" +\n  \" server if it hangs\"\nfunc f() { os.Remove(\"terminal.lock\"); os.Chtimes(\".mcp.json\", t, t) }\nimport \"os\"\n",
	"// Package p.\npackage p // the package\n\n/* doc */\nconst (\n\ta = \"if it hangs, \" + \"run it again\"\n)\ntype T struct{ s string `json:\"run the thing\"` }\n",
	"exec.Command(\"sh\", \"-c\", \"pkill -f x\")",
	"// Package p.\n\n// more\npackage p\n//line other.go:40\nfunc f() { /* a */ /* b\n */ x() // c\n// d\n\n/* e */ y() }\n/*line x.go:3:4*/ // restart the server if it hangs\nvar v = 1\n",
	"package p\nfunc f() {\n\tif p, err := os.FindProcess(pid); err == nil { p.Kill() }\n\tfor i := 0; i < 3; i++ { println(\"restart the server if it hangs\") }\n\tswitch x := 1; x { case 1: syscall.Kill(pid, 9) }\n\tif f := func() struct{} { return struct{}{} }; f() == struct{}{} { x := 1; _ = x }\n\tL: for ; ; { break L }\n}\n",
}

// TestTwoReadingsSame checks that a file read in pieces of one
// declaration or statement, as a large file is read in larger pieces,
// gives the units and calls the whole reading gives, in its order.
func TestTwoReadingsSame(t *testing.T) {
	srcs := map[string][]byte{}
	for i, s := range streamCases {
		srcs[string(rune('a'+i))+".go"] = []byte(s)
	}
	for _, name := range goInputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs[name] = src
	}
	for _, d := range golden.CaseInputs(t, "../rules/testdata/cases") {
		if strings.HasSuffix(d.Name, ".go") {
			srcs[d.Key] = []byte(d.Text)
		}
	}
	for name, src := range srcs {
		for _, size := range []int{1, 200} {
			if whole, pieces := readings(src, name, size); pieces != whole {
				t.Errorf("%s: read in pieces of %d bytes:\n%s\nread whole:\n%s", name, size, golden.Diff(whole, pieces), whole)
			}
		}
	}
}

// TestLargeReadingsSame reads large files both ways at the sizes a run
// uses: Go files of the standard library past heldSource, a file of the
// case inputs and analyzer inputs joined, and those files written on one
// line.
func TestLargeReadingsSame(t *testing.T) {
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	var large []string
	for _, rel := range []string{"cmd/compile/internal/ssa/rewriteAMD64.go", "net/http/h2_bundle.go", "time/tzdata/zzipdata.go"} {
		if name := filepath.Join(build.Default.GOROOT, "src", rel); fileExists(name) {
			large = append(large, name)
		}
	}
	srcs := map[string][]byte{}
	for _, name := range large {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs[name] = src
		srcs[name+" on one line"] = oneLine(src, 40)
	}
	var joined strings.Builder
	joined.WriteString("package p\n\nimport (\n\t\"os\"\n\t\"os/exec\"\n\t\"syscall\"\n)\n")
	for joined.Len() <= 2*heldSource {
		for _, name := range goInputs(t) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			joined.Write(declarations(src))
		}
	}
	srcs["joined.go"] = []byte(joined.String())
	srcs["joined.go on one line"] = oneLine([]byte(joined.String()), 40)
	for name, src := range srcs {
		if len(src) <= heldSource {
			t.Fatalf("%s: %d bytes, not past heldSource", name, len(src))
		}
		if _, ok := split(src, stretch); !ok {
			t.Errorf("%s: not split", name)
		}
		if whole, pieces := readings(src, name, stretch); pieces != whole {
			t.Errorf("%s: read in pieces:\n%s", name, golden.Diff(whole, pieces))
		}
	}
}

// FuzzTwoReadingsSame is TestTwoReadingsSame on any input.
func FuzzTwoReadingsSame(f *testing.F) {
	for _, s := range streamCases {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../analyzer/testdata/src/*/*.go")
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if whole, pieces := readings(src, "f.go", 1); pieces != whole {
			t.Errorf("read in pieces:\n%s\nread whole:\n%s", golden.Diff(whole, pieces), whole)
		}
	})
}

// readings returns the dumps of src read whole and read in pieces of
// size bytes.
func readings(src []byte, name string, size int) (whole, pieces string) {
	dump := func(r Result) string { return golden.Dump(src, name, r.Units, r.Calls, r.Err) }
	whole = dump(scanWhole(src, name))
	held, was := heldSource, stretch
	heldSource, stretch = -1, size
	defer func() { heldSource, stretch = held, was }()
	return whole, dump(Scan(src, name))
}

// goInputs are the Go files of the analyzer's tests.
func goInputs(t testing.TB) []string {
	files, err := filepath.Glob("../analyzer/testdata/src/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go inputs (%v)", err)
	}
	return files
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// declarations returns a file's top-level declarations other than its
// imports: the source from the first such declaration on.
func declarations(src []byte) []byte {
	tf := token.NewFileSet().AddFile("", -1, len(src))
	var sc goscanner.Scanner
	sc.Init(tf, src, nil, 0)
	for {
		pos, tok, _ := sc.Scan()
		switch tok {
		case token.FUNC, token.VAR, token.CONST, token.TYPE:
			return append(src[tf.Offset(pos):len(src):len(src)], '\n')
		case token.EOF:
			return nil
		}
	}
}

// oneLine writes a Go file on one line: its tokens as they are, an
// explicit semicolon for each newline's, its first few comments (line
// comments as block comments). A comment on a long line annotates all
// the code beside it (comments.Annotated), so a long line of many
// comments takes time and memory by the square of its length.
func oneLine(src []byte, comments int) []byte {
	tf := token.NewFileSet().AddFile("", -1, len(src))
	var sc goscanner.Scanner
	sc.Init(tf, src, nil, goscanner.ScanComments)
	var b strings.Builder
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return []byte(b.String())
		}
		text := lit
		switch {
		case tok == token.SEMICOLON:
			text = ";"
		case tok == token.COMMENT && comments == 0:
			continue
		case tok == token.COMMENT && strings.HasPrefix(lit, "//"):
			if strings.Contains(lit, "*/") || strings.HasPrefix(lit, "//go:") || strings.HasPrefix(lit, "//line") {
				continue
			}
			text = "/*" + lit[2:] + "*/"
			comments--
		case tok == token.COMMENT:
			text = strings.ReplaceAll(lit, "\n", " ")
			comments--
		case lit == "":
			text = tok.String()
		case tok == token.STRING && strings.HasPrefix(lit, "`"):
			if strings.ContainsAny(lit, "\n\r") {
				text = `"` + strings.NewReplacer("\\", "\\\\", "\"", "\\\"", "\n", "\\n", "\r", "").Replace(lit[1:len(lit)-1]) + `"`
			}
		}
		b.WriteString(text)
		b.WriteByte(' ')
	}
}
