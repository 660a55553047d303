package datascan

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/rules"
)

// streamCases are files where a map's entry is read with entries after
// it, or a unit must wait for one before it: a command with its args
// after other entries or before it, a step's shell after its run, a
// pattern table's label before its pattern, file tasks, comments
// around values, complex keys, flow keys, TOML tables reopened by
// headers and dotted keys, and syntax errors.
var streamCases = []struct{ name, src string }{
	{".mcp.json", `{"mcpServers": {"x": {"args": ["-c", "pkill -f old; exec srv"], "env": {"A": "two words"}, "command": "sh"}, "y": {"command": "kill -9 $(cat srv.pid) now", "note": "If it hangs, restart it"}}}`},
	{".mcp.json", `{"a": {"command": ["pkill", {"x": "not a word list"}], "args": ["y z"]}, "b": {"command": "killall", "args": ["node", 3]}, "c": {"command": {"run": "pkill -f x and more"}}}`},
	{"settings.json", "// lead comment here\n{\n  /* block one */ \"hooks\": [{\"command\": \"rm -f ~/.mcp/sessions/*.json\", \"description\": \"kill the stale session\", \"match\": \"pkill\"}],\n  // trailing words here\n  \"k\": \"two words\" // and a note\n}\n"},
	{"a.json", `[{"description": "kill the stale server", "match": "pkill -9"}, {"match": "x", "description": "force kill all"}, {"description": "ask the operator to reconnect"}]`},
	{"a.json", `{"a": "two words", "b": [1, 2, "three four"` + "\n"},
	{"a.json", `{"a": "two words", "b" 1, "c": "after the error here", "d": "more words"}`},
	{"a.json", `{"a": "two words"} "and then some words"`},
	{".github/workflows/ci.yml", "name: CI for the project\non: push\njobs:\n  a:\n    steps:\n      - run: |\n          srv &\n          echo \"SRV_PID=$!\" >> $GITHUB_ENV\n        name: start it up\n      - name: Stop it now\n        run: kill $SRV_PID\n        shell: pwsh\n      - run: [\"kill $SRV_PID\", [\"pkill -f x\"], {a: b}]\n        shell: bash -e {0}\n      - run: kill $(lsof -t -i :8080)\n"},
	{"action.yml", "runs:\n  steps:\n    - shell: bash\n      run: killall node\n    - run: Stop-Process -Name node\n      shell: pwsh\n    - ? run\n      : pkill -f complex\n"},
	{"task.yaml", "verify:\n  - script:\n      inline: |-\n        #!/usr/bin/env bash\n        pkill -f relay || true\n        echo \"If it hangs, run pkill -f relay\"\n  note: \"#!/bin/sh\\nkill -9 $PID\"\n  text: \"#! not a shell line here\"\n"},
	{".gitlab-ci.yml", "job:\n  script:\n    - make\n    - pkill -f srv\n  after_script: [\"rm -rf ~/.cache/mcp\"]\n"},
	{"package.json", `{"name": "x", "description": "A tool that kills nothing", "scripts": {"reset": "rm -f .gitea/terminal.lock && node x.js", "shell": "node y.js"}}`},
	{"tasks/reload.yml", "- name: Reload the workers now\n  file:\n    path: /srv/app/control/reload.trigger\n    state: touch\n  ansible.builtin.file:\n    name: /srv/other/reload.trigger\n    state: touch\n- name: Mark it done\n  ansible.legacy.file: {state: touch, dest: /srv/app/done.txt, mode: 'a b c'}\n"},
	{"compose.yaml", "# Services that run here\n# over two lines\nservices:\n  x:\n    command: [\"pkill\", \"-f\", \"srv\"]\n    description: the worker that kills\n    entrypoint: two words here\n  y: {command: 'kill -0 1234', args: [a b]}\n? [complex, key list]\n: value of a complex key\n? simple complex key\n: {command: pkill -f complexly}\n{flow: map, [list key]: value here}: x\n"},
	{"a.yaml", "a: one two\n---\nb: three four\n--- plain root text here\n---\n- [a b, {c d: e f}, g: h i]\n- &x {k: two words}\n- *x\n- !tag tagged text here\n"},
	{"a.yaml", "a:\n    b: 1\n  c: two words\n"},
	{"compose.yaml", "? [a b, c d] # c1 here\n: value here # c2 here\nx: [\n  # inside a list\n  one two, # after one\n  three four\n]\ny:\n  command: pkill -f x # trailing note\n  args: [a b] # more words\n{[key list] # in a flow key\n: v}: w\n"},
	{"compose.yaml", "# a lead comment\n\nservers:\n  s:\n    command:\n      # the program here\n      - pkill\n      # its flags here\n      - -f\n    note: two words # between\n    args:\n      - srv # the name of it\n  t:\n    command: |\n      # kill the old one\n      pkill -f old\n    # after the block\n"},
	{"compose.yaml", "x:\n  command: echo \"restart the server if it hangs\" # trailing words\ny:\n  - ? [echo two words, three four] # in a complex key\n    : five six\n"},
	{"compose.yaml", "s:\n  command:\n    - sh\n    - -c\n    - echo \"restart the server if it hangs\" # t1 here\n    - x # t2 here\n    # c1 own line\n    - y\n    # c2 own line\n    - z\n  note: two words\n? - echo two words # k1 here\n  - three four # k2 here\n: five six # k3 here\n"},
	{".mcp.json", `{"s": {"command": "sh", "args": ["-c", "echo 'restart the server if it hangs'" /* inside the args */, "x"]}}`},
	{".mcp.json", `{"command": /* c1 here */ "pkill", /* c2 here */ "x": "two words", "args": [/* c3 here */ "-f", // c4 here` + "\n" + `"srv"], "y": "three four"}`},
	{"t/deployment.yaml", "metadata:\n  name: {{ include \"app.fullname\" . }}\n  labels:\n    {{- include \"app.labels\" . | nindent 4 }}\nregistry:\n  {{.ServerName}}:\n    description: If the relay hangs, run pkill -f relay-mcp\n    command: pkill -f relay\n"},
	{"config.toml", "# a comment here\n[mcp_servers.x]\nargs = [\"-c\", \"kill -9 $(cat srv.pid); srv\"]\nnote = \"two words here\"\ncommand = \"bash\"\n[mcp_servers.y]\ncommand = [\"pkill\", \"-f\", \"y\"]\n[a]\nlabel = \"force kill all\"\n[b]\nx = \"three four\"\n[a]\npattern = \"pkill\"\n"},
	{"a.toml", "t = { a = \"one two\", b.c = \"three four\" }\nt.d = \"five six\"\n[t.e]\nf = \"seven eight\"\n[[arr]]\nx = \"one two\"\n[[arr]]\nx = \"three four\"\n[arr.sub]\ny = \"five six\"\nl = [{m = \"in a list\"}, {m = \"last of the list\"}]\n[l]\nn = \"reopened the last\"\ns = \"a string\"\n[s]\nz = \"out of the tree\"\ns.q = \"dropped value\"\n"},
	{"a.toml", "[task.file]\npath = \"/srv/app/control/reload.trigger\"\n[other]\nk = \"two words\"\n[task.file]\nstate = \"touch\"\n"},
	{"a.toml", "[s]\nk = \"two words\"\n[task.file]\nstate = \"touch\"\npath = \"/srv/app/control/reload.trigger\"\nk = \"some words here\"\n[t]\na.file.state = \"touch\"\na.file.path = \"/srv/app/reload.trigger\"\na.file.k = \"more words here\"\nz.k = \"two words\"\n"},
	{"a.toml", "a = 1 2\nb = \"two words\"\n"},
	{"a.toml", "k = \"\"\"\nline one\nline two\"\"\" # after\nm = '''\nmulti line\ntext here'''\n"},
}

