package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// Names are the file names Find looks for, in each folder.
var Names = []string{".recoverlint.yml", ".recoverlint.yaml"}

// Config is a parsed configuration. The zero value configures nothing:
// every built-in rule at severity error, every file, every kind.
type Config struct {
	// File is the file it was read from; "" for the zero value.
	File string
	// Dir is the absolute folder that path patterns are relative to.
	Dir string
	// Enable, when not empty, lists the only rules reported.
	Enable []string
	// Disable lists rules not reported.
	Disable []string
	// Severity maps rule ids to "error", "warning" or "note".
	Severity map[string]string
	// Exclude are patterns of paths that are not checked at all.
	Exclude []Pattern
	// ExcludeRules leave out some rules' findings on some paths.
	ExcludeRules []RuleExclusion
	// Kinds, when not empty, are the only kinds of file scanned.
	Kinds []check.Kind
	// MaxFileSize is the size in bytes over which a file is not read; 0
	// leaves the default.
	MaxFileSize int64
	// Rules are the custom rules.
	Rules []*rules.Rule
}

// RuleExclusion leaves out the findings of some rules on some paths.
type RuleExclusion struct {
	Paths []Pattern
	// Rules are rule ids; "all" names every rule.
	Rules []string
}

// Error is one problem in a configuration file.
type Error struct {
	File   string
	Line   int // 0 when unknown
	Column int // 0 when unknown
	Msg    string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Find looks for a configuration file in the absolute folder dir and the
// folders above it, up to and including the top of the git work tree that
// holds dir (a folder with a .git entry), or to the file system root
// outside any work tree. It returns "" when there is none; a folder that
// holds both names is an error.
func Find(dir string) (string, error) {
	for {
		var found []string
		for _, n := range Names {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				found = append(found, p)
			}
		}
		if len(found) > 1 {
			return "", fmt.Errorf("both %s and %s exist; keep one", found[0], found[1])
		}
		if len(found) == 1 {
			return found[0], nil
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and parses a configuration file.
func Load(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	return Parse(file, filepath.Dir(abs), data)
}

// Parse parses configuration text. name is the file name errors carry and
// dir the absolute folder that path patterns are relative to. The error,
// if any, joins an *Error per problem.
func Parse(name, dir string, data []byte) (*Config, error) {
	p := &parser{file: name, cfg: &Config{File: name, Dir: dir}}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(name, data, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].Tag == "!!null" {
		return p.cfg, nil // an empty file or document
	}
	p.root(doc.Content[0])
	if len(p.errs) > 0 {
		sort.SliceStable(p.errs, func(i, j int) bool {
			a, b := p.errs[i].(*Error), p.errs[j].(*Error)
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Column < b.Column
		})
		return nil, errors.Join(p.errs...)
	}
	return p.cfg, nil
}

// yamlLine matches the line yaml.v3 puts in its syntax errors.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError places a YAML syntax error. yaml.v3 leaves the line out of
// some messages; then the line is the first at which a prefix of the text
// fails with the same message.
func syntaxError(name string, data []byte, err error) error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{File: name, Line: line, Msg: "YAML syntax: " + m[2]}
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	lines := strings.SplitAfter(string(data), "\n")
	for k := 1; k <= len(lines); k++ {
		var n yaml.Node
		e := yaml.Unmarshal([]byte(strings.Join(lines[:k], "")), &n)
		if e != nil && strings.TrimPrefix(e.Error(), "yaml: ") == msg {
			return &Error{File: name, Line: k, Msg: "YAML syntax: " + msg}
		}
	}
	return &Error{File: name, Msg: "YAML syntax: " + msg}
}

// parser walks the YAML tree, collecting errors.
type parser struct {
	file string
	cfg  *Config
	errs []error
	// customSev are the severities custom rules give themselves.
	customSev []customSeverity
	// declared are the custom rule ids, also of rules with errors, so that
	// naming them elsewhere is not a second error.
	declared map[string]bool
}

type customSeverity struct {
	id, severity string
	node         *yaml.Node
}

func (p *parser) fail(n *yaml.Node, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.file, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)})
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// kindName names a node's kind for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return "a single value"
	}
	return "something else"
}

// field is a key and the function that reads its value.
type field struct {
	key  string
	read func(v *yaml.Node)
}

