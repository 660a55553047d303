package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/config"
	"github.com/recoverlint/recoverlint/report"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
	"github.com/recoverlint/recoverlint/walk"
)

// RulesURL is where each rule's documentation lives; a diagnostic's
// codeDescription points at the rule's anchor there.
const RulesURL = "https://github.com/recoverlint/recoverlint/blob/main/docs/rules.md"

// workspace decides, for a document, what `recoverlint check` would do
// with the file: which walk meets it, which configuration applies, and
// whether the walk visits it at all. Configurations are read again when
// their file changes; visit decisions are kept until a file that decides
// them is reported changed (forget, forgetVisit).
type workspace struct {
	configFile string
	noConfig   bool

	mu      sync.Mutex
	configs map[string]cachedConfig // by configuration file
	visits  map[string]bool         // by document path
}

type cachedConfig struct {
	mod  time.Time
	size int64
	cfg  *config.Config
	err  error
}

func newWorkspace(configFile string, noConfig bool) *workspace {
	return &workspace{configFile: configFile, noConfig: noConfig, configs: map[string]cachedConfig{}, visits: map[string]bool{}}
}

// forget drops every cached decision.
func (w *workspace) forget() {
	w.mu.Lock()
	w.configs, w.visits = map[string]cachedConfig{}, map[string]bool{}
	w.mu.Unlock()
}

func (w *workspace) forgetVisit(path string) {
	w.mu.Lock()
	delete(w.visits, path)
	w.mu.Unlock()
}

// root is the folder whose walk meets the file: the innermost workspace
// folder that holds it, else its git work tree, else its own folder.
func root(roots []string, path string) string {
	best := ""
	for _, r := range roots {
		if rel, err := filepath.Rel(r, path); err == nil && filepath.IsLocal(rel) && len(r) > len(best) {
			best = r
		}
	}
	if best != "" {
		return best
	}
	if top, ok := walk.Top(filepath.Dir(path)); ok {
		return top
	}
	return filepath.Dir(path)
}

