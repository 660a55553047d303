package check_test

import (
	"os"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
)

// txtarInputs returns the input file of every rule case
// (rules/testdata/cases), the section that is not "want".
func txtarInputs(t *testing.T) []golden.Doc {
	t.Helper()
	return golden.CaseInputs(t, "../rules/testdata/cases")
}

// jsonlDocs returns the cases of a labelled corpus file, their file and
// text only: no label is read.
func jsonlDocs(t *testing.T, path string) []golden.Doc {
	t.Helper()
	return golden.CorpusDocs(t, path)
}

// devCorpus is the shared dev corpus, when it is beside the project.
const devCorpus = "../../shared/corpus/dev.jsonl"

func haveDevCorpus() bool {
	_, err := os.Stat(devCorpus)
	return err == nil
}
