package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// DefaultMaxMessage is the largest message the server reads: room for a
// document at the checker's size limit with every byte escaped.
const DefaultMaxMessage = 128 << 20

// maxHeaderLine bounds one header line; a longer one is garbage.
const maxHeaderLine = 4 << 10

// Stream reads and writes LSP's framed messages (Content-Length headers,
// then a JSON-RPC body) and never gives up on bad input: a frame whose
// header or body is wrong is answered with a JSON-RPC error (parse error
// or invalid request, with the request's id when it has a usable one,
// else null), and reading goes on with the next frame. Only the end of
// the input, or a failed write, ends the stream. Replies never repeat the
// refused input.
type Stream struct {
	in  *bufio.Reader
	out io.Writer
	c   io.Closer
	max int64

	mu sync.Mutex // one frame at a time on out
}

// NewStream frames messages over in and out; close ends both. max bounds
// a message's body (DefaultMaxMessage when 0).
func NewStream(in io.Reader, out io.Writer, close io.Closer, max int64) *Stream {
	if max <= 0 {
		max = DefaultMaxMessage
	}
	return &Stream{in: bufio.NewReaderSize(in, maxHeaderLine), out: out, c: close, max: max}
}

// Read returns the next well-formed message, answering the bad ones
// before it.
func (s *Stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		body, n, err := s.frame()
		var bad *badFrame
		switch {
		case errors.As(err, &bad):
			if werr := s.refuse(bad.id, bad.code, bad.msg); werr != nil {
				return nil, n, werr
			}
			continue
		case err != nil:
			return nil, n, err
		}
		msg, id, code, why := decode(body)
		if msg != nil {
			return msg, n, nil
		}
		if werr := s.refuse(id, code, why); werr != nil {
			return nil, n, werr
		}
	}
}

// badFrame is a frame that was read past but cannot be used.
type badFrame struct {
	id   json.RawMessage
	code jsonrpc2.Code
	msg  string
}

func (b *badFrame) Error() string { return b.msg }

// frame reads one header block and its body. A line that is not a
// header is refused at once, so garbage sent without framing gets one
// reply per line rather than none.
func (s *Stream) frame() ([]byte, int64, error) {
	var total int64
	length, headers := int64(-1), 0
	badLength := false
	for {
		line, n, err := s.headerLine()
		total += n
		if err != nil {
			if errors.Is(err, io.EOF) && total > 0 {
				err = io.ErrUnexpectedEOF
			}
			return nil, total, err
		}
		if line == "" {
			if headers == 0 {
				continue // blank lines between frames
			}
			break
		}
		headers++
		name, value, ok := strings.Cut(line, ":")
		if !ok || !isToken(name) {
			return nil, total, &badFrame{code: jsonrpc2.ParseError, msg: "malformed header: a line that is not a header"}
		}
		if strings.EqualFold(name, "Content-Length") {
			v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || v < 0 {
				badLength = true
			}
			length = v
		}
	}
	switch {
	case badLength:
		return nil, total, &badFrame{code: jsonrpc2.ParseError, msg: "malformed header: a Content-Length that is not a length"}
	case length < 0:
		return nil, total, &badFrame{code: jsonrpc2.ParseError, msg: "malformed header: no Content-Length"}
	case length > s.max:
		n, err := io.CopyN(io.Discard, s.in, length)
		total += n
		if err != nil {
			return nil, total, io.ErrUnexpectedEOF
		}
		return nil, total, &badFrame{code: jsonrpc2.InvalidRequest, msg: fmt.Sprintf("message of %d bytes is over the limit of %d", length, s.max)}
	}
	body := make([]byte, length)
	n, err := io.ReadFull(s.in, body)
	total += int64(n)
	if err != nil {
		return nil, total, io.ErrUnexpectedEOF
	}
	return body, total, nil
}

// isToken reports whether s is a header name: RFC 9110 token characters.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// headerLine reads one line of at most maxHeaderLine bytes, without its
// line break; a longer line is read to its end and reported as bad by
// returning a line without a colon.
func (s *Stream) headerLine() (string, int64, error) {
	var total int64
	line, err := s.in.ReadSlice('\n')
	total += int64(len(line))
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			var more []byte
			more, err = s.in.ReadSlice('\n')
			total += int64(len(more))
		}
		if err != nil {
			return "", total, err
		}
		return "over-long header line", total, nil
	}
	if err != nil {
		return "", total, err
	}
	return strings.TrimRight(string(line), "\r\n"), total, nil
}

// decode turns a body into a message, or says why it cannot: with the
// id to answer to when the body is JSON with a usable id.
func decode(body []byte) (jsonrpc2.Message, json.RawMessage, jsonrpc2.Code, string) {
	if !json.Valid(body) {
		return nil, nil, jsonrpc2.ParseError, "the message is not valid JSON"
	}
	var env struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
	}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, nil, jsonrpc2.InvalidRequest, "a message is one JSON object (LSP has no batches)"
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return nil, nil, jsonrpc2.InvalidRequest, "the message's fields have the wrong types"
	}
	id := usableID(env.ID)
	switch {
	case env.JSONRPC == nil || *env.JSONRPC != "2.0":
		return nil, id, jsonrpc2.InvalidRequest, `the message is not JSON-RPC "2.0"`
	case len(env.ID) > 0 && id == nil && string(env.ID) != "null":
		return nil, nil, jsonrpc2.InvalidRequest, "an id is a number or a string"
	}
	msg, err := jsonrpc2.DecodeMessage(body)
	if err != nil {
		return nil, id, jsonrpc2.InvalidRequest, "the message is not a request, notification or response"
	}
	return msg, nil, 0, ""
}

// usableID returns the raw id when it is an integer or a string.
func usableID(raw json.RawMessage) json.RawMessage {
	var n int64
	var s string
	if json.Unmarshal(raw, &n) == nil || json.Unmarshal(raw, &s) == nil {
		return raw
	}
	return nil
}

// refuse writes an error response.
func (s *Stream) refuse(id json.RawMessage, code jsonrpc2.Code, msg string) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	resp := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc2.Error  `json:"error"`
	}{"2.0", id, jsonrpc2.Error{Code: code, Message: msg}}
	data, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	_, err = s.writeFrame(data)
	return err
}

// Write sends one message. It does not look at ctx: the answer to a
// cancelled request is the error that says so, and it must be sent.
func (s *Stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	data, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("encoding a message: %w", err)
	}
	return s.writeFrame(data)
}

func (s *Stream) writeFrame(data []byte) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	frame := make([]byte, 0, len(data)+32)
	frame = append(frame, "Content-Length: "...)
	frame = strconv.AppendInt(frame, int64(len(data)), 10)
	frame = append(frame, "\r\n\r\n"...)
	frame = append(frame, data...)
	n, err := s.out.Write(frame)
	return int64(n), err
}

// Close closes the connection.
func (s *Stream) Close() error {
	if s.c == nil {
		return nil
	}
	return s.c.Close()
}
