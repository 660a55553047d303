package goscan

import (
	"bytes"
	"go/ast"
	"go/parser"
	goscanner "go/scanner"
	"go/token"
	"go/types"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

// heldSource is the size of the largest file parsed whole: go/parser's
// syntax tree takes some twenty bytes for each byte of source. stretch
// is about how many bytes of a larger file are parsed at once.
// Variables, so that tests can read small files in stretches of one
// declaration or statement.
var (
	heldSource = 256 << 10
	stretch    = 64 << 10
)

// maxKeptBuffer is the largest stretch buffer kept for the next stretch.
const maxKeptBuffer = 1 << 20

// ScanEach passes the units and the calls Scan finds to unit and call,
// and returns Scan's error. A file up to heldSource is parsed whole, as
// Scan parses it, and its units and calls are passed in Scan's order.
//
// A larger file that go/scanner reads as a package clause and top-level
// declarations is parsed a stretch at a time, each stretch's syntax tree
// dropped once read, so that what is held does not grow with the file.
// A stretch is a run of whole declarations, or, in a function past the
// stretch size, a run of whole statements of its body, parsed inside a
// function of its own; each is parsed after a package clause of its own,
// its offsets mapped back. The file is parsed twice: the first reading
// checks that every stretch parses and gathers what each name is
// assigned anywhere in the file (namedAssigns), the second reads the
// strings and calls, after go/scanner has read the comments; units and
// calls are passed in the order a whole reading passes them. A
// file that does not split so, or a stretch of which does not parse, is
// parsed whole as Scan parses it (a broken file, whose reading depends on
// how the parser recovers).
func ScanEach(src []byte, name string, unit func(rules.Unit), call func(rules.Finding)) error {
	if len(src) > heldSource {
		if ps, ok := split(src, stretch); ok && len(ps) > 1 {
			st := &stream{src: src, name: name}
			if st.bind(ps) {
				st.read(ps, unit, call)
				return nil
			}
		}
	}
	res := scanWhole(src, name)
	eachUnit(res.Units, unit)
	for _, c := range res.Calls {
		call(c)
	}
	return res.Err
}

// eachUnit passes the units to unit, dropping each from the slice once
// passed.
func eachUnit(units []rules.Unit, unit func(rules.Unit)) {
	for i := range units {
		u := units[i]
		units[i] = rules.Unit{}
		unit(u)
	}
}

// piece is a stretch of the source parsed on its own: src[start:end].
type piece struct {
	start, end int
	// inBody: the stretch begins inside a function's body, and is read
	// as statements of a function of its own; closes: it ends inside
	// one, and a closing brace is added.
	inBody, closes bool
}

// split cuts src into pieces of about size bytes at the ends of top-level
// declarations and, inside a function's body, at the ends of the body's
// own statements (not at the ';' in the header of an if, a for or a
// switch). The cuts are where a whole reading's parser finds
// those semicolons (a newline's just before it), so that every comment
// falls in the same group and beside the same tokens either way. It
// reports false where the tokens are not a package clause and top-level
// declarations as a file that parses has them: go/scanner reports an
// error, a bracket does not close or closes another's, an import follows
// other declarations, a declaration opens with another token.
func split(src []byte, size int) ([]piece, bool) {
	tf := token.NewFileSet().AddFile("", -1, len(src))
	bad := false
	var sc goscanner.Scanner
	sc.Init(tf, src, func(token.Position, string) { bad = true }, goscanner.ScanComments)
	lastEnd := 0 // the end of the last block comment
	scan := func() (int, token.Token, string) {
		for {
			pos, tok, lit := sc.Scan()
			o := tf.Offset(pos)
			if tok != token.COMMENT {
				return o, tok, lit
			}
			if strings.HasPrefix(lit, "//line ") || strings.HasPrefix(lit, "/*line ") {
				bad = true // a line directive renumbers the lines the parser groups comments by
			}
			if strings.HasPrefix(lit, "/*") {
				if k := bytes.Index(src[o+2:], []byte("*/")); k >= 0 {
					lastEnd = o + 2 + k + 2
				}
			}
		}
	}
	if _, tok, _ := scan(); tok != token.PACKAGE || bad {
		return nil, false
	}
	if _, tok, _ := scan(); tok != token.IDENT || bad {
		return nil, false
	}
	var (
		ps            []piece
		stack         []byte // the brackets open: ( [ { and B for a function's body
		start         int
		inBody        bool
		declStart     bool        // the next token opens a top-level declaration
		header        bool        // in a function declaration, before its body
		clause        bool        // in the header of an if, for or switch of the body, whose ';' end no statement
		funcLit       bool        // in that header, a function literal's body is to open
		others        bool        // a declaration other than an import has been read
		prev          token.Token // the token before
		needSemicolon = true      // the package clause's
	)
	for {
		o, tok, lit := scan()
		if bad {
			return nil, false
		}
		if needSemicolon {
			if tok != token.SEMICOLON {
				return nil, false
			}
			needSemicolon = false
		}
		if declStart {
			declStart = false
			switch tok {
			case token.EOF:
			case token.IMPORT:
				if others {
					return nil, false
				}
			case token.FUNC:
				header, others = true, true
			case token.CONST, token.VAR, token.TYPE:
				others = true
			default:
				return nil, false
			}
		}
		inBodyTop := len(stack) == 1 && stack[0] == 'B'
		switch tok {
		case token.IF, token.FOR, token.SWITCH:
			if inBodyTop {
				clause = true
			}
		case token.FUNC:
			if inBodyTop && clause {
				funcLit = true
			}
		case token.EOF:
			if len(stack) > 0 {
				return nil, false
			}
			if start < len(src) {
				ps = append(ps, piece{start: start, end: len(src), inBody: inBody})
			}
			return ps, true
		case token.LPAREN:
			stack = append(stack, '(')
		case token.LBRACK:
			stack = append(stack, '[')
		case token.LBRACE:
			k := byte('{')
			if header && len(stack) == 0 && prev != token.STRUCT && prev != token.INTERFACE {
				k, header = 'B', false
			}
			if inBodyTop && clause && prev != token.STRUCT && prev != token.INTERFACE {
				if funcLit {
					funcLit = false
				} else {
					clause = false // the statement's block
				}
			}
			stack = append(stack, k)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(stack) == 0 {
				return nil, false
			}
			want := byte('(')
			switch tok {
			case token.RBRACK:
				want = '['
			case token.RBRACE:
				want = '{'
			}
			if top := stack[len(stack)-1]; top != want && (top != 'B' || want != '{') {
				return nil, false
			}
			stack = stack[:len(stack)-1]
		case token.SEMICOLON:
			top := len(stack) == 0
			if top {
				declStart, header = true, false
			}
			cut := o + 1
			if lit == "\n" {
				cut = o
				if o < lastEnd {
					break // placed in the block comment before: no cut here
				}
			}
			switch {
			case cut-start < size:
			case top:
				ps = append(ps, piece{start: start, end: cut, inBody: inBody})
				start, inBody = cut, false
			case inBodyTop && !clause:
				ps = append(ps, piece{start: start, end: cut, inBody: inBody, closes: true})
				start, inBody = cut, true
			}
		}
		prev = tok
	}
}

// stream is the state of one file read in pieces: what the whole
// reading gathers from the whole file before it walks, and what its walk
// carries from one declaration to the next.
type stream struct {
	src  []byte
	name string
	buf  []byte
	// byName: the values of each plain name, as namedAssigns gathers
	// them, with those that decide nothing left out (bindings).
	byName map[string][]ast.Expr
	seen   map[string]map[string]bool // per name, the values kept, spelled
	found  map[string]bool
}

// parse parses one piece, after a package clause of its own where it
// does not open the file; shift is how far its offsets sit past the
// source's.
func (st *stream) parse(p piece) (f *ast.File, fset *token.FileSet, shift int, err error) {
	body := st.src[:p.end]
	if p.start > 0 || p.closes {
		head := ""
		if p.start > 0 {
			head = "package _;"
			if p.inBody {
				head += " func _() {"
			}
		}
		b := append(st.buf[:0], head...)
		b = append(b, st.src[p.start:p.end]...)
		if p.closes {
			b = append(b, "\n}"...)
		}
		body, shift = b, len(head)-p.start
		if st.buf = b; cap(b) > maxKeptBuffer {
			st.buf = nil
		}
	}
	fset = token.NewFileSet()
	f, err = parser.ParseFile(fset, st.name, body, parser.ParseComments|parser.AllErrors|parser.SkipObjectResolution)
	return f, fset, shift, withoutNewerSyntax(err)
}

// bind is the first reading: it reports whether every piece parses, and
// gathers the values each name is assigned.
func (st *stream) bind(ps []piece) bool {
	st.byName = map[string][]ast.Expr{}
	st.seen = map[string]map[string]bool{}
	for _, p := range ps {
		f, _, _, err := st.parse(p)
		if err != nil || f == nil {
			return false
		}
		eachNamed(f, st.bindName)
	}
	st.seen = nil
	return true
}

// bindName keeps a value of a name as namedAssigns would, unless it
// changes nothing that is read of the name's values: pidOrigin and
// namesOwnProcess read a name whose values include one that is nil
// (untraced), or could never be a PID of the code's own nor a child's
// handle, as the same as one whose only value is nil; and values spelled
// the same are read the same, so one of them is kept. What is kept then
// grows with the names and the spellings of their values, not with the
// file.
func (st *stream) bindName(name string, val ast.Expr) {
	vals := st.byName[name]
	if len(vals) == 1 && vals[0] == nil {
		return // settled: nothing traced
	}
	self := val != nil && refersTo(val, name)
	var key string
	switch {
	case val == nil || !self && !ownProcessForm(val) && !ownPIDForm(val):
		st.byName[name] = []ast.Expr{nil}
		delete(st.seen, name)
		return
	case self && ownProcessForm(val):
		key = "self, a process" // read past by pidOrigin, and as a handle by namesOwnProcess
	case self:
		key = "self" // read past by pidOrigin, and as no handle by namesOwnProcess
	default:
		key = types.ExprString(val)
	}
	seen := st.seen[name]
	if seen == nil {
		seen = map[string]bool{}
		st.seen[name] = seen
	}
	if !seen[key] {
		seen[key] = true
		st.byName[name] = append(vals, val)
	}
}

// ownProcessForm: namesOwnProcess can take the value for a child's
// handle (p := proc.cmd.Process).
func ownProcessForm(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Process"
}

// ownPIDForm: pidOrigin, without types, can find the value a PID of the
// code's own or its child's, at some depth and given some values of the
// names it reads; any other value it finds of unknown origin.
func ownPIDForm(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.SUB && ownPIDForm(x.X)
	case *ast.BinaryExpr:
		return x.Op == token.MUL && (isMinusOne(x.X) && ownPIDForm(x.Y) || isMinusOne(x.Y) && ownPIDForm(x.X))
	case *ast.CallExpr:
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if _, ok := sel.X.(*ast.Ident); !ok {
			return false
		}
		return sel.Sel.Name == "Getpid" || sel.Sel.Name == "Getpgid" && len(x.Args) == 1 && ownPIDForm(x.Args[0])
	case *ast.SelectorExpr:
		if x.Sel.Name != "Pid" {
			return false
		}
		if p, ok := x.X.(*ast.SelectorExpr); ok && p.Sel.Name == "Process" {
			return true
		}
		_, ok := x.X.(*ast.Ident)
		return ok
	case *ast.Ident:
		return true
	}
	return false
}

