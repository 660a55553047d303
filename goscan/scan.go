package goscan

import (
	"go/ast"
	"go/constant"
	"go/parser"
	goscanner "go/scanner"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/rules"
)

// Result is what Scan finds in one file.
type Result struct {
	Units []rules.Unit
	Calls []rules.Finding
	// Err is the parse error, if the file did not parse; Units and Calls
	// then cover what the parser recovered.
	Err error
}

// Scan parses src as Go and returns its text units and action calls.
//
// Snippets without a package clause, or with statements at the top level
// (as in docs and issue reports), are parsed inside a wrapper and their
// offsets mapped back; a file that parses in no form is scanned as far as
// the parser got and the parse error is returned.
//
// A file past heldSource is read a stretch at a time, as ScanEach reads
// it.
func Scan(src []byte, name string) Result {
	if len(src) > heldSource {
		var res Result
		res.Err = ScanEach(src, name, func(u rules.Unit) { res.Units = append(res.Units, u) },
			func(f rules.Finding) { res.Calls = append(res.Calls, f) })
		return res
	}
	return scanWhole(src, name)
}

// scanWhole parses src whole, in the first form that parses (Scan).
func scanWhole(src []byte, name string) Result {
	var best Result
	for i, w := range wrappers {
		res, perr := scanWith(src, name, w)
		if perr == nil {
			return res
		}
		if i == 0 {
			best = res
			best.Err = perr
		}
	}
	return best
}

// wrappers turn a fragment into a file; the first is the file as it is.
//
// Each head ends a line, so that a comment on the fragment's first line
// is not read as trailing the wrapper's code: it stays in the group of
// the comments below it, above the code they describe.
var wrappers = []struct{ head, tail string }{
	{"", ""},
	{"package _;\n", ""},
	{"package _; func _() {\n", "\n}"},
	{"package _; func _() {\n", "\n}}"},
	// a fragment from inside a switch or a select ("case x == y: …")
	{"package _; func _() { switch {\n", "\n}"},
	{"package _; func _() { switch {\n", "\n}}"},
	{"package _; func _() { switch {\n", "\n}}}"},
}

func scanWith(src []byte, name string, w struct{ head, tail string }) (Result, error) {
	body := src
	if w.head != "" {
		body = make([]byte, 0, len(w.head)+len(src)+len(w.tail))
		body = append(append(append(body, w.head...), src...), w.tail...)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, body, parser.ParseComments|parser.AllErrors|parser.SkipObjectResolution)
	if f == nil {
		return Result{}, err
	}
	err = withoutNewerSyntax(err)
	s := newScanner(fset, f, nil)
	s.src = src
	s.shift, s.limit = len(w.head), len(src)
	s.run(f)
	s.clip()
	return Result{Units: s.units, Calls: s.calls}, err
}

// newerSyntax are the parser's complaints about a construct it parsed
// whole but that its Go version does not allow: generic methods, which a
// newer Go accepts. The tree holds the method, body and comments
// included, so the file is read; failing it would cost every finding in a
// module that says "go 1.27" to the Go version recoverlint was built with.
var newerSyntax = []string{"method must have no type parameters"}

