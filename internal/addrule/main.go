// Command addrule writes the pieces of a new built-in rule, as
// staticcheck's add-check does: the rule's file under rules/ (every field
// the engine reads, with its routes and a find function for the command
// or word given), a txtar case with one recommendation and one ban, and
// the rule's line in the registry. Run it from the repository's top:
//
//	go run ./internal/addrule -word git -needs recovery git-reset-hard
//	go generate ./...
//	go test ./...
//
// Then make find and the routes say what the rule really looks for, and
// grow the case. A piece left out fails a test that names it
// (rules.TestRegistry, TestEveryRuleHasACase, the prefilter's refusal of a
// built-in rule without routes). docs/adding-a-rule.md walks through it.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"
)

var kebab = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

func main() {
	word := flag.String("word", "", "the command or word that names the action (default: the id's first word)")
	needs := flag.String("needs", "any", "when the action is a finding: any, recovery or fallback")
	dir := flag.String("dir", ".", "the repository's top folder")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: go run ./internal/addrule [-word WORD] [-needs any|recovery|fallback] RULE-ID")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := add(*dir, flag.Arg(0), *word, *needs); err != nil {
		fmt.Fprintf(os.Stderr, "addrule: %v\n", err)
		os.Exit(1)
	}
}

// rule is what the templates are filled with.
type rule struct {
	ID, Var, File, Word, Needs string
}

func add(dir, id, word, needs string) error {
	if !kebab.MatchString(id) {
		return fmt.Errorf("rule id %q: want lower-case words joined by '-'", id)
	}
	if word == "" {
		word = strings.SplitN(id, "-", 2)[0]
	}
	if strings.ContainsAny(word, " \t\n\"`\\") || word != strings.ToLower(word) {
		return fmt.Errorf("-word %q: want one lower-case word", word)
	}
	need := map[string]string{"any": "", "recovery": "Recovery", "fallback": "Fallback"}[needs]
	if need == "" && needs != "any" {
		return fmt.Errorf("-needs %q: want any, recovery or fallback", needs)
	}
	r := rule{ID: id, Var: camel(id), File: strings.ReplaceAll(id, "-", "_") + ".go", Word: word, Needs: need}
	ruleFile := filepath.Join(dir, "rules", r.File)
	caseFile := filepath.Join(dir, "rules", "testdata", "cases", id+".txtar")
	registry := filepath.Join(dir, "rules", "registry.go")
	for _, p := range []string{ruleFile, caseFile} {
		if _, err := os.Stat(p); err == nil {
			return fmt.Errorf("%s exists already", p)
		}
	}
	reg, err := os.ReadFile(registry)
	if err != nil {
		return fmt.Errorf("reading the registry: %w", err)
	}
	if bytes.Contains(reg, []byte("\t"+r.Var+",\n")) {
		return fmt.Errorf("%s is in the registry already", r.Var)
	}
	src, err := render(ruleTemplate, r)
	if err != nil {
		return err
	}
	if src, err = format.Source(src); err != nil {
		return fmt.Errorf("formatting the rule file: %w", err)
	}
	kase, err := render(caseTemplate, r)
	if err != nil {
		return err
	}
	// the registry: the new rule goes last in All
	const open = "var All = []*Rule{\n"
	i := bytes.Index(reg, []byte(open))
	if i < 0 {
		return errors.New("the registry has no 'var All = []*Rule{' line")
	}
	j := bytes.Index(reg[i:], []byte("\n}\n"))
	if j < 0 {
		return errors.New("the registry's All does not end with '}'")
	}
	at := i + j + 1
	reg = append(reg[:at:at], append([]byte("\t"+r.Var+",\n"), reg[at:]...)...)
	for _, w := range []struct {
		path string
		data []byte
	}{{ruleFile, src}, {caseFile, kase}, {registry, reg}} {
		if err := os.WriteFile(w.path, w.data, 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", w.path)
	}
	fmt.Println("next: go generate ./... && go test ./rules")
	return nil
}

func camel(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func render(t *template.Template, r rule) ([]byte, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var ruleTemplate = template.Must(template.New("rule").Parse(`package rules

// {{.Var}} is the rule against {{.Word}} as a recovery step. Say here, in a
// line, what it forbids and why.
var {{.Var}} = &Rule{
	ID:      "{{.ID}}",
	Summary: "running {{.Word}} by hand (say what it destroys)",
	Message: "recommends running {{.Word}} to recover; say what is lost. Ask the operator to reconnect the MCP server through the host instead",
{{- if .Needs}}
	Needs:   {{.Needs}},
{{- end}}
	Doc: Doc{
		Title: "Running {{.Word}} to recover",
		Text: ` + "`" + `Why the action is forbidden: what it destroys for the other sessions.

What to do instead: the sanctioned step.` + "`" + `,
		Bad:  []string{"## Troubleshooting\n\nIf the server is stuck, run ` + "`{{.Word}}`" + `.\n"},
		Good: []string{"## Troubleshooting\n\nNever run ` + "`{{.Word}}`" + ` to recover; request a reconnect.\n"},
	},
	Examples: Examples{
		Recommend: []string{"## Troubleshooting\n\nIf the server is stuck, run ` + "`{{.Word}}`" + `.\n"},
		Prohibit:  []string{"## Troubleshooting\n\nNever run ` + "`{{.Word}}`" + ` to recover.\n"},
		Mention:   []string{"The guard blocks ` + "`{{.Word}}`" + ` in agent sessions.\n"},
	},
	stems: []string{"{{.Word}}"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	routes: []routeSpec{{"{{"}}groups: [][]string{{"{{"}}"^{{.Word}}"{{"}}"}}{{"}}"}},
	// captions are the verbs of a code block comment that, with no object
	// of their own, name this action of the command under them.
	captions: nil,
	find: func(seg *segment, emit func(hit)) {
		for _, t := range seg.tokens() {
			if t.word && t.s == "{{.Word}}" {
				emit(hit{start: t.start, end: t.end})
			}
		}
	},
}
`))

var caseTemplate = template.Must(template.New("case").Parse(`What this case pins for {{.ID}}: a recommendation is reported, a ban
is not. Grow it with the hard shapes the rule must get right.
-- AGENTS.md --
## Troubleshooting

If the MCP server is stuck, run ` + "`{{.Word}}`" + `.

Never run ` + "`{{.Word}}`" + ` to recover; request a reconnect instead.
-- want --
3 {{.ID}}
`))
