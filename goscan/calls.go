package goscan

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

// call reports a call that performs a forbidden action.
func (s *scanner) call(c *ast.CallExpr, found map[string]bool) {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	pkg := ""
	if id, ok := sel.X.(*ast.Ident); ok {
		pkg = id.Name
	}
	name := sel.Sel.Name
	switch {
	case pkg == "exec" && (name == "Command" || name == "CommandContext"):
		args := c.Args
		if name == "CommandContext" && len(args) > 0 {
			args = args[1:]
		}
		if len(args) == 0 {
			return
		}
		prog, ok := stringArg(args[0])
		if !ok {
			return
		}
		var rest []string
		for _, a := range args[1:] {
			if v, ok := stringArg(a); ok {
				rest = append(rest, v)
			}
		}
		if rules.KillProgram(prog, rest) {
			s.add(rules.ProcessKill, args[0].Pos()+1, args[0].End()-1)
		}
	case (pkg == "syscall" || pkg == "unix") && (name == "Kill" || name == "Tgkill" || name == "Tkill"):
		if len(c.Args) >= 2 && !zeroSignal(c.Args[len(c.Args)-1]) {
			s.add(rules.ProcessKill, sel.Sel.Pos(), sel.Sel.End())
		}
	case name == "Kill" && len(c.Args) == 0 || name == "Signal" && len(c.Args) == 1:
		if !foundByPID(sel.X, found) {
			return
		}
		if name == "Signal" && zeroSignal(c.Args[0]) {
			return
		}
		s.add(rules.ProcessKill, sel.Sel.Pos(), sel.Sel.End())
	case pkg == "os" && name == "Chtimes", pkg == "unix" && (name == "Utimes" || name == "UtimesNano" || name == "UtimesNanoAt" || name == "Lutimes"):
		if len(c.Args) > 0 && namesWatchedFile(c.Args[0]) {
			s.add(rules.MtimeReload, sel.Sel.Pos(), sel.Sel.End())
		}
	case pkg == "os" && (name == "Remove" || name == "RemoveAll"):
		if len(c.Args) == 1 && namesState(c.Args[0]) {
			s.add(rules.SessionStateEdit, sel.Sel.Pos(), sel.Sel.End())
		}
	}
}

func (s *scanner) add(r *rules.Rule, start, end token.Pos) {
	s.calls = append(s.calls, rules.Finding{Rule: r.ID, Start: s.off(start), End: s.off(end), Message: r.Message})
}

// foundByPID: the receiver is a process found by PID (os.FindProcess) or
// declared as *os.Process; cmd.Process of an exec.Cmd the code started is
// its own child and is left alone.
func foundByPID(x ast.Expr, found map[string]bool) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return found[x.Name]
	case *ast.CallExpr:
		return isSel(x.Fun, "os", "FindProcess")
	}
	return false
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
// by a literal or by a variable name such as configPath.
func namesWatchedFile(e ast.Expr) bool {
	hit := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if v, ok := stringArg(n); ok && (rules.IsConfigPath(v) || rules.IsEnvPath(v) || rules.IsStatePath(v)) {
				hit = true
			}
		case *ast.Ident:
			l := strings.ToLower(n.Name)
			if strings.Contains(l, "config") || strings.Contains(l, "cfg") || strings.Contains(l, "settings") || l == "envfile" || strings.Contains(l, "dotenv") {
				hit = true
			}
		}
		return !hit
	})
	return hit
}

// namesState: the path expression contains a literal that names session
// state (terminal.lock, heartbeat, sessions/).
func namesState(e ast.Expr) bool {
	hit := false
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			if v, ok := stringArg(lit); ok && rules.IsStatePath(v) {
				hit = true
			}
		}
		return !hit
	})
	return hit
}
