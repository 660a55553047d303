package goscan_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/recoverlint/recoverlint/goscan"
	"github.com/recoverlint/recoverlint/rules"
)

// TestFileWithoutTypesIsScan: File with no type information reads a
// parsed file exactly as Scan reads its source.
func TestFileWithoutTypesIsScan(t *testing.T) {
	files, err := filepath.Glob("../analyzer/testdata/src/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files to compare (%v)", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		got := goscan.File(fset, f, nil, src)
		want := goscan.Scan(src, name)
		if want.Err != nil {
			t.Fatalf("%s: %v", name, want.Err)
		}
		if !reflect.DeepEqual(got.Units, want.Units) || !reflect.DeepEqual(got.Calls, want.Calls) {
			t.Errorf("%s: File and Scan differ\nFile: %+v %+v\nScan: %+v %+v", name, got.Units, got.Calls, want.Units, want.Calls)
		}
	}
}

// TestStringUnits: which string expressions become text units, and what
// their text is. A constant concatenation is one unit.
func TestStringUnits(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"literal", `var a = "run the bridge again"`, []string{"run the bridge again"}},
		{"raw", "var a = `two\nlines`", []string{"two\nlines"}},
		{"escapes", `var a = "tab\there \u00e9t\u00e9"`, []string{"tab\there été"}},
		{"concatenation", `var a = "if it hangs, " + "run it again"`, []string{"if it hangs, run it again"}},
		{"parenthesised", `var a = ("if it hangs, " + ("run " + "it again"))`, []string{"if it hangs, run it again"}},
		{"variable breaks the constant", `var a = "if it hangs, " + b + " run it again"`, []string{"if it hangs, ", " run it again"}},
		{"single word", `var a = "pkill"`, nil},
		{"regexp", "var a = regexp.MustCompile(`\\bpkill\\b now`)", nil},
		{"data call", `var a = strings.Contains(b, "kill -9 x")`, nil},
		{"data table", `var forbiddenPatterns = []string{"pkill -f x", "kill -9 y"}`, nil},
		{"not a string", `var a = 1 + 2`, nil},
		{"table named by its doc comment", "// Phrases the reviewer flags.\nvar reloadHacks = []string{\"touch the config to reload\"}", nil},
		{"grouped table named by its doc comment", "var (\n\t// Patterns of a forced reload.\n\treloads = []string{\"touch the config to reload\"}\n)", nil},
		{"doc comment of a message", "// Messages shown on a hang.\nvar hints = []string{\"touch the config to reload\"}", []string{"touch the config to reload"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\n" + tc.src + "\n"
			res := goscan.Scan([]byte(src), "p.go")
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			var got []string
			for _, u := range res.Units {
				if u.Kind.String() == "string" {
					got = append(got, u.Text)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("units %q, want %q", got, tc.want)
			}
			for _, u := range res.Units {
				checkOffsets(t, src, u.Text, u.Offsets.Entries())
			}
		})
	}
}

// checkOffsets: every plain byte of a unit maps to the same byte in the
// source, offsets never go backwards and stay inside the source.
func checkOffsets(t *testing.T, src, text string, offs []int) {
	t.Helper()
	if len(offs) != len(text)+1 {
		t.Fatalf("%d offsets for %d bytes", len(offs), len(text))
	}
	for i, o := range offs {
		if o < 0 || o > len(src) || i > 0 && o < offs[i-1] {
			t.Fatalf("offset %d of %q is %d: out of order or outside the source", i, text, o)
		}
		if i < len(text) && text[i] != src[o] && src[o] != '\\' && text[i] >= 0x20 && text[i] < 0x80 {
			t.Errorf("byte %d of %q is %q but maps to %q", i, text, text[i], src[o])
		}
	}
}