// scanDump is every field of what Scan, or ScanEach, gives.
func scanDump(src []byte, name string, units []rules.Unit, calls []rules.Finding, lexed bool, err error) string {
	var b strings.Builder
	b.WriteString(golden.Dump(src, name, units, calls, err))
	fmt.Fprintf(&b, "lexed %v\n", lexed)
	for _, u := range units {
		fmt.Fprintf(&b, "%+v %v\n", u, u.Offsets.Entries())
	}
	for _, c := range calls {
		fmt.Fprintf(&b, "%+v\n", c)
	}
	return b.String()
}

// twoReadings returns the dumps of src read whole and read as it comes.
func twoReadings(src []byte, name string) (whole, streamed string) {
	r := Scan(src, name)
	units, calls := r.Units, r.Calls
	if r.Err != nil && !r.Lexed {
		units = nil // ScanEach passes none
	}
	whole = scanDump(src, name, units, calls, r.Lexed, r.Err)
	held := heldData
	heldData = -1
	defer func() { heldData = held }()
	var su []rules.Unit
	var sc []rules.Finding
	lexed, err := ScanEach(src, name, func(u rules.Unit) { su = append(su, u) }, func(c rules.Finding) { sc = append(sc, c) })
	return whole, scanDump(src, name, su, sc, lexed, err)
}

