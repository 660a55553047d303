package reconnect

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// RepeatedKey returns the path of the first key that an object of the
// JSON document data holds twice ("reason", "extra.note"), or "" when no
// key repeats or data is not JSON (decoding reports that). encoding/json
// keeps the last of repeated keys silently; a request that says two
// things about one field is refused instead, as the restart inventory's
// decoder does.
func RepeatedKey(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var walk func(path string) (string, bool)
	walk = func(path string) (string, bool) {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return "", false
				}
				k, _ := kt.(string)
				p := k
				if path != "" {
					p = path + "." + k
				}
				if seen[k] {
					return p, true
				}
				seen[k] = true
				if r, stop := walk(p); stop {
					return r, true
				}
			}
			if _, err := dec.Token(); err != nil { // the closing brace
				return "", false
			}
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if r, stop := walk(path + "[" + strconv.Itoa(i) + "]"); stop {
					return r, true
				}
			}
			if _, err := dec.Token(); err != nil {
				return "", false
			}
		}
		return "", false
	}
	r, _ := walk("")
	return r
}
