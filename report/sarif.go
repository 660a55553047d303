package report

import (
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/recoverlint/recoverlint/baseline"
	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

// SARIF writes a SARIF 2.1.0 log that GitHub code scanning accepts: one
// run whose driver lists every rule (built-in, custom and the suppression
// meta rules) with its descriptions, help and default level, and one
// result per finding with its rule index, level, message, location (a URI
// relative to Options.Root and a region in UTF-16 columns) and a partial
// fingerprint that survives moving the finding to another line.
type SARIF struct {
	Options Options
}

const (
	// SchemaURI is the $schema the log names: the OASIS 2.1.0 schema.
	SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	// FingerprintKey names recoverlint's entry in partialFingerprints.
	FingerprintKey = "recoverlintExcerptHash/v1"
	// informationURI is the project's home.
	informationURI = "https://github.com/recoverlint/recoverlint"
	// rootBase is the uriBaseId of every artifact location.
	rootBase = "%SRCROOT%"
)

// Report writes the log.
func (s *SARIF) Report(w io.Writer, rep runner.Report) error {
	log, err := s.Log(rep)
	if err != nil {
		return err
	}
	if err := log.PrettyWrite(w); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// Log builds the SARIF log of a run.
func (s *SARIF) Log(rep runner.Report) (*sarif.Report, error) {
	o := s.Options
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return nil, fmt.Errorf("starting the SARIF log: %w", err)
	}
	log.Schema = SchemaURI
	driver := sarif.NewDriver("recoverlint").WithInformationURI(informationURI)
	if o.Version != "" {
		// SARIF wants a version that starts with a number: v1.2.3 is 1.2.3
		v := o.Version
		if semver.MatchString(v) {
			v = strings.TrimPrefix(v, "v")
			driver.SemanticVersion = &v
		}
		driver.WithVersion(v)
	}
	run := sarif.NewRun(*sarif.NewTool(driver))
	run.WithColumnKind("utf16CodeUnits")
	root := o.Root
	if root == "" {
		root = o.workDir()
	}
	run.WithOriginalUriBaseIds(map[string]*sarif.ArtifactLocation{
		rootBase: sarif.NewArtifactLocation().WithUri(dirURI(root)),
	})

	index := map[string]int{}
	for _, r := range o.described() {
		if _, dup := index[r.ID]; dup {
			continue
		}
		index[r.ID] = len(driver.Rules)
		driver.AddRule(descriptor(r, Level(o.severityOf(r.ID)), o.enabled(r.ID)))
	}

	cols := newColumns(o)
	seen := map[string]int{} // occurrences of a path and fingerprint
	run.Results = []*sarif.Result{}
	for _, f := range rep.Findings {
		i, ok := index[f.Rule]
		if !ok {
			// a rule the configuration does not describe: describe it now
			i = len(driver.Rules)
			index[f.Rule] = i
			driver.AddRule(descriptor(&rules.Rule{ID: f.Rule, Summary: f.Rule}, Level(o.severityOf(f.Rule)), true))
		}
		res := sarif.NewRuleResult(f.Rule).
			WithRuleIndex(i).
			WithLevel(Level(f.Severity)).
			WithMessage(sarif.NewTextMessage(f.Message))
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(
			sarif.NewPhysicalLocation().
				WithArtifactLocation(s.artifact(f.Path)).
				WithRegion(region(cols, f))))
		fp := baseline.Fingerprint(f)
		k := f.Path + "\x00" + fp
		seen[k]++
		res.WithPartialFingerPrints(map[string]interface{}{FingerprintKey: fmt.Sprintf("%s:%d", fp, seen[k])})
		run.AddResult(res)
	}

	inv := sarif.NewInvocation().WithExecutionSuccess(!rep.Fatal())
	for _, e := range rep.Errors {
		level := "error"
		if e.Partial {
			level = "warning"
		}
		n := sarif.NewNotification().
			WithLevel(level).
			WithMessage(sarif.NewTextMessage(e.Path + ": " + e.Error))
		n.AddLocation(sarif.NewLocationWithPhysicalLocation(
			sarif.NewPhysicalLocation().WithArtifactLocation(s.artifact(e.Path))))
		inv.AddTToolExecutionNotification(n)
	}
	run.Invocations = []*sarif.Invocation{inv}
	log.AddRun(run)
	return log, nil
}

