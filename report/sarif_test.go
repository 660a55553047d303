package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/recoverlint/recoverlint/report"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

// sarifLog is the part of a SARIF log the tests read.
type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		ColumnKind string `json:"columnKind"`
		Tool       struct {
			Driver struct {
				Name           string `json:"name"`
				Version        string `json:"version"`
				SemanticVer    string `json:"semanticVersion"`
				InformationURI string `json:"informationUri"`
				Rules          []struct {
					ID               string `json:"id"`
					Name             string `json:"name"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					FullDescription struct {
						Text string `json:"text"`
					} `json:"fullDescription"`
					Help struct {
						Text     string `json:"text"`
						Markdown string `json:"markdown"`
					} `json:"help"`
					DefaultConfiguration struct {
						Level   string `json:"level"`
						Enabled *bool  `json:"enabled"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
						EndLine     int `json:"endLine"`
						EndColumn   int `json:"endColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
			Notifications       []struct {
				Level string `json:"level"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
	} `json:"runs"`
}

func TestSARIFGolden(t *testing.T) {
	golden(t, "fixture.sarif", render(t, "sarif"))
}

func TestSARIFContent(t *testing.T) {
	var log sarifLog
	if err := json.Unmarshal(render(t, "sarif"), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q with %d runs, want 2.1.0 with one", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Name != "recoverlint" || d.Version != "1.2.3" || d.SemanticVer != "1.2.3" || d.InformationURI == "" {
		t.Errorf("driver %s %s (%s) %s", d.Name, d.Version, d.SemanticVer, d.InformationURI)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file:///src/project/" {
		t.Errorf("%%SRCROOT%% is %q", got)
	}

	// every rule is described once, with its configured level
	ids := map[string]int{}
	for i, r := range d.Rules {
		if _, dup := ids[r.ID]; dup {
			t.Errorf("rule %s described twice", r.ID)
		}
		ids[r.ID] = i
		if r.Name == "" || r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" || r.Help.Markdown == "" {
			t.Errorf("rule %s lacks a name, a description or help: %+v", r.ID, r)
		}
	}
	for _, r := range rules.All {
		if _, ok := ids[r.ID]; !ok {
			t.Errorf("built-in rule %s not described", r.ID)
		}
	}
	for id, want := range map[string]string{"force-push": "note", "mtime-reload": "warning", "process-kill": "error", "unused-suppression": "error"} {
		if got := d.Rules[ids[id]].DefaultConfiguration.Level; got != want {
			t.Errorf("%s: default level %q, want %q", id, got, want)
		}
	}
	if e := d.Rules[ids["raw-api-fallback"]].DefaultConfiguration.Enabled; e == nil || *e {
		t.Errorf("the disabled rule raw-api-fallback is not marked disabled")
	}
	if e := d.Rules[ids["process-kill"]].DefaultConfiguration.Enabled; e != nil && !*e {
		t.Errorf("process-kill is marked disabled")
	}

	rep, _ := fixture(t)
	if len(run.Results) != len(rep.Findings) {
		t.Fatalf("%d results, want %d", len(run.Results), len(rep.Findings))
	}
	fps := map[string]bool{}
	for i, res := range run.Results {
		f := rep.Findings[i]
		if res.RuleID != f.Rule || d.Rules[res.RuleIndex].ID != f.Rule {
			t.Errorf("result %d: rule %s at index %d (%s), want %s", i, res.RuleID, res.RuleIndex, d.Rules[res.RuleIndex].ID, f.Rule)
		}
		if res.Level != report.Level(f.Severity) {
			t.Errorf("result %d: level %s for severity %s", i, res.Level, f.Severity)
		}
		fp := res.PartialFingerprints[report.FingerprintKey]
		if fp == "" || fps[fp] {
			t.Errorf("result %d: fingerprint %q missing or repeated", i, fp)
		}
		fps[fp] = true
		reg := res.Locations[0].PhysicalLocation.Region
		if reg.StartLine != f.Line || reg.EndLine != f.EndLine {
			t.Errorf("result %d: lines %d-%d, want %d-%d", i, reg.StartLine, reg.EndLine, f.Line, f.EndLine)
		}
		// the UTF-16 columns select the same text as the byte columns
		src, ok := sources[f.Path]
		if !ok {
			if reg.StartColumn != 0 || reg.EndColumn != 0 {
				t.Errorf("result %d: columns %d-%d for a file that cannot be read", i, reg.StartColumn, reg.EndColumn)
			}
			continue
		}
		line := strings.Split(src, "\n")[f.Line-1]
		var u16 []rune // line as UTF-16 units, surrogates as two entries
		for _, r := range line {
			u16 = append(u16, r)
			if r > 0xFFFF {
				u16 = append(u16, 0)
			}
		}
		want := strings.Split(src, "\n")[f.Line-1][f.Column-1 : f.EndColumn-1]
		if got := string(u16[reg.StartColumn-1 : reg.EndColumn-1]); got != want {
			t.Errorf("result %d: UTF-16 columns %d-%d select %q, want %q", i, reg.StartColumn, reg.EndColumn, got, want)
		}
	}
	// the two identical findings in one file get distinct fingerprints
	// that differ only in their occurrence
	a, b := run.Results[1].PartialFingerprints[report.FingerprintKey], run.Results[2].PartialFingerprints[report.FingerprintKey]
	if !strings.HasSuffix(a, ":1") || !strings.HasSuffix(b, ":2") || strings.TrimSuffix(a, ":1") != strings.TrimSuffix(b, ":2") {
		t.Errorf("fingerprints of identical findings: %q and %q", a, b)
	}
	if uri := run.Results[1].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "docs/caf%C3%A9%20notes.md" {
		t.Errorf("URI %q is not an escaped relative path", uri)
	}
	inv := run.Invocations[0]
	if inv.ExecutionSuccessful || len(inv.Notifications) != 2 || inv.Notifications[0].Level != "error" || inv.Notifications[1].Level != "warning" {
		t.Errorf("invocation %+v, want a failed run with an error and a warning", inv)
	}
}

