package pyscan_test

import (
	"flag"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/pyscan"
	"github.com/recoverlint/recoverlint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestGolden(t *testing.T) {
	golden.Run(t, *update, golden.Stem, func(src []byte, name string) string {
		return dump(src, name, pyscan.Scan(src, name))
	})
}

// dump is the shared golden dump of a pyscan result.
func dump(src []byte, name string, res pyscan.Result) string {
	return golden.Dump(src, name, res.Units, res.Calls, res.Err)
}

// checkOffsets fails when a unit's offset map does not fit its text and the source.
func checkOffsets(t testing.TB, src []byte, units []rules.Unit) { golden.CheckOffsets(t, src, units) }