// semver matches a semantic version, with or without a leading v.
var semver = regexp.MustCompile(`^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

// artifact locates a file: relative to the root when it lies under it,
// as an absolute file URI otherwise.
func (s *SARIF) artifact(p string) *sarif.ArtifactLocation {
	rel, under := s.Options.rootPath(p)
	if !under {
		return sarif.NewArtifactLocation().WithUri(fileURI(rel))
	}
	return sarif.NewArtifactLocation().WithUri(relativeURI(rel)).WithUriBaseId(rootBase)
}

// relativeURI escapes a slash-separated relative path as a URI reference.
func relativeURI(p string) string {
	u := (&url.URL{Path: p}).EscapedPath()
	if i := strings.IndexByte(u, ':'); i >= 0 && !strings.Contains(u[:i], "/") {
		// a first segment with a colon would read as a scheme
		u = "./" + u
	}
	return u
}

// fileURI is the file URI of an absolute path.
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// dirURI is the file URI of an absolute folder, ending in '/' so that
// relative URIs resolve below it.
func dirURI(abs string) string {
	u := fileURI(abs)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// region places a finding, with UTF-16 columns where they can be computed.
func region(cols *columns, f check.Finding) *sarif.Region {
	r := sarif.NewRegion().WithStartLine(max(f.Line, 1))
	endLine := f.EndLine
	if endLine < f.Line {
		endLine = f.Line
	}
	r.WithEndLine(max(endLine, 1))
	start, ok1 := cols.utf16(f.Path, f.Line, f.Column)
	end, ok2 := cols.utf16(f.Path, endLine, f.EndColumn)
	if ok1 {
		r.WithStartColumn(start)
		if ok2 && (endLine > f.Line || end >= start) {
			r.WithEndColumn(end)
		}
	}
	return r
}

// descriptor describes a rule: its id, a name, a one-line and a full
// description, help in text and Markdown with the rule's examples, and
// its default configuration.
func descriptor(r *rules.Rule, level string, enabled bool) *sarif.ReportingDescriptor {
	short := firstNonEmpty(r.Doc.Title, r.Summary, r.ID)
	full := firstNonEmpty(r.Summary, r.Doc.Title, r.ID)
	d := sarif.NewRule(r.ID).
		WithName(pascal(r.ID)).
		WithShortDescription(sarif.NewMultiformatMessageString(short)).
		WithFullDescription(sarif.NewMultiformatMessageString(sentence(full))).
		WithHelp(sarif.NewMultiformatMessageString(helpText(r, short, full)).WithMarkdown(helpMarkdown(r, short, full)))
	conf := sarif.NewReportingConfiguration().WithLevel(level)
	if !enabled {
		conf.WithEnabled(false)
	}
	d.DefaultConfiguration = conf
	return d
}

func helpText(r *rules.Rule, short, full string) string {
	var b strings.Builder
	b.WriteString(short)
	b.WriteString("\n\n")
	b.WriteString(firstNonEmpty(strings.TrimSpace(r.Doc.Text), sentence(full)))
	writeExamples(&b, "Reported:", r.Doc.Bad, "  ")
	writeExamples(&b, "Not reported:", r.Doc.Good, "  ")
	return b.String()
}

func helpMarkdown(r *rules.Rule, short, full string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n\n", short)
	b.WriteString(firstNonEmpty(strings.TrimSpace(r.Doc.Text), sentence(full)))
	writeExamples(&b, "Reported:", r.Doc.Bad, "    ")
	writeExamples(&b, "Not reported:", r.Doc.Good, "    ")
	return b.String()
}

// writeExamples appends a labelled list of examples, each line indented.
func writeExamples(b *strings.Builder, label string, examples []string, indent string) {
	if len(examples) == 0 {
		return
	}
	fmt.Fprintf(b, "\n\n%s\n", label)
	for _, e := range examples {
		b.WriteString("\n" + indent + strings.ReplaceAll(e, "\n", "\n"+indent))
	}
}

// pascal turns a kebab-case id into a PascalCase name.
func pascal(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		if part == "" {
			continue
		}
		rs := []rune(part)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	return b.String()
}

// sentence ends a description with a period, as SARIF asks of messages.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
