package restart_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/restart"
)

const (
	schemaPath = "../docs/restart-inventory.schema.json"
	samplesDir = "../docs/samples/restart"
)

type schemaObject struct {
	Properties           map[string]json.RawMessage `json:"properties"`
	Required             []string                   `json:"required"`
	AdditionalProperties *bool                      `json:"additionalProperties"`
}

func readSchema(t *testing.T) (schemaObject, map[string]schemaObject) {
	t.Helper()
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatalf("reading the schema: %v", err)
	}
	var top struct {
		schemaObject
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatalf("parsing the schema: %v", err)
	}
	defs := map[string]schemaObject{}
	for name, raw := range top.Defs {
		var o schemaObject
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatalf("parsing $defs.%s: %v", name, err)
		}
		defs[name] = o
	}
	return top.schemaObject, defs
}

func jsonNames(v any) []string {
	var names []string
	for f := range reflect.TypeOf(v).Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// TestSchemaMatchesTypes keeps the published schema and the Go types that
// Decode fills in step: same fields, closed objects, same required fields.
func TestSchemaMatchesTypes(t *testing.T) {
	top, defs := readSchema(t)
	tests := []struct {
		name     string
		obj      schemaObject
		goType   any
		required []string
	}{
		{"inventory", top, restart.Inventory{}, nil},
		{"session", defs["session"], restart.Session{}, []string{"id", "status"}},
		{"lease", defs["lease"], restart.Lease{}, []string{"id"}},
		{"terminal_lock", defs["terminal_lock"], restart.TerminalLock{}, []string{"held"}},
		{"attempt", defs["attempt"], restart.Attempt{}, []string{"kind"}},
	}
	for _, tt := range tests {
		var props []string
		for k := range tt.obj.Properties {
			props = append(props, k)
		}
		slices.Sort(props)
		if want := jsonNames(tt.goType); !slices.Equal(props, want) {
			t.Errorf("%s: schema properties %v, Go fields %v", tt.name, props, want)
		}
		if tt.obj.AdditionalProperties == nil || *tt.obj.AdditionalProperties {
			t.Errorf("%s: schema must set additionalProperties to false, as Decode rejects unknown fields", tt.name)
		}
		got := slices.Clone(tt.obj.Required)
		slices.Sort(got)
		if !slices.Equal(got, tt.required) {
			t.Errorf("%s: schema requires %v, Decode requires %v", tt.name, got, tt.required)
		}
	}

	var status struct {
		Enum []string `json:"enum"`
	}
	if err := json.Unmarshal(defs["session"].Properties["status"], &status); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(status.Enum, restart.SessionStatuses()) {
		t.Errorf("schema statuses %v, SessionStatuses %v", status.Enum, restart.SessionStatuses())
	}
	phase := string(defs["lease"].Properties["phase"])
	for _, p := range restart.DefaultMutatingPhases() {
		if !strings.Contains(phase, p) {
			t.Errorf("the schema's phase description does not name the mutating phase %q", p)
		}
	}
}

// TestSamples evaluates every sample inventory; a sample without an
// expectation here fails, so none goes unchecked.
func TestSamples(t *testing.T) {
	tests := map[string]struct {
		verdict            restart.Verdict
		band               restart.Band
		overrideWouldAllow bool
		complete           bool
	}{
		"safe.json":             {restart.Safe, restart.BandNone, true, true},
		"busy.json":             {restart.Unsafe, restart.BandMedium, true, true},
		"critical-section.json": {restart.Unsafe, restart.BandHigh, true, true},
		"terminal-lock.json":    {restart.Unsafe, restart.BandHigh, false, true},
		"incomplete.json":       {restart.Unsafe, restart.BandHigh, false, false},
	}
	files, err := filepath.Glob(filepath.Join(samplesDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples in %s: %v", samplesDir, err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			want, ok := tests[name]
			if !ok {
				t.Fatalf("sample %s has no expectation in this test", name)
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inv, err := restart.Decode(data)
			if err != nil {
				t.Fatalf("decoding %s: %v", name, err)
			}
			r := restart.Evaluate(inv, restart.Options{Now: clock()})
			if r.Verdict != want.verdict || r.BlastRadius != want.band || r.OverrideWouldAllow != want.overrideWouldAllow || r.InventoryComplete != want.complete {
				t.Errorf("%s: verdict %s, band %s, override_would_allow %v, complete %v; want %+v\n%s",
					name, r.Verdict, r.BlastRadius, r.OverrideWouldAllow, r.InventoryComplete, want, strings.Join(r.Reasons, "\n"))
			}
		})
	}
	if len(files) != len(tests) {
		t.Errorf("%d samples, %d expectations", len(files), len(tests))
	}
}
