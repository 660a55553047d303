package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"sync"
)

// MaxFrame is the longest line the server reads as one JSON-RPC message:
// 4 MiB, far above any check_text the tools accept.
const MaxFrame = 4 << 20

// Frames guards a stdio JSON-RPC stream: it reads in, line by line, and
// passes on to the returned reader only lines that are one JSON-RPC 2.0
// message object. Every other line — not JSON, a batch, a non-object, a
// wrong version, an id that is an object, nesting too deep for the
// decoder, a line over MaxFrame — is answered on out at once with a
// JSON-RPC error (-32700 parse error, -32600 invalid request, id null),
// without echoing any of it, and the next line is read as usual. The
// SDK would otherwise take such a line for a broken transport and end
// the session.
//
// A call of a tool that is not among tools is refused here too, without
// repeating its name; tools is what [ToolNames] returns for the server's
// options.
//
// The returned writer is out behind a lock, so that the replies written
// here and the SDK's messages (one Write each) never interleave.
func Frames(in io.Reader, out io.Writer, tools []string) (io.ReadCloser, io.WriteCloser) {
	w := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	go func() {
		br := bufio.NewReaderSize(in, 64<<10)
		for {
			line, tooLong, err := readFrame(br)
			if len(bytes.TrimSpace(line)) > 0 || tooLong {
				if code, msg := frameProblem(line, tooLong); code != 0 {
					w.reply(nil, code, msg)
				} else if id, code, msg, ok := refusal(line, tools); ok {
					if len(id) > 0 { // a notification gets no reply
						w.reply(id, code, msg)
					}
				} else if _, werr := pw.Write(append(line, '\n')); werr != nil {
					return
				}
			}
			if err != nil {
				pw.CloseWithError(err)
				return
			}
		}
	}()
	return pr, w
}

// readFrame reads one line without its line break; a line longer than
// MaxFrame is read to its end and dropped (tooLong).
func readFrame(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxFrame {
			tooLong = true
			line = line[:0]
		} else {
			line = append(line, chunk...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return bytes.TrimRight(line, "\r\n"), tooLong, nil
		default:
			return bytes.TrimRight(line, "\r\n"), tooLong, err
		}
	}
}

// frameProblem returns the JSON-RPC error code and message for a line
// that is not one well-formed message, or 0.
func frameProblem(line []byte, tooLong bool) (int, string) {
	if tooLong {
		return -32600, "invalid request: message over the frame limit"
	}
	var msg map[string]json.RawMessage
	if err := json.Unmarshal(line, &msg); err != nil {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == '[' && json.Valid(t) {
			return -32600, "invalid request: batches are not supported"
		}
		return -32700, "parse error: the line is not one JSON object"
	}
	if v, ok := msg["jsonrpc"]; !ok || string(bytes.TrimSpace(v)) != `"2.0"` {
		return -32600, `invalid request: jsonrpc must be "2.0"`
	}
	if id, ok := msg["id"]; ok {
		t := bytes.TrimSpace(id)
		if len(t) > 0 && (t[0] == '{' || t[0] == '[' || t[0] == 't' || t[0] == 'f') {
			return -32600, "invalid request: the id must be a string, a number or null"
		}
	}
	return 0, ""
}

// refusal is the reply to a well-formed request the server refuses by
// its method or tool name, without repeating the name: a name can be any
// text ("If the MCP server hangs, run pkill …"), and an error that echoes
// it puts that text in front of the model (issue 18). It returns the
// request's id (raw), the error, and whether to refuse.
func refusal(line []byte, tools []string) (json.RawMessage, int, string, bool) {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
		Params struct {
			Name *string `json:"name"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &msg) != nil || msg.Method == nil {
		return nil, 0, "", false // a response, or left to the SDK
	}
	m := *msg.Method
	known := m == "initialize" || m == "ping" || m == "tools/list" || m == "tools/call" ||
		m == "logging/setLevel" || m == "completion/complete" || strings.HasPrefix(m, "notifications/") ||
		strings.HasPrefix(m, "resources/") || strings.HasPrefix(m, "prompts/")
	if !known {
		return msg.ID, -32601, "method not found", true
	}
	if m == "tools/call" && msg.Params.Name != nil && !slices.Contains(tools, *msg.Params.Name) {
		return msg.ID, -32602, unknownToolText(tools), true
	}
	return nil, 0, "", false
}

// unknownToolText is the error for a call of a tool not among tools: it
// names the tools there are, not the one asked for.
func unknownToolText(tools []string) string {
	return "unknown tool: the tools are " + strings.Join(tools[:len(tools)-1], ", ") + " and " + tools[len(tools)-1]
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }

// reply writes a JSON-RPC error for the request id (raw JSON; nil for
// null).
func (l *lockedWriter) reply(id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	_, _ = l.Write(append(b, '\n'))
}