// config returns the configuration a check of root reads, as check does:
// --config's file, or the one found upward from root, or none.
func (w *workspace) config(root string) (*config.Config, error) {
	if w.noConfig {
		return &config.Config{}, nil
	}
	file := w.configFile
	if file == "" {
		found, err := config.Find(root)
		if err != nil || found == "" {
			return &config.Config{}, err
		}
		file = found
	}
	fi, err := os.Stat(file)
	if err != nil {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	w.mu.Lock()
	c, ok := w.configs[file]
	w.mu.Unlock()
	if ok && c.mod.Equal(fi.ModTime()) && c.size == fi.Size() {
		return c.cfg, c.err
	}
	cfg, err := config.Load(file)
	w.mu.Lock()
	w.configs[file] = cachedConfig{mod: fi.ModTime(), size: fi.Size(), cfg: cfg, err: err}
	w.mu.Unlock()
	return cfg, err
}

// visited reports whether a walk of root visits the file, the
// configuration's exclusions and kinds included.
func (w *workspace) visited(root, path string, cfg *config.Config, sel func(string) bool) bool {
	w.mu.Lock()
	v, ok := w.visits[path]
	w.mu.Unlock()
	if !ok {
		v, _ = walk.Visits(root, path, walk.Options{Select: sel})
		w.mu.Lock()
		w.visits[path] = v
		w.mu.Unlock()
	}
	return v && !cfg.Excluded(path)
}

// langNames name a document that is not a file by its language, so that
// it is read as its kind.
var langNames = map[string]string{
	"markdown": "untitled.md", "plaintext": "untitled.txt", "go": "untitled.go",
	"python": "untitled.py", "shellscript": "untitled.sh", "javascript": "untitled.js",
	"javascriptreact": "untitled.jsx", "typescript": "untitled.ts", "typescriptreact": "untitled.tsx",
	"yaml": "untitled.yaml", "json": "untitled.json", "jsonc": "untitled.jsonc", "toml": "untitled.toml",
}

// result is one diagnostic and what the editor's requests about it need.
type result struct {
	diag    protocol.Diagnostic
	finding check.Finding // the checker's placement: 1-based lines, byte columns
	kind    check.Kind
	name    string // the file name the document was checked as
	rule    *rules.Rule
}

// diagnose checks a document as check would check its file.
func (w *workspace) diagnose(c *check.Checker, roots []string, snap snapshot) []result {
	name, src := snap.path, []byte(snap.text.s)
	cfg := &config.Config{}
	if name == "" {
		if name = langNames[snap.lang]; name == "" {
			return nil // a document that is no file and no language recoverlint reads
		}
	} else {
		top := root(roots, name)
		var err error
		if cfg, err = w.config(top); err != nil {
			return []result{notice(snap.text, snap.enc, protocol.DiagnosticSeverityError, "recoverlint: configuration error, nothing is checked: "+oneLine(err.Error()))}
		}
		sel := func(rel string) bool { return check.Selected(rel) && cfg.Scans(check.KindOf(rel)) }
		if !w.visited(top, name, cfg, sel) {
			return nil
		}
	}
	cc := cfg.Check()
	max := cfg.MaxFileSize
	if max <= 0 {
		max = runner.DefaultMaxFileSize
	}
	if int64(len(src)) > max {
		return []result{notice(snap.text, snap.enc, protocol.DiagnosticSeverityWarning,
			fmt.Sprintf("recoverlint: the document is %d bytes, over the size limit of %d (max-file-size); not checked", len(src), max))}
	}
	rep := runner.Content(c, name, src, runner.Options{Check: cc, MaxFileSize: max})
	var out []result
	for _, e := range rep.Errors {
		if !e.Partial {
			msg := strings.TrimPrefix(e.Error, name+":")
			out = append(out, notice(snap.text, snap.enc, protocol.DiagnosticSeverityWarning, "recoverlint: "+oneLine(msg)))
		}
	}
	kind := check.KindFor(name, src)
	custom := map[string]*rules.Rule{}
	for _, r := range cfg.Rules {
		custom[r.ID] = r
	}
	for _, f := range cfg.Finish(rep.Findings, cc.Severity) {
		start := snap.text.lineCol(f.Line, f.Column, snap.enc)
		end := snap.text.lineCol(f.EndLine, f.EndColumn, snap.enc)
		d := protocol.Diagnostic{
			Range:    protocol.Range{Start: protocol.Position(start), End: protocol.Position(end)},
			Severity: severity(f.Severity),
			Code:     f.Rule,
			Source:   "recoverlint",
			Message:  f.Message,
		}
		r := rules.ByID(f.Rule)
		if r == nil {
			r = custom[f.Rule]
		}
		if builtin := rules.ByID(f.Rule) != nil; builtin || f.Rule == check.BadSuppression || f.Rule == check.UnusedSuppression {
			d.CodeDescription = &protocol.CodeDescription{Href: uri.URI(RulesURL + "#" + f.Rule)}
		}
		out = append(out, result{diag: d, finding: f, kind: kind, name: name, rule: r})
	}
	return out
}

// notice is a diagnostic about the document as a whole, on its first line.
func notice(t *text, enc encoding, sev protocol.DiagnosticSeverity, msg string) result {
	end := t.position(t.lineEnd(0), enc)
	return result{diag: protocol.Diagnostic{
		Range:    protocol.Range{End: protocol.Position(end)},
		Severity: sev,
		Source:   "recoverlint",
		Message:  msg,
	}}
}

// severity is a finding's severity as LSP numbers it, read as the other
// reporters read it (report.Level).
func severity(s string) protocol.DiagnosticSeverity {
	switch report.Level(s) {
	case "warning":
		return protocol.DiagnosticSeverityWarning
	case "note":
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityError
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