// TestTypedCalls: with type information, calls are resolved by what they
// call, not how it is spelled, and named constants are read.
func TestTypedCalls(t *testing.T) {
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil) // one importer: std is type-checked once
	for _, tc := range []struct {
		name, body string
		want       []string // the source text each call finding covers
	}{
		{"renamed import", `func f() { osexec.Command("pkill", "x").Run() }`, []string{"pkill"}},
		{"named program", `const p = "killall"; func f() { osexec.Command(p, "x").Run() }`, []string{"p"}},
		{"probe", `func f() { osexec.Command("kill", "-0", "1").Run() }`, nil},
		{"shell script", `func f() { osexec.Command("bash", "-c", "sleep 1; pkill -f x").Run() }`, []string{"pkill"}},
		{"not a kill", `func f() { osexec.Command("echo", "pkill").Run() }`, nil},
		{"shadowing local", `type r struct{}; func (r) Command(string, ...string) {}; func f() { exec := r{}; exec.Command("pkill") }`, nil},
		{"kill signal", `func f(pid int) { syscall.Kill(pid, syscall.SIGKILL) }`, []string{"Kill"}},
		{"zero signal constant", `const z = syscall.Signal(0); func f(pid int) { syscall.Kill(pid, z) }`, nil},
		{"found by PID", `func f(pid int) { p, _ := os.FindProcess(pid); p.Kill() }`, []string{"Kill"}},
		{"parameter", `func f(p *os.Process) { p.Signal(os.Interrupt) }`, []string{"Signal"}},
		{"own child", `func f(c *osexec.Cmd) { c.Process.Kill() }`, nil},
		{"own child via copy", `func f(c *osexec.Cmd) { p := c.Process; q := p; q.Kill() }`, nil},
		{"started", `func f() { p, _ := os.StartProcess("x", nil, nil); p.Kill() }`, nil},
		{"mixed origins", `func f(c *osexec.Cmd, pid int) { p := c.Process; p, _ = os.FindProcess(pid); p.Kill() }`, []string{"Kill"}},
		{"kill a PID", `func f(pid int) { syscall.Kill(pid, syscall.SIGTERM) }`, []string{"Kill"}},
		{"signal itself", `func f() { syscall.Kill(syscall.Getpid(), syscall.SIGHUP) }`, nil},
		{"child's group", `func f(c *osexec.Cmd) { syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }`, nil},
		{"child's PID in a variable", `func f(c *osexec.Cmd) { pid := c.Process.Pid; syscall.Kill(pid, syscall.SIGTERM) }`, nil},
		{"found itself", `func f() { p, _ := os.FindProcess(os.Getpid()); p.Signal(os.Interrupt) }`, nil},
		{"process literal of itself", `func f() { p := &os.Process{Pid: os.Getpid()}; p.Signal(os.Interrupt) }`, nil},
		{"process literal of a PID", `func f(pid int) { p := &os.Process{Pid: pid}; p.Kill() }`, []string{"Kill"}},
		{"chtimes config", `const c = "/home/u/.cursor/mcp.json"; func f(t time.Time) { os.Chtimes(c, t, t) }`, []string{"Chtimes"}},
		{"chtimes other", `const c = "/tmp/out.log"; func f(t time.Time) { os.Chtimes(c, t, t) }`, nil},
		{"remove lock", `const l = "sessions/terminal.lock"; func f() { os.Remove(l) }`, []string{"Remove"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nimport (\n\t\"os\"\n\tosexec \"os/exec\"\n\t\"syscall\"\n\t\"time\"\n)\n\n" +
				"var _ = os.Getpid\nvar _ = osexec.Command\nvar _ = syscall.Getpid\nvar _ time.Time\n\n" + tc.body + "\n"
			f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{
				Types:      map[ast.Expr]types.TypeAndValue{},
				Defs:       map[*ast.Ident]types.Object{},
				Uses:       map[*ast.Ident]types.Object{},
				Selections: map[*ast.SelectorExpr]*types.Selection{},
			}
			conf := types.Config{Importer: imp}
			if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range goscan.File(fset, f, info, nil).Calls {
				got = append(got, src[c.Start:c.End])
				if c.Rule == "" || c.Message == "" {
					t.Errorf("call finding without rule or message: %+v", c)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("calls cover %q, want %q", got, tc.want)
			}
		})
	}
}

// TestFragments: snippets from docs and issue reports parse inside a
// wrapper, and their units keep the snippet's own offsets.
func TestFragments(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"statements", "x := 1\nfmt.Println(\"if the relay hangs, run it again\")\n", "if the relay hangs, run it again"},
		{"inside a switch", "\tcase name == \"relay\":\n\t\treturn \"stop the relay first, then run it again\"\n", "stop the relay first, then run it again"},
		{"inside a switch in a loop", "\tcase n > 0:\n\t\tlog(\"if the relay hangs, run it again\")\n\t}\n", "if the relay hangs, run it again"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := goscan.Scan([]byte(tc.src), "p.go")
			if res.Err != nil {
				t.Fatalf("the fragment did not parse: %v", res.Err)
			}
			var got []string
			for _, u := range res.Units {
				got = append(got, u.Text)
				checkOffsets(t, tc.src, u.Text, u.Offsets.Entries())
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("units %q, want [%q]", got, tc.want)
			}
		})
	}
	// a fragment's first comment stays in the group above the code it
	// describes (the wrapper's code on its line made it a trailing one)
	src := "// Stopall ends every process with the given name.\n// Use it with care.\nfunc Stopall(name string) {}\n"
	res := goscan.Scan([]byte(src), "p.go")
	if len(res.Units) != 1 || res.Units[0].Ctx.Annotates != "func Stopall(name string) {}" {
		var got []string
		for _, u := range res.Units {
			got = append(got, fmt.Sprintf("%q annotates %q", u.Text, u.Ctx.Annotates))
		}
		t.Errorf("doc comment of a fragment: %v, want one unit over the func", got)
	}
	if res := goscan.Scan([]byte("case case case"), "p.go"); res.Err == nil {
		t.Error("a file that parses in no form gave no error")
	}
}

