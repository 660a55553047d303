package goscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"path"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

// Import paths of the packages whose functions perform the actions.
const (
	pathExec    = "os/exec"
	pathOS      = "os"
	pathSyscall = "syscall"
	pathUnix    = "golang.org/x/sys/unix"
)

// spelled maps the usual local name of a package to its import path; it is
// how calls are resolved when there is no type information.
func spelled(name string) (string, bool) {
	switch name {
	case "exec":
		return pathExec, true
	case "os":
		return pathOS, true
	case "syscall":
		return pathSyscall, true
	case "unix":
		return pathUnix, true
	}
	return "", false
}

// fn names what a call invokes: a package-level function (pkg, name) or a
// method (recv is its receiver's type name, pkg that type's package).
type fn struct {
	pkg, recv, name string
}

// call reports a call that performs a forbidden action.
func (s *scanner) call(c *ast.CallExpr, found map[string]bool) {
	f, ok := s.callee(c)
	if !ok {
		// a runner of the code's own (exec.RunHostCommand("killall", …))
		// handed a program and its arguments
		if s.info == nil && runnerName(selName(c)) {
			s.command(c.Args, c.Ellipsis.IsValid())
		}
		return
	}
	switch {
	case f.recv == "" && f.pkg == pathExec && (f.name == "Command" || f.name == "CommandContext"):
		args := c.Args
		if f.name == "CommandContext" && len(args) > 0 {
			args = args[1:]
		}
		s.command(args, c.Ellipsis.IsValid())
	case f.recv == "" && (f.pkg == pathSyscall || f.pkg == pathUnix) && (f.name == "Kill" || f.name == "Tgkill" || f.name == "Tkill"):
		if len(c.Args) >= 2 && !s.zero(c.Args[len(c.Args)-1]) && s.pidOrigin(c.Args[0], 0) != ownChild {
			s.addNode(rules.ProcessKill, selName(c))
		}
	case f.recv == "Process" && f.pkg == pathOS && (f.name == "Kill" && len(c.Args) == 0 || f.name == "Signal" && len(c.Args) == 1):
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		if s.info == nil && !s.foundByPID(sel.X, found) || s.info != nil && s.origin(sel.X, 0) == ownChild {
			return
		}
		if f.name == "Signal" && s.zero(c.Args[0]) {
			return
		}
		s.addNode(rules.ProcessKill, sel.Sel)
	case f.recv == "" && f.pkg == pathOS && f.name == "Chtimes",
		f.recv == "" && (f.pkg == pathUnix || f.pkg == pathSyscall) && (f.name == "Utimes" || f.name == "UtimesNano" || f.name == "Lutimes" || f.name == "Utime"):
		if len(c.Args) > 0 && s.namesWatchedFile(c.Args[0]) {
			s.addNode(rules.MtimeReload, selName(c))
		}
	case f.recv == "" && f.pkg == pathUnix && f.name == "UtimesNanoAt":
		// UtimesNanoAt(dirfd, path, times, flags)
		if len(c.Args) > 1 && s.namesWatchedFile(c.Args[1]) {
			s.addNode(rules.MtimeReload, selName(c))
		}
	case f.recv == "" && f.pkg == pathOS && (f.name == "Remove" || f.name == "RemoveAll"):
		if len(c.Args) == 1 && s.namesState(c.Args[0]) {
			s.addNode(rules.SessionStateEdit, selName(c))
		}
	case s.info == nil && runnerName(selName(c)):
		// without types, a wrapper of exec named for running a command
		// (exec.RunHostCommand("killall", name)); with types the callee is
		// known, and a look-alike method runs nothing
		s.command(c.Args, c.Ellipsis.IsValid())
	}
}

// callee resolves what a call invokes: through the type checker when the
// file has types, otherwise by the spelling of pkg.Name. Without types,
// x.Kill() and x.Signal(sig) on anything that is not a package are taken
// as methods of *os.Process; foundByPID then decides.
func (s *scanner) callee(c *ast.CallExpr) (fn, bool) {
	if s.info != nil {
		return s.typedCallee(c)
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return fn{}, false
	}
	if id, ok := sel.X.(*ast.Ident); ok {
		if p, ok := spelled(id.Name); ok {
			return fn{pkg: p, name: sel.Sel.Name}, true
		}
	}
	if sel.Sel.Name == "Kill" || sel.Sel.Name == "Signal" {
		return fn{pkg: pathOS, recv: "Process", name: sel.Sel.Name}, true
	}
	return fn{}, false
}

// runnerName: the called function is named for running a command.
func runnerName(n ast.Node) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return false
	}
	l := strings.ToLower(id.Name)
	for _, w := range []string{"run", "exec", "spawn", "command", "shell", "system"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// selName is the identifier that names the called function, where a call
// finding is placed (Kill in syscall.Kill).
func selName(c *ast.CallExpr) ast.Node {
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return f.X
	}
	return c.Fun
}

func (s *scanner) addNode(r *rules.Rule, n ast.Node) {
	s.add(r, n.Pos(), n.End())
}

func (s *scanner) add(r *rules.Rule, start, end token.Pos) {
	s.addOff(r, s.off(start), s.off(end))
}

func (s *scanner) addOff(r *rules.Rule, start, end int) {
	s.calls = append(s.calls, rules.Finding{Rule: r.ID, Start: start, End: end, Message: r.Message})
}

// shell reports whether a program runs its -c argument as a script (cmd
// runs what follows /c, and is handled apart).
func shell(base string) bool {
	switch base {
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "busybox":
		return true
	}
	return false
}

