package check

// TEMPORARY line-based scanner used until mdscan/textscan land.

import (
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

func tmpScan(src []byte, path string) []rules.Unit {
	var units []rules.Unit
	s := string(src)
	var headings []string
	var levels []int
	lines := []int{}
	for i := 0; i <= len(s); {
		lines = append(lines, i)
		k := strings.IndexByte(s[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
	}
	lineEnd := func(i int) int {
		k := strings.IndexByte(s[lines[i]:], '\n')
		if k < 0 {
			return len(s)
		}
		return lines[i] + k
	}
	prevPara := ""
	leadIn := ""
	label := ""
	inList := false
	ctx := func() rules.Context {
		return rules.Context{Headings: append([]string(nil), headings...), Path: path, LeadIn: leadIn, ListItem: inList, Label: label}
	}
	mk := func(kind rules.Kind, segs [][2]int, c rules.Context) {
		var text []byte
		var offs []int
		var code []rules.Span
		for n, sg := range segs {
			if n > 0 {
				text = append(text, '\n')
				offs = append(offs, sg[0]-1)
			}
			inCode := false
			cs := 0
			for j := sg[0]; j < sg[1]; j++ {
				if s[j] == '`' && kind != rules.CodeBlock {
					if inCode {
						code = append(code, rules.Span{Start: cs, End: len(text)})
					} else {
						cs = len(text)
					}
					inCode = !inCode
					continue
				}
				if (s[j] == '*') && kind != rules.CodeBlock && !inCode {
					continue
				}
				text = append(text, s[j])
				offs = append(offs, j)
			}
		}
		if len(text) == 0 {
			return
		}
		offs = append(offs, offs[len(offs)-1]+1)
		units = append(units, rules.Unit{Kind: kind, Text: string(text), Offsets: offs, Code: code, Ctx: c})
	}
	for i := 0; i < len(lines); i++ {
		st, en := lines[i], lineEnd(i)
		line := s[st:en]
		t := strings.TrimSpace(line)
		ind := len(line) - len(strings.TrimLeft(line, " \t"))
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			info := strings.ToLower(strings.Fields(t[3:] + " x")[0])
			if strings.TrimSpace(t[3:]) == "" {
				info = ""
			}
			var segs [][2]int
			j := i + 1
			for ; j < len(lines); j++ {
				tt := strings.TrimSpace(s[lines[j]:lineEnd(j)])
				if strings.HasPrefix(tt, t[:3]) {
					break
				}
				segs = append(segs, [2]int{lines[j] + min(ind, len(s[lines[j]:lineEnd(j)])-len(strings.TrimLeft(s[lines[j]:lineEnd(j)], " "))), lineEnd(j)})
			}
			c := ctx()
			c.Info = info
			c.Before = prevPara
			mk(rules.CodeBlock, segs, c)
			i = j
			continue
		case strings.HasPrefix(t, "#"):
			lvl := len(t) - len(strings.TrimLeft(t, "#"))
			text := strings.TrimSpace(t[lvl:])
			mk(rules.Heading, [][2]int{{st + ind + lvl + (len(t[lvl:]) - len(strings.TrimLeft(t[lvl:], " "))), en}}, ctx())
			for len(levels) > 0 && levels[len(levels)-1] >= lvl {
				levels = levels[:len(levels)-1]
				headings = headings[:len(headings)-1]
			}
			levels = append(levels, lvl)
			headings = append(headings, text)
			prevPara, leadIn, label, inList = "", "", "", false
			continue
		}
		// list item?
		m := 0
		if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ ") {
			m = 2
		} else {
			k := 0
			for k < len(t) && t[k] >= '0' && t[k] <= '9' {
				k++
			}
			if k > 0 && k+1 < len(t) && (t[k] == '.' || t[k] == ')') && t[k+1] == ' ' {
				m = k + 2
			}
		}
		if m > 0 {
			if !inList {
				leadIn = prevPara
			}
			inList = true
			segs := [][2]int{{st + ind + m, en}}
			j := i + 1
			for ; j < len(lines); j++ {
				l2 := s[lines[j]:lineEnd(j)]
				t2 := strings.TrimSpace(l2)
				if t2 == "" || strings.HasPrefix(t2, "- ") || strings.HasPrefix(t2, "* ") || strings.HasPrefix(t2, "```") || strings.HasPrefix(t2, "#") || (len(t2) > 1 && t2[0] >= '0' && t2[0] <= '9' && strings.ContainsAny(t2[:min(4, len(t2))], ".)")) {
					break
				}
				segs = append(segs, [2]int{lines[j] + len(l2) - len(strings.TrimLeft(l2, " ")), lineEnd(j)})
			}
			mk(rules.Prose, segs, ctx())
			i = j - 1
			continue
		}
		if ind >= 4 && !inList {
			c := ctx()
			c.Before = prevPara
			mk(rules.CodeBlock, [][2]int{{st + 4, en}}, c)
			continue
		}
		inList = false
		leadIn = ""
		segs := [][2]int{{st + ind, en}}
		j := i + 1
		for ; j < len(lines); j++ {
			l2 := s[lines[j]:lineEnd(j)]
			t2 := strings.TrimSpace(l2)
			if t2 == "" || strings.HasPrefix(t2, "- ") || strings.HasPrefix(t2, "```") || strings.HasPrefix(t2, "#") {
				break
			}
			segs = append(segs, [2]int{lines[j] + len(l2) - len(strings.TrimLeft(l2, " ")), lineEnd(j)})
		}
		c := ctx()
		if strings.HasPrefix(t, "**") || strings.HasPrefix(t, "❌") || strings.HasPrefix(t, "✅") {
			if k := strings.Index(t, ":"); k >= 0 && k < 40 {
				c.Label = t[:k+1]
			}
		}
		if strings.HasPrefix(t, ">") {
			c.Quote = true
		}
		mk(rules.Prose, segs, c)
		prevPara = s[st:lineEnd(j-1)]
		if c.Label != "" && len(strings.TrimSpace(strings.Trim(t, "*"))) <= len(c.Label)+2 {
			label = c.Label
		} else {
			label = ""
		}
		i = j - 1
	}
	return units
}
