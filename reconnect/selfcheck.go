package reconnect

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/recoverlint/recoverlint/check"
)

// UnsafeTextError reports payload text that the recoverlint checker reads
// as recommending a forbidden recovery action. Field names the payload
// field of the first finding; Count is the number of findings.
type UnsafeTextError struct {
	Field   string
	Rule    string
	Message string
	Count   int
}

func (e *UnsafeTextError) Error() string {
	return fmt.Sprintf("self-check: %s: checker reports %s (%d finding(s)): %s", e.Field, e.Rule, e.Count, e.Message)
}

// selfCheckName is the file name the payload text is checked under: plain
// prompt text, because an agent reads each string on its own, without the
// headings a document would give it.
const selfCheckName = "reconnect-payload.txt"

// textBlock is one human-readable string of a payload and where it came from.
type textBlock struct {
	field string
	text  string
}

// payloadText lists every human-readable string of a payload. The typed
// blocker repeats the steps and the forbidden paths; they are listed once.
func payloadText(p Payload) []textBlock {
	blocks := []textBlock{{"exact_safe_next_action", p.ExactSafeNextAction}}
	for i, s := range p.OperatorUISteps {
		blocks = append(blocks, textBlock{fmt.Sprintf("operator_ui_steps[%d]", i), s})
	}
	if p.TypedBlocker != nil {
		tb := p.TypedBlocker
		blocks = append(blocks, textBlock{"typed_blocker.instruction_after_reconnect", tb.InstructionAfterReconnect})
		if !slices.Equal(tb.OperatorUISteps, p.OperatorUISteps) {
			for i, s := range tb.OperatorUISteps {
				blocks = append(blocks, textBlock{fmt.Sprintf("typed_blocker.operator_ui_steps[%d]", i), s})
			}
		}
		if !slices.Equal(tb.ForbiddenRecoveryPaths, p.ForbiddenRecoveryPaths) {
			for i, s := range tb.ForbiddenRecoveryPaths {
				blocks = append(blocks, textBlock{fmt.Sprintf("typed_blocker.forbidden_recovery_paths[%d]", i), s})
			}
		}
	}
	for i, s := range p.ForbiddenRecoveryPaths {
		blocks = append(blocks, textBlock{fmt.Sprintf("forbidden_recovery_paths[%d]", i), s})
	}
	for _, k := range slices.Sorted(maps.Keys(p.Extra)) {
		blocks = append(blocks, extraText("extra."+k, p.Extra[k])...)
	}
	return blocks
}

// extraText lists the strings inside an extra value, map keys included,
// in a stable order. The value goes through JSON first so that any Go
// value is read as its encoding would be.
func extraText(field string, val any) []textBlock {
	b, err := json.Marshal(val)
	if err != nil {
		return nil // validate refuses such values before this is reached
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		return nil
	}
	var out []textBlock
	var walk func(field string, v any)
	walk = func(field string, v any) {
		switch v := v.(type) {
		case string:
			out = append(out, textBlock{field, v})
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s[%d]", field, i), e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				out = append(out, textBlock{field, k})
				walk(field+"."+k, v[k])
			}
		}
	}
	walk(field, generic)
	return out
}

// selfCheck runs the payload's text through the checker as one plain-text
// document, one string per paragraph, and fails closed: any finding or any
// checker error is an error.
// htmlTags matches the tags of inline HTML (<code>, </span>, <br/>).
var htmlTags = regexp.MustCompile(`</?[a-zA-Z][^<>]*>`)

func selfCheck(p Payload, checkText checkFunc) error {
	blocks := payloadText(p)
	var doc strings.Builder
	// starts[i] is the 1-based line on which blocks[i] begins.
	starts := make([]int, len(blocks))
	line := 1
	for i, b := range blocks {
		if i > 0 {
			doc.WriteString("\n\n")
			line += 2
		}
		starts[i] = line
		doc.WriteString(b.text)
		line += strings.Count(b.text, "\n")
	}
	doc.WriteString("\n")

	findings, err := checkText(selfCheckName, []byte(doc.String()), check.Config{})
	if err != nil {
		return fmt.Errorf("self-check: %w", err)
	}
	if len(findings) == 0 {
		// an extra string stands alone in the payload: it is read on its
		// own, as plain text, as Markdown, and with its HTML tags gone, so
		// that neither its neighbours nor markup can hide a recommendation
		for _, b := range blocks {
			if !strings.HasPrefix(b.field, "extra.") {
				continue
			}
			for _, v := range []struct{ name, text string }{
				{"extra.txt", b.text}, {"extra.md", b.text}, {"extra.txt", htmlTags.ReplaceAllString(b.text, " ")},
			} {
				fs, err := checkText(v.name, []byte(v.text+"\n"), check.Config{})
				if err != nil {
					return fmt.Errorf("self-check: %w", err)
				}
				if len(fs) > 0 {
					return &UnsafeTextError{Field: b.field, Rule: fs[0].Rule, Message: fs[0].Message, Count: len(fs)}
				}
			}
		}
		return nil
	}
	f := findings[0]
	field := "payload"
	for i := len(starts) - 1; i >= 0; i-- {
		if f.Line >= starts[i] {
			field = blocks[i].field
			break
		}
	}
	return &UnsafeTextError{Field: field, Rule: f.Rule, Message: f.Message, Count: len(findings)}
}
