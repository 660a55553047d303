package check_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// caseDoc is a document the tests check: where it comes from, the file
// name it is checked as, and its text.
type caseDoc struct{ key, name, text string }

// txtarInputs returns the input file of every rule case
// (rules/testdata/cases), the section that is not "want".
func txtarInputs(t *testing.T) []caseDoc {
	t.Helper()
	files, err := filepath.Glob("../rules/testdata/cases/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var docs []caseDoc
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, af := range ar.Files {
			if af.Name != "want" {
				docs = append(docs, caseDoc{f + ":" + af.Name, af.Name, string(af.Data)})
			}
		}
	}
	return docs
}

// jsonlDocs returns the cases of a labelled corpus file (one JSON object
// a line; blank lines and // comments skipped), their file and text only:
// no label is read.
func jsonlDocs(t *testing.T, path string) []caseDoc {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var docs []caseDoc
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		var c struct{ ID, File, Text string }
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		docs = append(docs, caseDoc{path + ":" + c.ID, c.File, c.Text})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return docs
}

// devCorpus is the shared dev corpus, when it is beside the project.
const devCorpus = "../../shared/corpus/dev.jsonl"

func haveDevCorpus() bool {
	_, err := os.Stat(devCorpus)
	return err == nil
}