// withoutNewerSyntax drops newerSyntax errors from a parse error list;
// nil when none other is left.
func withoutNewerSyntax(err error) error {
	list, ok := err.(goscanner.ErrorList)
	if !ok {
		return err
	}
	var kept goscanner.ErrorList
	for _, e := range list {
		if !slices.Contains(newerSyntax, e.Msg) {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

// File scans a file that is already parsed with its comments; fset must
// hold it. Offsets in the result are byte offsets into the file's content.
//
// info, when not nil, is the type checker's record for the file's package
// (Types, Defs, Uses and Selections are read). Calls are then resolved
// through it rather than by spelling, a process is judged by where its
// value comes from, and named string constants fold into the
// concatenations that use them. With a nil info, File reads f as Scan
// reads a file that parses.
//
// src is the file's content where the caller has it, or nil: with it, a
// comment beside or directly above code is known to describe that code
// (Context.Annotates).
func File(fset *token.FileSet, f *ast.File, info *types.Info, src []byte) Result {
	s := newScanner(fset, f, info)
	s.src = src
	s.run(f)
	return Result{Units: s.units, Calls: s.calls}
}

func newScanner(fset *token.FileSet, f *ast.File, info *types.Info) *scanner {
	tf := fset.File(f.FileStart)
	if tf == nil {
		tf = fset.File(f.Pos())
	}
	name := tf.Name()
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	return &scanner{tf: tf, info: info, syntax: f, test: strings.HasSuffix(base, "_test.go"), path: name}
}

func (s *scanner) run(f *ast.File) {
	for _, cg := range f.Comments {
		s.comment(cg)
	}
	s.file(f)
}

// clip maps offsets of a wrapped fragment back to the original source and
// drops what lies in the wrapper.
func (s *scanner) clip() {
	if s.shift == 0 {
		return
	}
	units := s.units[:0]
	for _, u := range s.units {
		u.Offsets.Shift(-s.shift)
		if lo, hi, ok := u.Offsets.Bounds(); !ok || lo >= 0 && hi <= s.limit {
			units = append(units, u)
		}
	}
	s.units = units
	calls := s.calls[:0]
	for _, c := range s.calls {
		c.Start -= s.shift
		c.End -= s.shift
		if c.Start >= 0 && c.End <= s.limit {
			calls = append(calls, c)
		}
	}
	s.calls = calls
}

type scanner struct {
	tf *token.File
	// info is the type checker's record, or nil when the file is read
	// without types.
	info   *types.Info
	syntax *ast.File
	src    []byte // the original source, when known
	test   bool
	path   string
	units  []rules.Unit
	calls  []rules.Finding
	// shift is the length of the wrapper put before a fragment; limit is
	// the length of the original source.
	shift, limit int
	// assigns maps a variable or field to the values assigned to it in the
	// file; built on first use, only with type information.
	assigns map[types.Object][]ast.Expr
	// byName maps a name to the values assigned to it anywhere in the
	// file, for reading without types; built on first use.
	byName map[string][]ast.Expr
	// found holds the identifiers bound to os.FindProcess results or
	// declared *os.Process (without types), as the walk reaches them.
	found map[string]bool
}

func (s *scanner) off(p token.Pos) int { return s.tf.Offset(p) }

// comment turns a comment group into one prose unit: the markers (//, /*,
// */, leading *) are left out of the text and skipped by the offset map.
func (s *scanner) comment(cg *ast.CommentGroup) {
	var text []byte
	var offs []int
	for i, c := range cg.List {
		start := s.off(c.Pos())
		raw := c.Text
		if strings.HasPrefix(raw, "//") {
			body := raw[2:]
			if isDirective(body) {
				continue
			}
			skip := 2
			if strings.HasPrefix(body, " ") {
				skip++
			}
			if len(text) > 0 && i > 0 {
				text = append(text, '\n')
				offs = append(offs, start-1)
			}
			for j := skip; j < len(raw); j++ {
				text = append(text, raw[j])
				offs = append(offs, start+j)
			}
			continue
		}
		// block comment; the parser hands over an unterminated one as
		// it found it, without the closing marker
		body := strings.TrimSuffix(raw[2:], "*/")
		if len(text) > 0 {
			text = append(text, '\n')
			offs = append(offs, start-1)
		}
		lineStart := true
		for j := 0; j < len(body); j++ {
			c := body[j]
			if lineStart && (c == ' ' || c == '\t' || c == '*') {
				continue
			}
			lineStart = c == '\n'
			text = append(text, c)
			offs = append(offs, start+2+j)
		}
	}
	if len(text) == 0 {
		return
	}
	offs = append(offs, offs[len(offs)-1]+1)
	ctx := rules.Context{Path: s.path}
	if s.src != nil {
		ctx.Annotates = comments.Annotated(s.src, offs[0]-s.shift, offs[len(offs)-1]-s.shift)
	}
	s.units = append(s.units, rules.Unit{Kind: rules.Comment, Text: string(text), Offsets: rules.OffsetsOf(offs), Ctx: ctx})
}

// isDirective: tool directives (//go:build, //nolint, //recoverlint:ignore) are not prose.
func isDirective(body string) bool {
	return strings.HasPrefix(body, "go:") || strings.HasPrefix(body, "nolint") ||
		strings.HasPrefix(body, "recoverlint:") || strings.HasPrefix(body, "lint:") ||
		strings.HasPrefix(body, "+build") || strings.HasPrefix(body, "export ") ||
		strings.HasPrefix(body, "line ")
}

// file walks the syntax tree: string literals and constant
// concatenations that read as text become units; calls that perform an
// action become findings.
func (s *scanner) file(f *ast.File) {
	if s.found == nil {
		s.found = map[string]bool{}
	}
	found := s.found
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				if call, ok := r.(*ast.CallExpr); ok && s.findsOther(call) && i < len(n.Lhs) {
					if id, ok := n.Lhs[0].(*ast.Ident); ok {
						found[id.Name] = true
					}
				}
			}
		case *ast.Field:
			if star, ok := n.Type.(*ast.StarExpr); ok && isSel(star.X, "os", "Process") {
				for _, id := range n.Names {
					found[id.Name] = true
				}
			}
		case *ast.CallExpr:
			s.call(n, found)
		case *ast.BinaryExpr:
			if n.Op == token.ADD && s.constString(n) {
				if !inDataTable(stack) {
					s.literal(n, parent, stack)
				}
				// a constant holds no calls; its literals are read as one
				stack = stack[:len(stack)-1]
				return false
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && !inDataTable(stack) {
				s.literal(n, parent, stack)
			}
		}
		return true
	})
}

