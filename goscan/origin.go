package goscan

import (
	"go/ast"
	"go/token"
	"go/types"
)

// typedCallee resolves a call through the type checker: the function or
// method object the called name refers to, wherever it was imported from
// and whatever the import is called locally.
func (s *scanner) typedCallee(c *ast.CallExpr) (fn, bool) {
	var id *ast.Ident
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return fn{}, false
	}
	obj, ok := s.info.Uses[id].(*types.Func)
	if !ok || obj.Pkg() == nil {
		return fn{}, false
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return fn{pkg: obj.Pkg().Path(), name: obj.Name()}, true
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return fn{}, false // an interface method: the value behind it is unknown
	}
	return fn{pkg: named.Obj().Pkg().Path(), recv: named.Obj().Name(), name: obj.Name()}, true
}

// origin says where a process value comes from.
type origin uint8

const (
	// unknownOrigin: a parameter, a field set elsewhere, a function's result.
	unknownOrigin origin = iota
	// byPID: os.FindProcess, a process that is not the code's own.
	byPID
	// ownChild: the Process of an exec.Cmd, or what os.StartProcess
	// returned; the code started it and may end it.
	ownChild
)

// maxOriginDepth bounds how many assignments origin follows back.
const maxOriginDepth = 8

// origin traces a *os.Process expression back through the assignments in
// the file to where the process came from.
func (s *scanner) origin(e ast.Expr, depth int) origin {
	if depth > maxOriginDepth {
		return unknownOrigin
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, ok := s.typedCallee(x)
		switch {
		case ok && f.recv == "" && f.pkg == pathOS && f.name == "FindProcess":
			if len(x.Args) == 1 && s.pidOrigin(x.Args[0], depth+1) == ownChild {
				return ownChild
			}
			return byPID
		case ok && f.recv == "" && f.pkg == pathOS && f.name == "StartProcess":
			return ownChild
		}
		return unknownOrigin
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return s.origin(x.X, depth+1)
		}
	case *ast.CompositeLit:
		// &os.Process{Pid: …}: as good as the PID it holds
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Pid" && s.pidOrigin(kv.Value, depth+1) == ownChild {
					return ownChild
				}
			}
		}
	case *ast.SelectorExpr:
		v, ok := s.info.Uses[x.Sel].(*types.Var)
		if !ok {
			return unknownOrigin
		}
		if v.IsField() && v.Pkg() != nil && v.Pkg().Path() == pathExec && v.Name() == "Process" {
			return ownChild
		}
		return s.originOf(v, depth, s.origin)
	case *ast.Ident:
		if v := s.variable(x); v != nil {
			return s.originOf(v, depth, s.origin)
		}
	}
	return unknownOrigin
}

// pidOrigin says whose process a PID names: ownChild for the program's
// own PID (os.Getpid) or the PID of a child it started (cmd.Process.Pid,
// negated for its process group), unknownOrigin otherwise. Without types
// only those spellings are recognised; with types, variables are traced.
func (s *scanner) pidOrigin(e ast.Expr, depth int) origin {
	if depth > maxOriginDepth {
		return unknownOrigin
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.SUB {
			return s.pidOrigin(x.X, depth+1)
		}
	case *ast.BinaryExpr:
		// -1 * pid, pid * -1: the process group of the same PID
		if x.Op == token.MUL && isMinusOne(x.X) {
			return s.pidOrigin(x.Y, depth+1)
		}
		if x.Op == token.MUL && isMinusOne(x.Y) {
			return s.pidOrigin(x.X, depth+1)
		}
	case *ast.CallExpr:
		if f, ok := s.callee(x); ok && f.recv == "" && f.name == "Getpid" && (f.pkg == pathOS || f.pkg == pathSyscall || f.pkg == pathUnix) {
			return ownChild
		}
		if f, ok := s.callee(x); ok && f.recv == "" && f.name == "Getpgid" && (f.pkg == pathSyscall || f.pkg == pathUnix) && len(x.Args) == 1 {
			return s.pidOrigin(x.Args[0], depth+1) // the process group of its own child
		}
	case *ast.SelectorExpr:
		if x.Sel.Name != "Pid" {
			break
		}
		if s.info == nil {
			if p, ok := x.X.(*ast.SelectorExpr); ok && p.Sel.Name == "Process" {
				return ownChild // cmd.Process.Pid
			}
			if id, ok := x.X.(*ast.Ident); ok && s.namesOwnProcess(id.Name) {
				return ownChild // p := proc.cmd.Process; … p.Pid
			}
			break
		}
		if s.origin(x.X, depth+1) == ownChild {
			return ownChild
		}
	case *ast.Ident:
		if s.info == nil {
			// without types, a name every assignment in the file gives
			// its own child's PID: pgid, err := syscall.Getpgid(cmd.Process.Pid)
			vals := s.namedAssigns()[x.Name]
			own := false
			for _, v := range vals {
				if v != nil && refersTo(v, x.Name) {
					continue // pid = -1 * pid: what it was, made a group's
				}
				if v == nil || s.pidOrigin(v, depth+1) != ownChild {
					return unknownOrigin
				}
				own = true
			}
			if own {
				return ownChild
			}
			break
		}
		if v := s.variable(x); v != nil {
			return s.originOf(v, depth, s.pidOrigin)
		}
	}
	return unknownOrigin
}

