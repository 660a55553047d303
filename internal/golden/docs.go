package golden

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// Doc is a document a test checks: where it comes from (Key), the file
// name it is checked as and its text.
type Doc struct{ Key, Name, Text string }

// CaseInputs returns the input file of every rule case in dir (the
// txtar sections other than "want"), in file order.
func CaseInputs(t testing.TB, dir string) []Doc {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var docs []Doc
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, af := range ar.Files {
			if af.Name != "want" {
				docs = append(docs, Doc{f + ":" + af.Name, af.Name, string(af.Data)})
			}
		}
	}
	return docs
}

// CorpusDocs returns the cases of a labelled corpus file (one JSON object
// a line; blank lines and // comments skipped), their file and text only:
// no label is read.
func CorpusDocs(t testing.TB, path string) []Doc {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var docs []Doc
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
		docs = append(docs, Doc{path + ":" + c.ID, c.File, c.Text})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return docs
}