// TestOwnProcessGroupWithoutTypes: without types, a name that every
// assignment in the file gives its own child's PID, or that child's
// process group (syscall.Getpgid), is the program's own; a name that
// also takes a parameter's value is not.
func TestOwnProcessGroupWithoutTypes(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		calls      int
	}{
		{"group of its child", "pgid, _ := syscall.Getpgid(cmd.Process.Pid)\n\tsyscall.Kill(-pgid, syscall.SIGKILL)", 0},
		{"its child's pid", "pid := cmd.Process.Pid\n\tsyscall.Kill(pid, syscall.SIGTERM)", 0},
		{"group of another pid", "pgid, _ := syscall.Getpgid(other)\n\tsyscall.Kill(-pgid, syscall.SIGKILL)", 1},
		{"reassigned from a parameter", "pid := cmd.Process.Pid\n\tpid = other\n\tsyscall.Kill(pid, syscall.SIGTERM)", 1},
		// a handle named first, its PID made a group's by itself
		{"group through a named handle", "p := cmd.Process\n\tpid := p.Pid\n\tpid = -1 * pid\n\ttarget, _ := os.FindProcess(pid)\n\ttarget.Signal(syscall.SIGTERM)", 0},
		{"a pid from nowhere, made a group's", "pid := other\n\tpid = pid * -1\n\ttarget, _ := os.FindProcess(pid)\n\ttarget.Signal(syscall.SIGTERM)", 1},
		{"a pid only from itself", "var pid int\n\tpid = -1 * pid\n\tsyscall.Kill(pid, syscall.SIGTERM)", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nimport (\n\t\"os\"\n\t\"os/exec\"\n\t\"syscall\"\n)\n\nfunc stop(cmd *exec.Cmd, other int) {\n\t" + tc.body + "\n}\n\nvar _ = os.Getpid"
			res := goscan.Scan([]byte(src), "p.go")
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if len(res.Calls) != tc.calls {
				t.Errorf("%d calls, want %d: %+v", len(res.Calls), tc.calls, res.Calls)
			}
		})
	}
}

// TestGenericMethod: a method with type parameters, which Go 1.27 allows
// and this Go's parser refuses, is read like any other: no error, and the
// calls and comments inside it are found, whole and a stretch at a time.
func TestGenericMethod(t *testing.T) {
	src := "package p\n\nimport \"syscall\"\n\ntype r struct{}\n\n" +
		"// If the worker is stuck, kill it by hand.\n" +
		"func (r) stop[T any](pid int, v T) { _ = syscall.Kill(pid, syscall.SIGKILL) }\n"
	res := goscan.Scan([]byte(src), "p.go")
	if res.Err != nil {
		t.Fatalf("a generic method failed the file: %v", res.Err)
	}
	if len(res.Calls) != 1 || len(res.Units) != 1 {
		t.Errorf("got %d calls and %d units, want the Kill call and the comment", len(res.Calls), len(res.Units))
	}
	var units, calls int
	err := goscan.ScanEach([]byte(src), "p.go", func(rules.Unit) { units++ }, func(rules.Finding) { calls++ })
	if err != nil || calls != 1 || units != 1 {
		t.Errorf("ScanEach: %d calls, %d units, error %v; want 1, 1, nil", calls, units, err)
	}
	if res := goscan.Scan([]byte("package p\nfunc (r) stop[T any]( {}\n"), "p.go"); res.Err == nil {
		t.Error("a generic method with another syntax error gave no error")
	}
}
