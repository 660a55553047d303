package plugin_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/recoverlint/recoverlint/plugin"
)

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		wantErr  string
	}{
		{"no settings", nil, ""},
		{"empty settings", map[string]any{}, ""},
		{"disable", map[string]any{"disable": []string{"process-kill", "unused-suppression"}}, ""},
		{"enable", map[string]any{"enable": []any{"env-edit"}}, ""},
		{"unknown rule", map[string]any{"disable": []string{"process-kil"}}, `unknown rule "process-kil"`},
		{"unknown setting", map[string]any{"severity": "warning"}, "unknown field"},
		{"wrong type", map[string]any{"disable": "process-kill"}, "cannot unmarshal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := plugin.New(tc.settings)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("New: error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
				t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
			}
			as, err := p.BuildAnalyzers()
			if err != nil {
				t.Fatal(err)
			}
			if len(as) != 1 || as[0].Name != "recoverlint" {
				t.Fatalf("analyzers %v, want one named recoverlint", as)
			}
			if err := analysis.Validate(as); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestRegistered: importing the package registers the plugin under the
// name .golangci.yml refers to.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("recoverlint")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newPlugin(nil); err != nil {
		t.Fatal(err)
	}
}

// TestSettingsReachTheAnalyzer: a disabled rule is not reported.
func TestSettingsReachTheAnalyzer(t *testing.T) {
	p, err := plugin.New(map[string]any{"disable": []string{"process-kill"}})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), as[0], "disabled")
}