// mapping reads a mapping whose keys must be among fields; unknown and
// repeated keys are errors. It returns the keys present.
func (p *parser) mapping(n *yaml.Node, what string, fields []field) map[string]*yaml.Node {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		p.fail(n, "%s: want a mapping, got %s", what, kindName(n))
		return nil
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if prev, dup := seen[k.Value]; dup {
			p.fail(k, "%s: key %q repeated (first at line %d)", what, k.Value, prev.Line)
			continue
		}
		var fl *field
		for j := range fields {
			if fields[j].key == k.Value {
				fl = &fields[j]
			}
		}
		if fl == nil {
			var known []string
			for _, f := range fields {
				known = append(known, f.key)
			}
			p.fail(k, "%s: unknown key %q (known keys: %s)", what, k.Value, strings.Join(known, ", "))
			continue
		}
		seen[k.Value] = k
		fl.read(v)
	}
	return seen
}

// str reads a scalar as a string; null is an error.
func (p *parser) str(n *yaml.Node, what string) (string, bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.fail(n, "%s: want a string, got %s", what, kindName(n))
		return "", false
	}
	return n.Value, true
}

// list reads a sequence of strings, returning each with its node.
func (p *parser) list(n *yaml.Node, what string) ([]string, []*yaml.Node) {
	n = resolve(n)
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "%s: want a list of strings, got %s", what, kindName(n))
		return nil, nil
	}
	var out []string
	var nodes []*yaml.Node
	for _, item := range n.Content {
		if s, ok := p.str(item, what); ok {
			out = append(out, s)
			nodes = append(nodes, resolve(item))
		}
	}
	return out, nodes
}

func (p *parser) root(n *yaml.Node) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		p.fail(n, "want a mapping of settings at the top, got %s", kindName(n))
		return
	}
	c := p.cfg
	var ruleIDs []*yaml.Node // checked once the custom rules are known
	var custom *yaml.Node
	p.mapping(n, "config", []field{
		{"version", func(v *yaml.Node) {
			if s, ok := p.str(v, "version"); ok && s != "1" {
				p.fail(v, "version: %q is not supported (want 1)", s)
			}
		}},
		{"rules", func(v *yaml.Node) {
			p.mapping(v, "rules", []field{
				{"enable", func(v *yaml.Node) {
					var nodes []*yaml.Node
					c.Enable, nodes = p.list(v, "rules.enable")
					ruleIDs = append(ruleIDs, nodes...)
					if len(nodes) == 0 && resolve(v).Kind == yaml.SequenceNode {
						p.fail(v, "rules.enable: empty; leave it out to enable every rule")
					}
				}},
				{"disable", func(v *yaml.Node) {
					var nodes []*yaml.Node
					c.Disable, nodes = p.list(v, "rules.disable")
					ruleIDs = append(ruleIDs, nodes...)
				}},
				{"severity", func(v *yaml.Node) {
					v = resolve(v)
					if v.Kind != yaml.MappingNode {
						p.fail(v, "rules.severity: want a mapping of rule ids to severities, got %s", kindName(v))
						return
					}
					c.Severity = map[string]string{}
					for i := 0; i+1 < len(v.Content); i += 2 {
						k := resolve(v.Content[i])
						id, ok := p.str(k, "rules.severity")
						if !ok {
							continue
						}
						if _, dup := c.Severity[id]; dup {
							p.fail(k, "rules.severity: rule %q repeated", id)
							continue
						}
						if s, ok := p.severity(v.Content[i+1], "rules.severity."+id); ok {
							c.Severity[id] = s
							ruleIDs = append(ruleIDs, k)
						}
					}
				}},
			})
		}},
		{"exclude", func(v *yaml.Node) {
			c.Exclude = p.patterns(v, "exclude")
		}},
		{"exclude-rules", func(v *yaml.Node) {
			v = resolve(v)
			if v.Kind != yaml.SequenceNode {
				p.fail(v, "exclude-rules: want a list of {paths, rules}, got %s", kindName(v))
				return
			}
			for i, item := range v.Content {
				what := fmt.Sprintf("exclude-rules[%d]", i)
				var ex RuleExclusion
				errsBefore := len(p.errs)
				keys := p.mapping(item, what, []field{
					{"paths", func(v *yaml.Node) { ex.Paths = p.patterns(v, what+".paths") }},
					{"rules", func(v *yaml.Node) {
						ids, nodes := p.list(v, what+".rules")
						ex.Rules = ids
						for j, id := range ids {
							if id != "all" {
								ruleIDs = append(ruleIDs, nodes[j])
							}
						}
						if len(ids) == 0 && resolve(v).Kind == yaml.SequenceNode {
							p.fail(v, "%s.rules: empty; name rule ids or all", what)
						}
					}},
				})
				if keys == nil || len(p.errs) > errsBefore {
					continue
				}
				for _, req := range []string{"paths", "rules"} {
					if keys[req] == nil {
						p.fail(resolve(item), "%s: %s is required", what, req)
					}
				}
				c.ExcludeRules = append(c.ExcludeRules, ex)
			}
		}},
		{"kinds", func(v *yaml.Node) {
			names, nodes := p.list(v, "kinds")
			if len(names) == 0 && resolve(v).Kind == yaml.SequenceNode {
				p.fail(v, "kinds: empty; leave it out to scan every kind")
			}
			for i, s := range names {
				k, ok := check.ParseKind(s)
				if !ok {
					p.fail(nodes[i], "kinds: unknown kind %q (want markdown, text, go, shell, python, javascript or data)", s)
					continue
				}
				c.Kinds = append(c.Kinds, k)
			}
		}},
		{"max-file-size", func(v *yaml.Node) {
			if s, ok := p.str(v, "max-file-size"); ok {
				n, err := ParseSize(s)
				if err != nil {
					p.fail(resolve(v), "max-file-size: %v", err)
					return
				}
				c.MaxFileSize = n
			}
		}},
		{"custom-rules", func(v *yaml.Node) { custom = v }},
	})
	if custom != nil {
		p.customRules(custom)
	}
	for _, n := range ruleIDs {
		p.knownRule(n)
	}
	// custom rule severities come after the table
	for _, r := range p.customSev {
		if c.Severity == nil {
			c.Severity = map[string]string{}
		}
		if _, set := c.Severity[r.id]; set {
			p.fail(r.node, "custom-rules: %s has a severity here and in rules.severity; keep one", r.id)
			continue
		}
		c.Severity[r.id] = r.severity
	}
}

