package rules

import (
	"fmt"
	"regexp"
	"strings"
)

// Spec describes a rule written in configuration: the words that name its
// action and the context it needs. The stance engine judges its hits as it
// judges the built-in rules', so a custom rule's bans and mentions are not
// findings either.
type Spec struct {
	ID      string
	Summary string
	Doc     string
	Message string
	// Words are words or phrases that name the action ("force push",
	// "git push --force", "rm -rf"). They match whole words in folded,
	// lower-case text, so look-alike and zero-width spellings match too.
	Words []string
	// Patterns are regular expressions (RE2) matched against the folded,
	// lower-case text of each sentence or code line.
	Patterns []string
	// Needs is the context the action needs to count.
	Needs Need
}

// ParseNeed reads a context name: "any" (or ""), "recovery" or "fallback".
func ParseNeed(s string) (Need, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "any", "anywhere", "none":
		return Anywhere, nil
	case "recovery":
		return Recovery, nil
	case "fallback", "bypass":
		return Fallback, nil
	}
	return Anywhere, fmt.Errorf("unknown context %q (want any, recovery or fallback)", s)
}

// NewRule builds a rule from a spec. The id must be kebab-case and not a
// built-in rule's; at least one word or pattern is required, and every
// pattern must compile.
func NewRule(s Spec) (*Rule, error) {
	if !validID(s.ID) {
		return nil, fmt.Errorf("rule id %q: want lower-case words joined by '-'", s.ID)
	}
	if ByID(s.ID) != nil {
		return nil, fmt.Errorf("rule id %q is a built-in rule", s.ID)
	}
	if len(s.Words) == 0 && len(s.Patterns) == 0 {
		return nil, fmt.Errorf("rule %s: give at least one word or pattern", s.ID)
	}
	var words []string
	for _, w := range s.Words {
		f := strings.TrimSpace(fold(w).s)
		if f == "" {
			return nil, fmt.Errorf("rule %s: empty word", s.ID)
		}
		words = append(words, f)
	}
	var res []*regexp.Regexp
	for _, p := range s.Patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("rule %s: pattern %q: %w", s.ID, p, err)
		}
		if re.MatchString("") {
			return nil, fmt.Errorf("rule %s: pattern %q matches empty text", s.ID, p)
		}
		res = append(res, re)
	}
	msg := s.Message
	if msg == "" {
		msg = "recommends a forbidden action (" + s.ID + ")"
		if s.Summary != "" {
			msg = "recommends " + s.Summary
		}
	}
	r := &Rule{
		ID:      s.ID,
		Summary: s.Summary,
		Message: msg,
		Needs:   s.Needs,
		Doc:     Doc{Title: s.Summary, Text: s.Doc},
	}
	if len(res) == 0 {
		r.stems = words
	}
	r.find = func(seg *segment, emit func(hit)) {
		t := seg.text()
		for _, w := range words {
			for i := 0; ; {
				k := strings.Index(t[i:], w)
				if k < 0 {
					break
				}
				at := i + k
				end := at + len(w)
				if (at == 0 || !isWordByte(t[at-1])) && (end >= len(t) || !isWordByte(t[end]) || !isWordByte(w[len(w)-1])) {
					emit(hit{start: seg.start + at, end: seg.start + end, verb: formOf(firstWordOf(w)) == formBase})
				}
				i = at + 1
			}
		}
		for _, re := range res {
			for _, m := range re.FindAllStringIndex(t, -1) {
				emit(hit{start: seg.start + m[0], end: seg.start + m[1]})
			}
		}
	}
	return r, nil
}

func firstWordOf(s string) string {
	if i := strings.IndexAny(s, " -"); i > 0 {
		return s[:i]
	}
	return s
}

func validID(id string) bool {
	if id == "" || id[0] == '-' || id[len(id)-1] == '-' || strings.Contains(id, "--") {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
