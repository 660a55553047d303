package restart

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/recoverlint/recoverlint/internal/shown"
	"go/token"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DecodeError is an inventory that could not be read: malformed JSON, an
// unknown or repeated field, a value of the wrong type or an invalid value.
// Line and Column are 1-based; Column counts bytes.
type DecodeError struct {
	Line   int
	Column int
	// Path names the value, such as "sessions[2].pid"; empty for the
	// document itself.
	Path string
	Msg  string
}

func (e *DecodeError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s: %s", e.Line, e.Column, e.Path, e.Msg)
}

// Decode reads one inventory from strict JSON: the document must be a
// single object, field names must match exactly, no field may repeat, null
// is accepted only where a value is optional, integers must be whole and
// timestamps RFC 3339. Every error is a *DecodeError.
func Decode(data []byte) (Inventory, error) {
	var inv Inventory
	d := decoder{data: data, pos: map[string]int{}}
	d.file = token.NewFileSet().AddFile("", -1, len(data))
	d.file.SetLinesForContent(data)

	// The standard scanner checks the syntax of the whole input first, so
	// the token walk below never meets malformed JSON.
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return inv, d.syntaxError(err)
	}
	d.dec = json.NewDecoder(bytes.NewReader(data))
	d.dec.UseNumber()
	if err := d.value(reflect.TypeFor[Inventory](), ""); err != nil {
		return inv, err
	}

	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&inv); err != nil {
		// The walk above accepts only what this decoder accepts; an error
		// here is a gap in the walk, still reported with a position.
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return Inventory{}, d.errorAt(int(te.Offset), te.Field, fmt.Sprintf("want %s", te.Type))
		}
		return Inventory{}, d.errorAt(0, "", err.Error())
	}
	if err := d.validate(inv); err != nil {
		return Inventory{}, err
	}
	return inv, nil
}

// decoder walks the JSON tokens alongside the Go type they fill, so each
// error can name the exact place.
type decoder struct {
	data []byte
	file *token.File
	dec  *json.Decoder
	// pos maps the path of every value read to the offset it starts at.
	pos map[string]int
}

func (d *decoder) errorAt(offset int, path, msg string) *DecodeError {
	offset = min(max(offset, 0), len(d.data))
	p := d.file.Position(d.file.Pos(offset))
	if !p.IsValid() { // an empty input has no lines
		p.Line, p.Column = 1, 1
	}
	return &DecodeError{Line: p.Line, Column: p.Column, Path: path, Msg: msg}
}

// errorFor places an error at the value at path, or at the nearest
// enclosing value that was read.
func (d *decoder) errorFor(path, msg string) *DecodeError {
	for p := path; ; p = parentPath(p) {
		if off, ok := d.pos[p]; ok {
			return d.errorAt(off, path, msg)
		}
		if p == "" {
			return d.errorAt(0, path, msg)
		}
	}
}

func parentPath(p string) string {
	if i := strings.LastIndexAny(p, ".["); i >= 0 {
		return p[:i]
	}
	return ""
}

func (d *decoder) syntaxError(err error) *DecodeError {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return d.errorAt(0, "", err.Error())
	}
	msg := strings.TrimPrefix(se.Error(), "json: ")
	if strings.HasPrefix(msg, "unexpected end") {
		if len(bytes.TrimSpace(d.data)) == 0 {
			return d.errorAt(len(d.data), "", "empty inventory: want a JSON object")
		}
		return d.errorAt(len(d.data), "", "unexpected end of input: the inventory is truncated")
	}
	// Offset counts the bytes read, the offending one included.
	return d.errorAt(int(se.Offset)-1, "", msg)
}

// next reads one token and returns it with the offset it starts at.
func (d *decoder) next() (json.Token, int, error) {
	start := skipSeparators(d.data, int(d.dec.InputOffset()))
	tok, err := d.dec.Token()
	if err != nil {
		return nil, start, d.errorAt(start, "", fmt.Sprintf("reading JSON: %v", err))
	}
	return tok, start, nil
}

func skipSeparators(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n', ':', ',':
			i++
		default:
			return i
		}
	}
	return i
}

var timeType = reflect.TypeFor[time.Time]()

