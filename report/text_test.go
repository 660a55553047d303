package report_test

import "testing"

func TestTextGolden(t *testing.T) { golden(t, "fixture.txt", render(t, "text")) }