// constString reports whether e is a string constant: with types, as the
// type checker folded it; without, a chain of string literals joined by +.
func (s *scanner) constString(e ast.Expr) bool {
	if s.info != nil {
		if tv, ok := s.info.Types[e]; ok {
			return tv.Value != nil && tv.Value.Kind() == constant.String
		}
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.ParenExpr:
		return s.constString(e.X)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && s.constString(e.X) && s.constString(e.Y)
	}
	return false
}

// literal makes a text unit of a string that reads as prose held by a
// program (a hint, an error message, a prompt): one literal, or a constant
// concatenation read as the one string it is. Strings in tests, single
// words and regular expressions are data, not advice.
func (s *scanner) literal(e ast.Expr, parent ast.Node, stack []ast.Node) {
	if s.test {
		return
	}
	if call, ok := parent.(*ast.CallExpr); ok && dataCall(call) {
		return
	}
	text, offs, ok := s.constText(e)
	if !ok || !strings.ContainsAny(strings.TrimSpace(text), " \t\n") || rules.LooksRegexp(text) {
		return
	}
	s.units = append(s.units, rules.Unit{Kind: rules.StringLit, Text: text, Offsets: offs, Ctx: rules.Context{Path: s.path, Holder: holderPath(stack)}})
}

// holderPath names what holds the string atop stack, outermost first
// (rules.Context.Holder): the keys of the composite literals around it
// and the variable the expression is assigned to or declares, read
// through expressions only, up to maxHolders names.
func holderPath(stack []ast.Node) string {
	var names []string
	add := func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Ident:
			names = append(names, e.Name)
		case *ast.SelectorExpr:
			names = append(names, e.Sel.Name)
		case *ast.BasicLit:
			if v, err := strconv.Unquote(e.Value); err == nil {
				names = append(names, v)
			}
		}
	}
walk:
	for i := len(stack) - 2; i >= 0 && len(names) < maxHolders; i-- {
		switch n := stack[i].(type) {
		case *ast.KeyValueExpr:
			if n.Value == stack[i+1] {
				add(n.Key)
			}
		case *ast.ValueSpec:
			if len(n.Names) > 0 {
				add(n.Names[0])
			}
			break walk
		case *ast.AssignStmt:
			if len(n.Lhs) > 0 {
				add(n.Lhs[0])
			}
			break walk
		case *ast.FuncLit:
			break walk
		case ast.Expr:
		default:
			break walk
		}
	}
	slices.Reverse(names)
	return strings.Join(names, ".")
}

// maxHolders bounds a holder path: the names nearest a string say what
// it is; an outer one names a whole structure.
const maxHolders = 4

// constText returns the value of a string constant expression with its
// offset map. Bytes from a literal map to the source characters they come
// from; bytes of a named constant (only known with types) map to the start
// of the name that brings them in.
func (s *scanner) constText(e ast.Expr) (string, rules.Offsets, bool) {
	var parts []string // the value's pieces, joined once at the end
	var offs rules.Offsets
	last := 0 // the offset just past the value: after its last byte's source
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.ParenExpr:
			return walk(x.X)
		case *ast.BinaryExpr:
			if x.Op == token.ADD {
				return walk(x.X) && walk(x.Y)
			}
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return false
			}
			v, o, ok := decode(x.Value, s.off(x.Pos()))
			if !ok {
				return false
			}
			parts = append(parts, v)
			offs.Append(o, 0, len(v))
			last = o.At(len(v))
			return true
		}
		if s.info == nil {
			return false
		}
		tv, ok := s.info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return false
		}
		v := constant.StringVal(tv.Value)
		at := s.off(e.Pos())
		for range len(v) {
			offs.Add(at)
		}
		parts = append(parts, v)
		last = s.off(e.End())
		return true
	}
	if !walk(e) {
		return "", rules.Offsets{}, false
	}
	offs.Add(last)
	if len(parts) == 1 {
		return parts[0], offs, true // one literal: its value as decoded, not a copy
	}
	return strings.Join(parts, ""), offs, true
}