// value reads the value at path into nothing, checking that it fits t.
func (d *decoder) value(t reflect.Type, path string) error {
	tok, start, err := d.next()
	if err != nil {
		return err
	}
	d.pos[path] = start
	if tok == nil {
		if t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			return nil
		}
		return d.errorAt(start, path, fmt.Sprintf("want %s, got null", describeType(t)))
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	mismatch := func() error {
		return d.errorAt(start, path, fmt.Sprintf("want %s, got %s", describeType(t), describeToken(tok)))
	}
	switch {
	case t == timeType:
		s, ok := tok.(string)
		if !ok {
			return mismatch()
		}
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return d.errorAt(start, path, "want an RFC 3339 timestamp such as 2026-07-24T06:00:00Z, got "+shown.Value(s))
		}
	case t.Kind() == reflect.Struct:
		if tok != json.Delim('{') {
			return mismatch()
		}
		return d.object(t, path)
	case t.Kind() == reflect.Slice:
		if tok != json.Delim('[') {
			return mismatch()
		}
		for i := 0; d.dec.More(); i++ {
			if err := d.value(t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		_, _, err := d.next() // ']'
		return err
	case t.Kind() == reflect.String:
		if _, ok := tok.(string); !ok {
			return mismatch()
		}
	case t.Kind() == reflect.Bool:
		if _, ok := tok.(bool); !ok {
			return mismatch()
		}
	case t.Kind() == reflect.Int:
		n, ok := tok.(json.Number)
		if !ok {
			return mismatch()
		}
		v, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil || reflect.New(t).Elem().OverflowInt(v) {
			return d.errorAt(start, path, fmt.Sprintf("want an integer, got %s", n))
		}
	default:
		return d.errorAt(start, path, fmt.Sprintf("cannot read a value of Go type %s", t))
	}
	return nil
}

func (d *decoder) object(t reflect.Type, path string) error {
	fields := jsonFields(t)
	seen := map[string]bool{}
	for d.dec.More() {
		tok, start, err := d.next()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // object keys are always strings
		ft, ok := fields[key]
		if !ok {
			return d.errorAt(start, path, "unknown field "+shown.Value(key)+suggest(key, fields))
		}
		if seen[key] {
			return d.errorAt(start, path, "field "+shown.Value(key)+" appears twice")
		}
		seen[key] = true
		if err := d.value(ft, joinPath(path, key)); err != nil {
			return err
		}
	}
	_, _, err := d.next() // '}'
	return err
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonFields maps the JSON names of t's fields to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = f.Type
	}
	return fields
}

// suggest names a known field that differs from key only in case, the
// mistake the standard decoder would have let through silently.
func suggest(key string, fields map[string]reflect.Type) string {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return fmt.Sprintf(" (did you mean %q?)", name)
		}
	}
	return ""
}

func describeType(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType:
		return "an RFC 3339 timestamp string"
	case t.Kind() == reflect.Struct:
		return "an object"
	case t.Kind() == reflect.Slice:
		return "an array"
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t.Kind() == reflect.Int:
		return "an integer"
	}
	return t.String()
}

func describeToken(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return "number " + string(v)
	case string:
		return "a string"
	case json.Delim:
		if v == '{' {
			return "an object"
		}
		return "an array"
	}
	return fmt.Sprintf("%v", tok)
}

// validate checks what the types cannot: required fields, unique ids,
// known statuses and ranges.
func (d *decoder) validate(inv Inventory) error {
	if inv.SchemaVersion != 0 && inv.SchemaVersion != 1 {
		return d.errorFor("schema_version", fmt.Sprintf("unsupported version %d; want 1", inv.SchemaVersion))
	}
	statuses := SessionStatuses()
	ids := map[string]bool{}
	for i, s := range inv.Sessions {
		p := fmt.Sprintf("sessions[%d]", i)
		switch {
		case s.ID == "":
			return d.errorFor(p+".id", "a session needs a non-empty id")
		case ids[s.ID]:
			return d.errorFor(p+".id", "session id "+shown.Value(s.ID)+" is listed twice")
		case !slices.Contains(statuses, s.Status):
			return d.errorFor(p+".status", "status "+shown.Value(s.Status)+" is not one of "+strings.Join(statuses, ", "))
		}
		if err := d.checkPID(p+".pid", s.PID); err != nil {
			return err
		}
		ids[s.ID] = true
	}
	leaseIDs := map[string]bool{}
	for i, l := range inv.Leases {
		p := fmt.Sprintf("leases[%d]", i)
		switch {
		case l.ID == "":
			return d.errorFor(p+".id", "a lease needs a non-empty id")
		case leaseIDs[l.ID]:
			return d.errorFor(p+".id", "lease id "+shown.Value(l.ID)+" is listed twice")
		case l.Issue < 0:
			return d.errorFor(p+".issue", "an issue number cannot be negative")
		case l.PR < 0:
			return d.errorFor(p+".pr", "a pull request number cannot be negative")
		}
		if err := d.checkPID(p+".owner_pid", l.OwnerPID); err != nil {
			return err
		}
		leaseIDs[l.ID] = true
	}
	if lk := inv.TerminalLock; lk != nil {
		if _, ok := d.pos["terminal_lock.held"]; !ok {
			return d.errorFor("terminal_lock", `the terminal lock needs "held": true or false`)
		}
		if lk.PR < 0 {
			return d.errorFor("terminal_lock.pr", "a pull request number cannot be negative")
		}
		if err := d.checkPID("terminal_lock.holder_pid", lk.HolderPID); err != nil {
			return err
		}
	}
	for i, a := range inv.PriorAttempts {
		if strings.TrimSpace(a.Kind) == "" {
			return d.errorFor(fmt.Sprintf("prior_attempts[%d].kind", i), "a prior attempt needs a non-empty kind")
		}
	}
	return nil
}

func (d *decoder) checkPID(path string, pid int) error {
	if pid < 0 || pid > math.MaxInt32 {
		return d.errorFor(path, fmt.Sprintf("pid %d is out of range; use 0 or leave it out when unknown", pid))
	}
	return nil
}