// TestTwoReadingsSame checks that a file read as it comes, as a large one
// is, gives what Scan gives: the same units and calls, in the same order.
func TestTwoReadingsSame(t *testing.T) {
	type input struct{ name, src string }
	var inputs []input
	for _, c := range streamCases {
		inputs = append(inputs, input{c.name, c.src})
	}
	for _, name := range golden.Inputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{name, string(src)})
		// the same text under each name that changes how it is read
		for _, as := range []string{".github/workflows/x" + filepath.Ext(name), "package" + filepath.Ext(name)} {
			inputs = append(inputs, input{as, string(src)})
		}
	}
	for i, in := range inputs {
		whole, streamed := twoReadings([]byte(in.src), in.name)
		if whole != streamed {
			t.Errorf("%d %s: read as it comes:\n%s\nread whole:\n%s", i, in.name, golden.Diff(whole, streamed), whole)
		}
	}
}

// fuzzNames are the names FuzzTwoReadingsSame reads its inputs as: each
// format, and the files whose values are commands.
var fuzzNames = []string{"a.yaml", "a.json", "a.toml", ".github/workflows/ci.yml", ".gitlab-ci.yml", "package.json", ".mcp.json", "tasks/main.yml"}

// FuzzTwoReadingsSame is TestTwoReadingsSame on any input, read as any
// of fuzzNames.
func FuzzTwoReadingsSame(f *testing.F) {
	for _, c := range streamCases {
		for i, n := range fuzzNames {
			if filepath.Ext(n) == filepath.Ext(c.name) {
				f.Add([]byte(c.src), uint8(i))
			}
		}
	}
	for _, name := range golden.Inputs(f) {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for i, n := range fuzzNames {
			if filepath.Ext(n) == filepath.Ext(name) {
				f.Add(src, uint8(i))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, as uint8) {
		name := fuzzNames[int(as)%len(fuzzNames)]
		if whole, streamed := twoReadings(src, name); whole != streamed {
			t.Errorf("%s: read as it comes:\n%s\nread whole:\n%s", name, golden.Diff(whole, streamed), whole)
		}
	})
}

// TestLargeTwoReadings reads files past heldData, made of the golden
// inputs and streamCases, both ways: many YAML documents, a JSON array
// of the JSON files (with a syntax error at its end, and without), TOML
// files one after another, and the same under the names of files whose
// values are commands.
func TestLargeTwoReadings(t *testing.T) {
	if testing.Short() {
		t.Skip("reads files of several hundred KiB")
	}
	texts := map[string][]string{}
	add := func(name, src string) {
		ext := filepath.Ext(name)
		if ext == ".yml" {
			ext = ".yaml"
		}
		if ext == ".jsonc" {
			ext = ".json"
		}
		if r := Scan([]byte(src), name); r.Err != nil {
			return // those are read below, at the end of a large file
		}
		texts[ext] = append(texts[ext], src)
		if ext == ".json" && !strings.Contains(src, "//") {
			texts["line"] = append(texts["line"], strings.ReplaceAll(src, "\n", " "))
		}
	}
	for _, c := range streamCases {
		add(c.name, c.src)
	}
	for _, name := range golden.Inputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		add(name, string(src))
	}
	grow := func(parts []string, sep string) string {
		var b strings.Builder
		for b.Len() <= heldData+heldData/4 {
			for _, p := range parts {
				if b.Len() > 0 {
					b.WriteString(sep)
				}
				b.WriteString(p)
			}
		}
		return b.String()
	}
	yaml := grow(texts[".yaml"], "\n---\n")
	json := "[" + grow(texts[".json"], ",\n") + "]"
	toml := grow(texts[".toml"], "\n")
	for _, in := range []struct{ name, src string }{
		{"big.yaml", yaml},
		{"big.yaml", yaml + "\n---\na:\n    b: 1\n  c: two words\n"},
		{".github/workflows/big.yml", yaml},
		{".gitlab-ci.yml", yaml},
		{"tasks/main.yml", yaml},
		{"big.json", json},
		{"big.json", json[:len(json)-1] + `, {"a": "two words" "b": "after the error here"}]`},
		{"package.json", json},
		{".mcp.json", json},
		{"big.toml", toml},
		{"big.toml", toml + "\na = 1 2\nb = \"two words\"\n"},
		{"one-line.json", "[" + grow(texts["line"], ", ") + "]"},
	} {
		whole, streamed := twoReadings([]byte(in.src), in.name)
		t.Logf("%s: %d units, %d calls", in.name, strings.Count(whole, "\nunit "), strings.Count(whole, "\ncall "))
		if whole != streamed {
			t.Errorf("%s (%d bytes): read as it comes:\n%s", in.name, len(in.src), golden.Diff(whole, streamed))
		}
	}
}
