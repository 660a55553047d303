package report_test

import (
	"encoding/json"
	"testing"
)

func TestJSONGolden(t *testing.T) {
	out := render(t, "json")
	golden(t, "fixture.json", out)
	var doc struct {
		Version  int              `json:"version"`
		Findings []map[string]any `json:"findings"`
		Errors   []map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	rep, _ := fixture(t)
	if doc.Version != 1 || len(doc.Findings) != len(rep.Findings) || len(doc.Errors) != len(rep.Errors) {
		t.Errorf("version %d, %d findings, %d errors; want 1, %d, %d",
			doc.Version, len(doc.Findings), len(doc.Errors), len(rep.Findings), len(rep.Errors))
	}
}