// severity reads a severity: error, warning or note.
func (p *parser) severity(n *yaml.Node, what string) (string, bool) {
	s, ok := p.str(n, what)
	if !ok {
		return "", false
	}
	switch s {
	case "error", "warning", "note":
		return s, true
	}
	p.fail(resolve(n), "%s: unknown severity %q (want error, warning or note)", what, s)
	return "", false
}

// knownRule checks that a node names a built-in, custom or meta rule.
func (p *parser) knownRule(n *yaml.Node) {
	id := n.Value
	if rules.ByID(id) != nil || id == check.BadSuppression || id == check.UnusedSuppression {
		return
	}
	if p.declared[id] {
		return
	}
	p.fail(n, "unknown rule %q (recoverlint rules lists the built-in ones)", id)
}

// patterns reads a list of path patterns.
func (p *parser) patterns(n *yaml.Node, what string) []Pattern {
	texts, nodes := p.list(n, what)
	if len(texts) == 0 && resolve(n).Kind == yaml.SequenceNode {
		p.fail(n, "%s: empty list of paths", what)
	}
	var out []Pattern
	for i, t := range texts {
		pat, err := ParsePattern(t)
		if err != nil {
			p.fail(nodes[i], "%s: %v", what, err)
			continue
		}
		out = append(out, pat)
	}
	return out
}

// customRules reads custom-rules: a list of rule specs.
func (p *parser) customRules(n *yaml.Node) {
	n = resolve(n)
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "custom-rules: want a list of rules, got %s", kindName(n))
		return
	}
	ids := map[string]int{}
	for i, item := range n.Content {
		what := fmt.Sprintf("custom-rules[%d]", i)
		var spec rules.Spec
		var severity string
		var sevNode *yaml.Node
		errsBefore := len(p.errs)
		keys := p.mapping(item, what, []field{
			{"id", func(v *yaml.Node) {
				spec.ID, _ = p.str(v, what+".id")
			}},
			{"summary", func(v *yaml.Node) { spec.Summary, _ = p.str(v, what+".summary") }},
			{"doc", func(v *yaml.Node) { spec.Doc, _ = p.str(v, what+".doc") }},
			{"message", func(v *yaml.Node) { spec.Message, _ = p.str(v, what+".message") }},
			{"words", func(v *yaml.Node) {
				ws, nodes := p.list(v, what+".words")
				for j, w := range ws {
					if strings.TrimSpace(w) == "" {
						p.fail(nodes[j], "%s.words: empty word", what)
					}
				}
				spec.Words = ws
			}},
			{"patterns", func(v *yaml.Node) {
				ps, nodes := p.list(v, what+".patterns")
				for j, s := range ps {
					re, err := regexp.Compile(s)
					switch {
					case err != nil:
						p.fail(nodes[j], "%s.patterns: %q is not a regular expression: %v", what, s, err)
					case re.MatchString(""):
						p.fail(nodes[j], "%s.patterns: %q matches empty text", what, s)
					}
				}
				spec.Patterns = ps
			}},
			{"needs", func(v *yaml.Node) {
				s, ok := p.str(v, what+".needs")
				if !ok {
					return
				}
				need, err := rules.ParseNeed(s)
				if err != nil {
					p.fail(resolve(v), "%s.needs: %v", what, err)
					return
				}
				spec.Needs = need
			}},
			{"severity", func(v *yaml.Node) {
				severity, _ = p.severity(v, what+".severity")
				sevNode = resolve(v)
			}},
		})
		if keys == nil {
			continue
		}
		bad := len(p.errs) > errsBefore // reported already: no more errors from this rule
		at := resolve(item)
		if keys["id"] == nil {
			p.fail(at, "%s: id is required", what)
			continue
		}
		if first, dup := ids[spec.ID]; dup {
			p.fail(keys["id"], "%s: rule id %q already used by custom-rules[%d]", what, spec.ID, first)
			continue
		}
		ids[spec.ID] = i
		if p.declared == nil {
			p.declared = map[string]bool{}
		}
		p.declared[spec.ID] = true
		if bad {
			continue
		}
		if keys["words"] == nil && keys["patterns"] == nil {
			p.fail(at, "%s: give words or patterns that name the action", what)
			continue
		}
		r, err := rules.NewRule(spec)
		if err != nil {
			p.fail(keys["id"], "%s: %v", what, err)
			continue
		}
		p.cfg.Rules = append(p.cfg.Rules, r)
		if severity != "" {
			p.customSev = append(p.customSev, customSeverity{spec.ID, severity, sevNode})
		}
	}
}

