package reconnect

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// RepeatedKey returns the path of the first key that an object of the
// JSON document data holds twice ("reason", "extra.note"), or "" when no
// key repeats or data is not JSON (decoding reports that). encoding/json
// keeps the last of repeated keys silently; a request that says two
// things about one field is refused instead, as the restart inventory's
// decoder does.
//
// The document is read token by token with a stack of its open objects
// and arrays, and a path is spelt only for the key that repeats, so that
// time and memory stay linear in the document however deep it nests.
func RepeatedKey(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type level struct {
		seen    map[string]bool // the keys of an object; nil in an array
		wantKey bool            // in an object: the next token is a key or '}'
		key     string          // in an object: the key whose value is read
		index   int             // in an array: the index of the next element
	}
	var stack []level
	path := func(k string) string {
		var b strings.Builder
		for _, l := range stack[:len(stack)-1] {
			if l.seen != nil {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(l.key)
			} else {
				b.WriteString("[" + strconv.Itoa(l.index-1) + "]")
			}
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(k)
		return b.String()
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if n := len(stack); n > 0 && stack[n-1].wantKey {
			top := &stack[n-1]
			k, ok := tok.(string)
			if !ok { // the object's closing brace
				stack = stack[:n-1]
			} else if top.seen[k] {
				return path(k)
			} else {
				top.seen[k], top.key, top.wantKey = true, k, false
				continue
			}
		} else {
			if n > 0 && stack[n-1].seen == nil {
				if tok == json.Delim(']') {
					stack = stack[:n-1]
					goto done
				}
				stack[n-1].index++
			}
			switch tok {
			case json.Delim('{'):
				stack = append(stack, level{seen: map[string]bool{}, wantKey: true})
				continue
			case json.Delim('['):
				stack = append(stack, level{})
				continue
			}
		}
	done: // a value is complete
		if len(stack) == 0 {
			return ""
		}
		if top := &stack[len(stack)-1]; top.seen != nil {
			top.wantKey = true
		}
	}
}