// namesOwnProcess: without types, every assignment in the file gives the
// name a child's process handle (p := proc.cmd.Process).
func (s *scanner) namesOwnProcess(name string) bool {
	vals := s.namedAssigns()[name]
	for _, v := range vals {
		sel, ok := v.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Process" {
			return false
		}
	}
	return len(vals) > 0
}

// refersTo reports whether the expression reads the name.
func refersTo(e ast.Expr, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// isMinusOne: the literal -1.
func isMinusOne(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.SUB {
		return false
	}
	b, ok := u.X.(*ast.BasicLit)
	return ok && b.Value == "1"
}

// namedAssigns maps each plain name assigned in the file (x := …, x = …,
// var x = …) to the values given it, for reading without types; built on
// first use.
func (s *scanner) namedAssigns() map[string][]ast.Expr {
	if s.byName != nil {
		return s.byName
	}
	s.byName = map[string][]ast.Expr{}
	eachNamed(s.syntax, func(name string, val ast.Expr) {
		s.byName[name] = append(s.byName[name], val)
	})
	return s.byName
}

// eachNamed calls fn with each plain name n assigns or declares and the
// value it gets (nil for a parameter, which has whatever the caller
// gives, and where eachAssigned has none).
func eachNamed(n ast.Node, fn func(name string, val ast.Expr)) {
	ast.Inspect(n, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
			for _, f := range ft.Params.List {
				for _, id := range f.Names {
					fn(id.Name, nil)
				}
			}
		}
		eachAssigned(n, true, func(l, val ast.Expr) {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name != "_" {
				fn(id.Name, val)
			}
		})
		return true
	})
}

// eachAssigned calls fn with each left side the node assigns and the
// value it gets: the right side at its place, the one call of a
// multi-value assignment for its first name (p, err := os.FindProcess(pid)),
// nil where no value can be traced (a range variable, the second result).
// A declaration without values (var x int) counts only with bare.
func eachAssigned(n ast.Node, bare bool, fn func(l, val ast.Expr)) {
	var lhs, rhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		if len(n.Values) == 0 && !bare {
			return
		}
		lhs, rhs = make([]ast.Expr, len(n.Names)), n.Values
		for i, id := range n.Names {
			lhs[i] = id
		}
	case *ast.RangeStmt:
		lhs = []ast.Expr{n.Key, n.Value}
	default:
		return
	}
	for i, l := range lhs {
		if l == nil {
			continue
		}
		var val ast.Expr
		switch {
		case len(lhs) == len(rhs):
			val = rhs[i]
		case len(rhs) == 1 && i == 0:
			val = rhs[0]
		}
		fn(l, val)
	}
}

// variable is the variable an identifier refers to, or nil.
func (s *scanner) variable(id *ast.Ident) *types.Var {
	obj := s.info.Uses[id]
	if obj == nil {
		obj = s.info.Defs[id]
	}
	v, _ := obj.(*types.Var)
	return v
}

// originOf combines the origins of every value the file assigns to a
// variable or field, each judged by of: any process found by PID makes it
// one; a variable the file never assigns (a parameter) is of unknown
// origin.
func (s *scanner) originOf(v *types.Var, depth int, of func(ast.Expr, int) origin) origin {
	values := s.assignments()[v]
	if len(values) == 0 {
		return unknownOrigin
	}
	out := ownChild
	for _, val := range values {
		o := unknownOrigin
		if val != nil {
			o = of(val, depth+1)
		}
		switch o {
		case byPID:
			return byPID
		case unknownOrigin:
			out = unknownOrigin
		}
	}
	return out
}

// assignments indexes, once per file, the values assigned to each
// variable and field: in assignments, declarations and keyed composite
// literals. A nil value stands for one that cannot be traced (the second
// result of a call, a range variable).
func (s *scanner) assignments() map[types.Object][]ast.Expr {
	if s.assigns != nil {
		return s.assigns
	}
	s.assigns = map[types.Object][]ast.Expr{}
	for _, d := range s.syntax.Decls {
		ast.Inspect(d, func(n ast.Node) bool {
			if kv, ok := n.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if v, ok := s.info.Uses[id].(*types.Var); ok && v.IsField() {
						s.assigns[v] = append(s.assigns[v], kv.Value)
					}
				}
			}
			eachAssigned(n, false, func(l, val ast.Expr) {
				if obj := s.target(l); obj != nil {
					s.assigns[obj] = append(s.assigns[obj], val)
				}
			})
			return true
		})
	}
	return s.assigns
}

// target is the variable or field an assignment's left side names.
func (s *scanner) target(l ast.Expr) types.Object {
	switch l := ast.Unparen(l).(type) {
	case *ast.Ident:
		if l.Name == "_" {
			return nil
		}
		if obj := s.info.Defs[l]; obj != nil {
			return obj
		}
		return s.info.Uses[l]
	case *ast.SelectorExpr:
		return s.info.Uses[l.Sel]
	}
	return nil
}