// read is the second reading: the file's comments, then each piece's
// strings and calls, passed on as they are read, in the order a whole
// reading passes them.
func (st *stream) read(ps []piece, unit func(rules.Unit), call func(rules.Finding)) {
	st.comments(func(s *scanner, cg *ast.CommentGroup) {
		s.comment(cg)
		eachUnit(s.units, unit)
		s.units = s.units[:0]
	})
	st.found = map[string]bool{}
	for _, p := range ps {
		f, fset, shift, _ := st.parse(p)
		s := newScanner(fset, f, nil)
		s.src = st.src
		s.shift, s.limit = shift, len(st.src)
		s.byName, s.found = st.byName, st.found
		s.file(f)
		s.clip()
		eachUnit(s.units, unit)
		for _, c := range s.calls {
			call(c)
		}
	}
}

// comments passes each comment group of the file to fn as go/parser
// groups them (its parser.next and consumeCommentGroup): a comment on the
// line of the token before it opens a group of the comments on that line;
// the others group with those on the lines just below them. It reads the
// tokens with go/scanner only, one group held at a time.
func (st *stream) comments(fn func(s *scanner, cg *ast.CommentGroup)) {
	tf := token.NewFileSet().AddFile(st.name, -1, len(st.src))
	s := &scanner{tf: tf, src: st.src, path: st.name}
	var sc goscanner.Scanner
	sc.Init(tf, st.src, nil, goscanner.ScanComments)
	pos, tok, lit := sc.Scan()
	group := func(n int) {
		var list []*ast.Comment
		end := tf.Line(pos)
		for tok == token.COMMENT && tf.Line(pos) <= end+n {
			end = tf.Line(pos)
			if lit[1] == '*' {
				end += strings.Count(lit, "\n")
			}
			list = append(list, &ast.Comment{Slash: pos, Text: lit})
			pos, tok, lit = sc.Scan()
		}
		fn(s, &ast.CommentGroup{List: list})
	}
	prev := token.NoPos
	for tok != token.EOF {
		if tok != token.COMMENT {
			prev = pos
			pos, tok, lit = sc.Scan()
			continue
		}
		if tf.Line(pos) == tf.Line(prev) {
			group(0)
		}
		for tok == token.COMMENT {
			group(1)
		}
	}
}