// ParseSize reads a size in bytes: a whole number with an optional unit,
// B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	if i < 0 {
		i = len(t)
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	mult := map[string]int64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}[unit]
	n, err := strconv.ParseInt(num, 10, 64)
	if num == "" || err != nil || mult == 0 {
		return 0, fmt.Errorf("%q is not a size (want bytes, or a number with B, KB, KiB, MB, MiB, GB or GiB)", s)
	}
	if n <= 0 {
		return 0, fmt.Errorf("%q: the size must be positive", s)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n * mult, nil
}

// Check returns the check configuration: the rules enabled and disabled,
// the custom rules and the severities.
func (c *Config) Check() check.Config {
	var cc check.Config
	if len(c.Enable) > 0 {
		cc.Enabled = map[string]bool{}
		for _, id := range c.Enable {
			cc.Enabled[id] = true
		}
	}
	if len(c.Disable) > 0 {
		cc.Disabled = map[string]bool{}
		for _, id := range c.Disable {
			cc.Disabled[id] = true
		}
	}
	cc.Extra = c.Rules
	if len(c.Severity) > 0 {
		cc.Severity = map[string]string{}
		for id, s := range c.Severity {
			cc.Severity[id] = s
		}
	}
	return cc
}

// Finish applies what the configuration says of findings once they are
// found: an exclude-rules entry drops them, and each takes the severity
// configured for its rule (the suppression meta rules take theirs here).
// severity is the check configuration's map, which may differ from the
// file's when flags changed it. The slice is filtered in place.
func (c *Config) Finish(findings []check.Finding, severity map[string]string) []check.Finding {
	kept := findings[:0]
	for _, fd := range findings {
		if c.RuleExcluded(fd.Path, fd.Rule) {
			continue
		}
		if s := severity[fd.Rule]; s != "" {
			fd.Severity = s
		}
		kept = append(kept, fd)
	}
	return kept
}

// rel returns a path relative to Dir, slash-separated, or false when it
// lies outside Dir. The path is absolute or relative to the working
// directory.
func (c *Config) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil || c.Dir == "" {
		return "", false
	}
	rel, err := filepath.Rel(c.Dir, abs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Excluded reports whether a file is left out by the exclude patterns.
func (c *Config) Excluded(path string) bool {
	rel, ok := c.rel(path)
	if !ok {
		return false
	}
	for _, p := range c.Exclude {
		if p.Match(rel) {
			return true
		}
	}
	return false
}

// RuleExcluded reports whether an exclude-rules entry leaves out a rule's
// findings in a file.
func (c *Config) RuleExcluded(path, rule string) bool {
	rel, ok := c.rel(path)
	if !ok {
		return false
	}
	for _, ex := range c.ExcludeRules {
		named := false
		for _, id := range ex.Rules {
			if id == "all" || id == rule {
				named = true
			}
		}
		if !named {
			continue
		}
		for _, p := range ex.Paths {
			if p.Match(rel) {
				return true
			}
		}
	}
	return false
}

// Scans reports whether files of a kind are scanned.
func (c *Config) Scans(k check.Kind) bool {
	if len(c.Kinds) == 0 {
		return true
	}
	for _, x := range c.Kinds {
		if x == k {
			return true
		}
	}
	return false
}
