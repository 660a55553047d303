package rules

import (
	"math"
	"strings"
	"testing"
)

func TestScoreArithmetic(t *testing.T) {
	for _, tc := range []struct {
		name    string
		s       Score
		p, r, f float64
	}{
		{"perfect", Score{TP: 4}, 1, 1, 1},
		{"nothing expected or reported", Score{}, 1, 1, 1},
		{"only misses", Score{FN: 3}, 1, 0, 0},
		{"only false alarms", Score{FP: 2}, 0, 1, 0},
		{"mixed", Score{TP: 3, FP: 1, FN: 3}, 0.75, 0.5, 0.6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, v := range []struct {
				what      string
				got, want float64
			}{{"precision", tc.s.Precision(), tc.p}, {"recall", tc.s.Recall(), tc.r}, {"F1", tc.s.F1(), tc.f}} {
				if math.Abs(v.got-v.want) > 1e-9 {
					t.Errorf("%s of %+v = %v, want %v", v.what, tc.s, v.got, v.want)
				}
			}
		})
	}
}

func TestTrust(t *testing.T) {
	m := Measurement{Date: "2026-01-02", Cases: 10, ByRule: map[string]Score{"x": {TP: 3, FP: 1, FN: 3}}}
	if got := m.Trust("unmeasured"); got != "" {
		t.Errorf("Trust of an unmeasured rule = %q, want empty", got)
	}
	got := m.Trust("x")
	for _, want := range []string{"precision 0.75", "recall 0.50", "6 expected findings", "10 cases", "2026-01-02"} {
		if !strings.Contains(got, want) {
			t.Errorf("Trust = %q, missing %q", got, want)
		}
	}
}
