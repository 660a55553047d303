package main

import "testing"

func TestCobraSilenced(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"run", "./..."}, false},
		{[]string{"-v", "run"}, false},
		{nil, false},
		{[]string{"migrate"}, true},
		{[]string{"--verbose", "migrate", "--skip-validation"}, true},
		{[]string{"config", "verify"}, true},
		{[]string{"config", "path"}, false},
		{[]string{"config"}, false},
		{[]string{"linters"}, false},
	} {
		if got := cobraSilenced(tc.args); got != tc.want {
			t.Errorf("cobraSilenced(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