// dataCall: string arguments of these calls are patterns or test inputs.
func dataCall(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Contains", "HasPrefix", "HasSuffix", "Index", "MustCompile", "Compile", "MatchString",
		"EqualFold", "TrimPrefix", "TrimSuffix", "Count", "Fields", "Split", "Replace", "ReplaceAll":
		return true
	}
	return false
}

// decode unquotes a Go string literal, mapping every byte of the value to
// the offset of the source character (or escape) it came from.
func decode(lit string, base int) (string, rules.Offsets, bool) {
	var offs rules.Offsets
	if len(lit) < 2 {
		return "", offs, false
	}
	if lit[0] == '`' {
		body := lit[1 : len(lit)-1]
		if !strings.Contains(body, "\r") {
			// the value is the body: a view of the literal, not a copy
			offs.AddRun(base+1, len(body))
			offs.Add(base + len(lit) - 1)
			return body, offs, true
		}
		b := make([]byte, 0, len(body))
		for i := 0; i < len(body); i++ {
			if body[i] == '\r' {
				continue
			}
			b = append(b, body[i])
			offs.Add(base + 1 + i)
		}
		offs.Add(base + len(lit) - 1)
		return string(b), offs, true
	}
	body := lit[1 : len(lit)-1]
	if !strings.Contains(body, "\\") {
		// no escape: the value is the body, a view of the literal
		offs.AddRun(base+1, len(body))
		offs.Add(base + len(lit) - 1)
		return body, offs, true
	}
	var b []byte
	for i := 0; i < len(body); {
		if body[i] != '\\' {
			// a run of plain bytes at once
			j := i + 1
			for j < len(body) && body[j] != '\\' {
				j++
			}
			b = append(b, body[i:j]...)
			offs.AddRun(base+1+i, j-i)
			i = j
			continue
		}
		// find the escape's length and decode it
		j := i + 2
		switch {
		case i+1 >= len(body):
			return "", rules.Offsets{}, false
		case body[i+1] == 'x':
			j = i + 4
		case body[i+1] == 'u':
			j = i + 6
		case body[i+1] == 'U':
			j = i + 10
		case body[i+1] >= '0' && body[i+1] <= '7':
			j = i + 4
		}
		if j > len(body) {
			return "", rules.Offsets{}, false
		}
		v, _, _, err := strconv.UnquoteChar(body[i:j], '"')
		if err != nil {
			return "", rules.Offsets{}, false
		}
		var buf []byte
		if v < 0x80 || body[i+1] == 'x' || body[i+1] >= '0' && body[i+1] <= '7' {
			buf = []byte{byte(v)}
		} else {
			buf = []byte(string(v))
		}
		for range buf {
			offs.Add(base + 1 + i)
		}
		b = append(b, buf...)
		i = j
	}
	offs.Add(base + len(lit) - 1)
	return string(b), offs, true
}

func isSel(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}

// inDataTable reports whether a literal sits in a composite literal that
// holds data about the actions rather than advice: a table of patterns,
// examples, cases or banned phrases, named so by its variable, field or
// type ("forbiddenPatterns", "Examples{Recommend: …}", "cases").
func inDataTable(stack []ast.Node) bool {
	inComposite := false
	for i := len(stack) - 1; i >= 0; i-- {
		var name string
		switch n := stack[i].(type) {
		case *ast.CompositeLit:
			inComposite = true
			name = typeName(n.Type)
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				name = id.Name
			}
		case *ast.ValueSpec:
			if len(n.Names) > 0 {
				name = n.Names[0].Name
			}
			if inComposite && dataDoc(n.Doc) {
				return true
			}
		case *ast.GenDecl:
			if inComposite && dataDoc(n.Doc) {
				return true // "// Phrases the reviewer flags …" over var reloadHacks = []string{…}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) > 0 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					name = id.Name
				}
			}
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		if inComposite && name != "" && rules.DataName(name) {
			return true
		}
	}
	return false
}

// dataDoc: a declaration's doc comment opens by naming what it holds as
// data, "Phrases the reviewer flags", "Patterns that …": its first word
// is a data name.
func dataDoc(cg *ast.CommentGroup) bool {
	if cg == nil {
		return false
	}
	first, _, _ := strings.Cut(strings.TrimSpace(cg.Text()), " ")
	return first != "" && rules.DataName(strings.Trim(first, ".,:;"))
}

func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.ArrayType:
		return typeName(t.Elt)
	}
	return ""
}