func TestSARIFPathsOutsideRoot(t *testing.T) {
	rep, opts := fixture(t)
	opts.WorkDir = "/src/project/sub"
	// one finding, printed from sub/, in a file whose name starts with a colon segment
	rep.Findings = rep.Findings[3:4]
	rep.Findings[0].Path = "../x:y.md"
	rep.Errors = nil
	var log sarifLog
	r, _ := report.New("sarif", opts)
	var b strings.Builder
	if err := r.Report(&b, rep); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	loc := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if loc.URI != "./x:y.md" || loc.URIBaseID != "%SRCROOT%" {
		t.Errorf("artifact %+v, want ./x:y.md against %%SRCROOT%%", loc)
	}
	opts.Root = "/elsewhere"
	r, _ = report.New("sarif", opts)
	b.Reset()
	if err := r.Report(&b, rep); err != nil {
		t.Fatal(err)
	}
	log = sarifLog{}
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	loc = log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if loc.URI != "file:///src/project/x:y.md" || loc.URIBaseID != "" {
		t.Errorf("artifact %+v, want an absolute file URI", loc)
	}
}

// TestSARIFSchema validates the log against the SARIF 2.1.0 JSON schemas
// named in RECOVERLINT_SARIF_SCHEMAS (a path list; .ci/run fetches them
// from the npm registry with scripts/sarif-schemas.sh). Each schema must
// also reject a log that breaks it, which shows the validator works.
func TestSARIFSchema(t *testing.T) {
	list := os.Getenv("RECOVERLINT_SARIF_SCHEMAS")
	var paths []string
	for _, p := range filepath.SplitList(list) {
		if p != "" {
			paths = append(paths, p)
		}
	}
	if len(paths) == 0 {
		t.Skip("RECOVERLINT_SARIF_SCHEMAS names no schema; scripts/sarif-schemas.sh fetches them")
	}
	good := render(t, "sarif")
	empty := func() []byte {
		r, _ := report.New("sarif", report.Options{WorkDir: "/w"})
		var b strings.Builder
		if err := r.Report(&b, runner.Report{}); err != nil {
			t.Fatal(err)
		}
		return []byte(b.String())
	}()
	bad := strings.Replace(string(good), `"level": "warning"`, `"level": "fatal"`, 1)
	if bad == string(good) {
		t.Fatal("the fixture has no warning-level result to break")
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			sch := compileSchema(t, p)
			for _, doc := range []struct {
				name  string
				data  []byte
				valid bool
			}{
				{"fixture", good, true},
				{"empty run", empty, true},
				{"broken level", []byte(bad), false},
			} {
				inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(doc.data)))
				if err != nil {
					t.Fatal(err)
				}
				err = sch.Validate(inst)
				if doc.valid && err != nil {
					t.Errorf("%s: not valid SARIF: %v", doc.name, err)
				}
				if !doc.valid && err == nil {
					t.Errorf("%s: the schema accepted a broken log", doc.name)
				}
			}
		})
	}
}

func compileSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("schema %s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	url := "file://" + filepath.ToSlash(path)
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compiling %s: %v", path, err)
	}
	return sch
}