// command checks the arguments of exec.Command: a kill-family program, or
// a shell whose script runs one (or touches a config, or deletes a lock).
// The finding sits on the program's name, or on the command in the script.
func (s *scanner) command(args []ast.Expr, ellipsis bool) {
	if len(args) == 0 {
		return
	}
	prog, ok := s.str(args[0])
	if !ok {
		return
	}
	rest := args[1:]
	if ellipsis && len(rest) > 0 {
		if cl, ok := ast.Unparen(rest[len(rest)-1]).(*ast.CompositeLit); ok {
			rest = append(rest[:len(rest)-1:len(rest)-1], cl.Elts...)
		} else {
			rest = rest[:len(rest)-1]
		}
	}
	var vals []string
	var exprs []ast.Expr
	for _, a := range rest {
		if v, ok := s.str(a); ok {
			vals = append(vals, v)
			exprs = append(exprs, a)
		}
	}
	if rules.KillProgram(prog, vals) {
		s.addSpan(rules.ProcessKill, args[0])
		return
	}
	base := strings.TrimSuffix(strings.ToLower(path.Base(strings.ReplaceAll(prog, "\\", "/"))), ".exe")
	for i, v := range vals {
		shellC := shell(base) && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "c")
		cmdC := base == "cmd" && (strings.EqualFold(v, "/c") || strings.EqualFold(v, "/k"))
		if (shellC || cmdC) && i+1 < len(vals) {
			s.script(exprs[i+1], vals[i+1])
			return
		}
	}
}

// script classifies the script a shell is asked to run as the shell code
// it is; every action it names is performed.
func (s *scanner) script(e ast.Expr, text string) {
	if !rules.MayMatch(text) {
		return
	}
	var offs rules.Offsets
	if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok {
		if v, o, ok := decode(lit.Value, s.off(lit.Pos())); ok && v == text {
			offs = o
		}
	}
	if offs.Len() == 0 {
		at := s.off(e.Pos())
		for range len(text) + 1 {
			offs.Add(at)
		}
	}
	u := rules.Unit{Kind: rules.CodeBlock, Text: text, Offsets: offs, Ctx: rules.Context{Info: "sh", Path: s.path}}
	// the actions a script run by the code performs
	scriptRules := []*rules.Rule{rules.ProcessKill, rules.MtimeReload, rules.SessionStateEdit}
	for _, f := range rules.Classify(u, scriptRules) {
		if r := rules.ByID(f.Rule); r != nil {
			s.addOff(r, f.Start, f.End)
		}
	}
}

// addSpan places a finding on a string argument: inside the quotes of a
// literal, or on the whole expression (a named constant).
func (s *scanner) addSpan(r *rules.Rule, e ast.Expr) {
	if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok && lit.Kind == token.STRING && lit.End()-lit.Pos() >= 2 {
		s.add(r, lit.Pos()+1, lit.End()-1)
		return
	}
	s.add(r, e.Pos(), e.End())
}

// str returns the value of a string constant: as the type checker folded
// it, or a literal without types.
func (s *scanner) str(e ast.Expr) (string, bool) {
	if s.info != nil {
		if tv, ok := s.info.Types[e]; ok {
			if tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), true
			}
			return "", false
		}
	}
	if text, _, ok := s.constText(e); ok {
		return text, true
	}
	return "", false
}

// zero reports whether a signal argument is 0, which checks that a
// process exists and sends nothing.
func (s *scanner) zero(e ast.Expr) bool {
	if s.info != nil {
		if tv, ok := s.info.Types[e]; ok {
			return tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
		}
	}
	return zeroSignal(e)
}

// foundByPID: without types, the receiver is a process found by PID
// (os.FindProcess of a PID not its own) or declared as *os.Process;
// cmd.Process of an exec.Cmd the code started is its own child and is
// left alone.
func (s *scanner) foundByPID(x ast.Expr, found map[string]bool) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return found[x.Name]
	case *ast.CallExpr:
		return s.findsOther(x)
	}
	return false
}

// findsOther: the call is os.FindProcess of a PID that is not the
// program's own or its child's (spelled, without types).
func (s *scanner) findsOther(c *ast.CallExpr) bool {
	return isSel(c.Fun, "os", "FindProcess") && (len(c.Args) != 1 || s.pidOrigin(c.Args[0], 0) != ownChild)
}

// zeroSignal: signal 0 checks that a process exists and sends nothing.
func zeroSignal(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Value == "0"
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			return zeroSignal(e.Args[0])
		}
	case *ast.ParenExpr:
		return zeroSignal(e.X)
	}
	return false
}

// namesWatchedFile: the path expression names a config, env or state file,
// by its constant value, a literal in it, or a variable name such as
// configPath.
func (s *scanner) namesWatchedFile(e ast.Expr) bool {
	if v, ok := s.str(e); ok {
		return rules.IsWatchedPath(v)
	}
	hit := false
	ast.Inspect(e, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if hit || !ok {
			return !hit
		}
		if v, ok := s.str(x); ok {
			hit = rules.IsWatchedPath(v)
			return false
		}
		if id, ok := x.(*ast.Ident); ok {
			hit = rules.NamesWatchedFile(id.Name)
		}
		return !hit
	})
	return hit
}

// namesState: the path expression names session state (terminal.lock,
// heartbeat, sessions/) by its constant value or a constant in it.
func (s *scanner) namesState(e ast.Expr) bool {
	hit := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !hit {
			if v, ok := s.str(x); ok {
				hit = rules.CodeEditsState(v, s.path, nil)
				return false
			}
		}
		return !hit
	})
	return hit
}
