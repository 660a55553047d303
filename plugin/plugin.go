package plugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/recoverlint/recoverlint/analyzer"
	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// golangci-lint finds module plugins by the name they register under;
// registering from init is the contract of plugin-module-register.
func init() {
	register.Plugin(analyzer.Name, New)
}

// Settings are the plugin's settings, as written under
// linters.settings.custom.recoverlint.settings in .golangci.yml.
type Settings struct {
	// Disable lists rule ids not to report.
	Disable []string `json:"disable"`
	// Enable, when not empty, lists the only rule ids to report.
	Enable []string `json:"enable"`
}

// Linter is the plugin golangci-lint builds from the settings.
type Linter struct {
	cfg check.Config
}

// New decodes the settings golangci-lint passes (nil when there are none)
// and returns the plugin. Unknown settings and unknown rule ids are errors.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	disabled, err := ruleSet(s.Disable)
	if err != nil {
		return nil, fmt.Errorf("settings: disable: %w", err)
	}
	enabled, err := ruleSet(s.Enable)
	if err != nil {
		return nil, fmt.Errorf("settings: enable: %w", err)
	}
	return &Linter{cfg: check.Config{Disabled: disabled, Enabled: enabled}}, nil
}

func ruleSet(ids []string) (map[string]bool, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	set := map[string]bool{}
	for _, id := range ids {
		if rules.ByID(id) == nil && id != check.BadSuppression && id != check.UnusedSuppression {
			return nil, fmt.Errorf("unknown rule %q", id)
		}
		set[id] = true
	}
	return set, nil
}

// BuildAnalyzers returns the recoverlint analyzer configured by the
// settings.
func (l *Linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.New(l.cfg)}, nil
}

// GetLoadMode asks for type information: the call checks resolve
// functions and constants through it.
func (l *Linter) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
