package controls

import "testing"

func TestIs(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{0x00, true}, {'\t', true}, {'\n', true}, {0x1f, true},
		{' ', false}, {'p', false}, {0x7e, false},
		{0x7f, true}, {0x80, true}, {0x9f, true}, {0xa0, false},
		{0x2029, false}, {0x202a, true}, {0x202e, true}, {0x202f, false},
		{0x2065, false}, {0x2066, true}, {0x2069, true}, {0x206a, false},
		{0xfffd, false}, {'é', false},
	} {
		if got := Is(tc.r); got != tc.want {
			t.Errorf("Is(%U) = %v, want %v", tc.r, got, tc.want)
		}
	}
}
