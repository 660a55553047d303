package config_test

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/recoverlint/recoverlint/config"
)

// schema compiles docs/recoverlint.schema.json.
func schema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	raw, err := os.ReadFile("../docs/recoverlint.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("recoverlint.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("recoverlint.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// asJSON reads YAML as the JSON value a schema validator takes.
func asJSON(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("YAML: %v", err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSchemaAgreesWithParser: the template recoverlint init writes and
// every configuration docs/ci.md shows are valid by both the schema and
// the parser; each of a table of broken ones is refused by both.
func TestSchemaAgreesWithParser(t *testing.T) {
	s := schema(t)
	if !strings.HasPrefix(config.Template, "# yaml-language-server: $schema="+config.SchemaURL+"\n") {
		t.Error("the template does not name the schema for editors")
	}
	good := []string{config.Template}
	page, err := os.ReadFile("../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(page), -1) {
		if strings.HasPrefix(b[1], "version:") || strings.HasPrefix(b[1], "custom-rules:") {
			good = append(good, b[1])
		}
	}
	if len(good) < 3 {
		t.Fatalf("only %d configurations to check", len(good))
	}
	for i, text := range good {
		if _, err := config.Parse("example", "/repo", []byte(text)); err != nil {
			t.Errorf("good %d: the parser refuses it: %v", i, err)
		}
		if err := s.Validate(asJSON(t, text)); err != nil {
			t.Errorf("good %d: the schema refuses it: %v", i, err)
		}
	}
	for _, bad := range []string{
		"verbose: true\n",
		"rules:\n  enable: process-kill\n",
		"rules:\n  severity:\n    process-kill: fatal\n",
		"exclude-rules:\n  - paths: [docs/]\n",
		"kinds: [markdown, rst]\n",
		"max-file-size: lots\n",
		"custom-rules:\n  - id: Force_Push\n    words: [force push]\n",
		"custom-rules:\n  - id: force-push\n",
		"custom-rules:\n  - id: force-push\n    words: [force push]\n    needs: always\n",
	} {
		if _, err := config.Parse("bad", "/repo", []byte(bad)); err == nil {
			t.Errorf("the parser accepts %q", bad)
		}
		if err := s.Validate(asJSON(t, bad)); err == nil {
			t.Errorf("the schema accepts %q", bad)
		}
	}
}
