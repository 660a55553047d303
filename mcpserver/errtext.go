package mcpserver

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/internal/shown"
)

// maxErrorBytes bounds the text of an error the server returns. The schema
// validator repeats refused values in its messages; a long one is cut.
const maxErrorBytes = 2048

// withheldText replaces an error message that the checker reads as
// recommending a forbidden recovery action. It happens only when a message
// repeats a refused value.
const withheldText = "the call was refused, and its error message is withheld because it repeated a refused value that reads as recovery advice; compare the arguments with the tool's input schema"

// schemaPath finds the argument a schema validation message is about.
var schemaPath = regexp.MustCompile(`validating (/properties/[^:\s]+)`)

// withheld is the replacement for msg: withheldText, naming the argument
// when the message is a schema validator's.
func withheld(msg string) string {
	m := schemaPath.FindAllStringSubmatch(msg, -1)
	if len(m) == 0 {
		return withheldText
	}
	field := strings.ReplaceAll(strings.TrimPrefix(m[len(m)-1][1], "/properties/"), "/properties/", ".")
	return "arguments: " + field + " was refused by the input schema; the validator's message is withheld because it repeated the refused value, which reads as recovery advice"
}

// schemaText rewrites the SDK's schema validation message, which repeats
// the refused value ("type: map[…] has type \"object\", want
// \"string\""), so that it names the argument and the rule it broke and
// nothing the caller sent; names of unexpected arguments are repeated only
// when they have the shape of a name (shown.Value). Other messages are
// returned as they are.
func schemaText(msg string) string {
	const prefix = `validating "arguments": `
	if !strings.HasPrefix(msg, prefix) {
		return msg
	}
	field, rest := "the arguments", strings.TrimPrefix(msg, prefix)
	if m := schemaPath.FindAllStringSubmatchIndex(rest, -1); len(m) > 0 {
		last := m[len(m)-1]
		field = strings.ReplaceAll(strings.TrimPrefix(rest[last[2]:last[3]], "/properties/"), "/properties/", ".")
		rest = strings.TrimPrefix(rest[last[1]:], ": ")
	} else {
		rest = strings.TrimPrefix(rest, "validating root: ")
	}
	switch {
	case strings.HasPrefix(rest, "type: "):
		// "type: VALUE has type "T", want WANT": VALUE is the caller's,
		// T and WANT the validator's and the schema's
		if i := strings.LastIndex(rest, ` has type `); i >= 0 {
			got, err := strconv.QuotedPrefix(rest[i+len(` has type `):])
			after := rest[i+len(` has type `)+len(got):]
			if want, ok := strings.CutPrefix(after, ", want "); err == nil && ok {
				got, _ = strconv.Unquote(got)
				if w, err := strconv.Unquote(want); err == nil {
					want = w
				}
				return fmt.Sprintf("arguments: %s has type %s, want %s", field, got, want)
			}
		}
	case strings.HasPrefix(rest, "unexpected additional properties ["):
		// Go-quoted names separated by spaces
		list := strings.TrimSuffix(strings.TrimPrefix(rest, "unexpected additional properties ["), "]")
		var names []string
		for list = strings.TrimSpace(list); list != ""; list = strings.TrimSpace(list) {
			q, err := strconv.QuotedPrefix(list)
			if err != nil {
				names = append(names, "more names (not repeated)")
				break
			}
			list = list[len(q):]
			n, _ := strconv.Unquote(q)
			names = append(names, shown.Value(n))
		}
		return "arguments: unexpected additional properties: " + strings.Join(names, ", ")
	case strings.HasPrefix(rest, "required: "):
		return "arguments: " + rest // the schema's own property names
	}
	keyword, _, _ := strings.Cut(rest, ":")
	if !shown.IsName(keyword) {
		keyword = "a rule of the schema"
	}
	return fmt.Sprintf("arguments: %s was refused by the input schema (%s)", field, keyword)
}

// withholdUnsafeErrors keeps the server's own rule for the errors of tool
// calls: every text it returns passes the checker. The tools' own messages
// never repeat a refused value, but the SDK's schema validation and
// unknown-tool messages do: an unknown tool's error names the tools there
// are (unknownToolText), as Frames does before a call reaches the SDK, and
// every other error text is cut to maxErrorBytes and checked, and replaced
// by withheldText if it has findings. tools is what ToolNames returns.
func withholdUnsafeErrors(tools []string) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method != "tools/call" {
				return res, err
			}
			if err != nil {
				if we, ok := err.(*jsonrpc.Error); ok {
					safe := *we
					if strings.HasPrefix(we.Message, "unknown tool") {
						safe.Message = unknownToolText(tools)
					} else {
						safe.Message = safeErrorText(we.Message)
					}
					return res, &safe
				}
				return res, err
			}
			r, ok := res.(*mcp.CallToolResult)
			if !ok || !r.IsError {
				return res, err
			}
			for i, c := range r.Content {
				if tc, ok := c.(*mcp.TextContent); ok {
					r.Content[i] = &mcp.TextContent{Text: safeErrorText(tc.Text), Annotations: tc.Annotations, Meta: tc.Meta}
				}
			}
			return res, err
		}
	}
}

// safeErrorText returns msg with any refused value left out (schemaText),
// cut to maxErrorBytes, or its withheld form if the checker still reads it
// as recommending a forbidden recovery action.
func safeErrorText(msg string) string {
	msg = cut(schemaText(msg), maxErrorBytes)
	if unsafeText(msg) {
		return withheld(msg)
	}
	return msg
}

// unsafeText reports whether the checker finds a recommendation in s, read
// as plain prompt text, as an agent reads a message. A checker error
// counts as unsafe: the rule fails closed.
func unsafeText(s string) bool {
	findings, err := check.Source("tool-error.txt", []byte(s), check.Config{})
	return err != nil || len(findings) > 0
}

// cut shortens s to at most n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const mark = " …"
	end := n - len(mark)
	for end > 0 && s[end]&0xC0 == 0x80 {
		end--
	}
	return s[:end] + mark
}
