package datascan_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/datascan"
	"github.com/recoverlint/recoverlint/rules"
)

// texts renders units as "kind:text" with their headings after a '@'.
func texts(units []rules.Unit) []string {
	var out []string
	for _, u := range units {
		s := u.Kind.String() + ":" + u.Text
		if len(u.Ctx.Headings) > 0 {
			s += "@" + strings.Join(u.Ctx.Headings, "/")
		}
		out = append(out, s)
	}
	return out
}

func TestUnits(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string
	}{
		{"yaml plain", "a.yaml", "key: two words\n", []string{"string:two words@key"}},
		{"yaml plain over lines", "a.yaml", "key: first line\n  second line\nnext: x\n", []string{"string:first line second line@key"}},
		{"yaml double quotes", "a.yaml", "k: \"tab\\there \\\"q\\\" \\u00e9 a\"\n", []string{"string:tab\there \"q\" é a@k"}},
		{"yaml single quotes", "a.yaml", "k: 'it''s here'\n", []string{"string:it's here@k"}},
		{"yaml quoted folding", "a.yaml", "k: \"one\n  two\n\n  three\"\n", []string{"prose:one two\nthree@k"}},
		{"yaml literal block", "a.yaml", "k: |\n  # Title\n\n  Body text.\n", []string{"heading:Title@k", "prose:Body text.@k/Title"}},
		{"yaml literal block with CRLF", "a.yaml", "k: |\r\n  one two\r\n  three four\r\n", []string{"prose:one two\nthree four@k"}},
		{"yaml folded block", "a.yaml", "k: >-\n  one line\n  and more\n", []string{"string:one line and more@k"}},
		{"yaml sequence", "a.yaml", "list:\n- first item here\n- second: with key\n", []string{"string:first item here@list", "string:with key@list/second"}},
		{"yaml nested keys humanized", "a.yaml", "recoverySteps:\n  on_stale: ask the operator\n", []string{"string:ask the operator@recovery steps/on stale"}},
		{"yaml flow", "a.yaml", "k: [one two, {a: three four}]\n", []string{"string:one two@k", "string:three four@k/a"}},
		{"yaml comments grouped", "a.yaml", "# one\n# two\nk: v\n", []string{"comment:one\ntwo"}},
		{"yaml directives skipped", "a.yaml", "# yaml-language-server: $schema=x.json\n# recoverlint:ignore process-kill -- fixture\nk: v\n", nil},
		{"yaml documents", "a.yaml", "a: one two\n---\nb: three four\n", []string{"string:one two@a", "string:three four@b"}},
		{"yaml complex keys", "a.yaml", "? - one two\n  - three four\n: five six\n? seven eight\n: [nine ten]\n",
			[]string{"string:one two", "string:three four", "string:five six", "string:nine ten@seven eight"}},
		{"yaml anchors skipped", "a.yaml", "a: &x two words\nb: *x\n", []string{"string:two words@a"}},
		{"yaml data key skipped", "a.yaml", "bad_examples:\n  - kill the server\n", nil},
		{"yaml single word skipped", "a.yaml", "k: word\n", nil},
		{"yaml pattern table labels skipped", "a.yaml", "rules:\n  - pattern: '\\bkill\\s+-9'\n    reason: kill all processes\n  - reason: force kill\n    regex: taskkill /F\n    message: ask the operator to reconnect\n",
			[]string{"string:ask the operator to reconnect@rules/message"}},
		{"json pattern table labels skipped", "a.json", `[{"match": "pkill -9", "description": "kill by name"}, {"description": "kill the stale server", "command": "x"}]`,
			[]string{"string:kill the stale server@description"}},
		{"json strings", "a.json", `{"k": "two words", "n": 3, "l": ["three four", true]}`, []string{"string:two words@k", "string:three four@l"}},
		{"json escapes", "a.json", `{"k": "a\tb \u00e9 \ud83d\ude00 \"q\""}`, []string{"string:a\tb é 😀 \"q\"@k"}},
		{"json comments", "a.json", "{\n  // note one\n  \"k\": 1 /* note two */\n}", []string{"comment:note one", "comment:note two"}},
		{"json keys are not text", "a.json", `{"a long key": 1}`, nil},
		{"toml strings", "a.toml", "k = \"two words\"\n[t]\nm = 'three four'\n", []string{"string:two words@k", "string:three four@t/m"}},
		{"toml multi-line", "a.toml", "k = \"\"\"\nline one\nline two\"\"\"\n", []string{"prose:line one\nline two@k"}},
		{"toml line-end backslash", "a.toml", "k = \"\"\"one \\\n   two\"\"\"\n", []string{"string:one two@k"}},
		{"toml array of tables", "a.toml", "[[t]]\nx = \"one two\"\n[[t]]\nx = \"three four\"\n", []string{"string:one two@t/x", "string:three four@t/x"}},
		{"toml inline table", "a.toml", "t = { a = \"one two\", b.c = \"three four\" }\n", []string{"string:one two@t/a", "string:three four@t/b/c"}},
		{"toml comment", "a.toml", "# one\nk = 1 # two\n", []string{"comment:one", "comment:two"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := datascan.Scan([]byte(tc.src), tc.file)
			if res.Err != nil {
				t.Fatalf("unexpected error: %v", res.Err)
			}
			checkOffsets(t, []byte(tc.src), res.Units)
			got := texts(res.Units)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("units = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCalls(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string // rule text
	}{
		{"mcp entry args", ".mcp.json", `{"mcpServers": {"x": {"command": "sh", "args": ["-c", "pkill -f old; exec srv"]}}}`, []string{"process-kill pkill"}},
		{"mcp entry program", ".mcp.json", `{"mcpServers": {"x": {"command": "killall", "args": ["node"]}}}`, []string{"process-kill killall"}},
		{"hook command line", "settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "rm -f ~/.mcp/sessions/*.json"}]}]}}`, []string{"session-state-edit rm"}},
		{"command list", "compose.yaml", "services:\n  x:\n    command: [\"pkill\", \"-f\", \"srv\"]\n", []string{"process-kill pkill"}},
		{"workflow run", ".github/workflows/ci.yml", "jobs:\n  a:\n    steps:\n      - run: |\n          echo start here\n          touch .mcp.json\n", []string{"mtime-reload touch"}},
		{"composite action", "action.yml", "runs:\n  steps:\n    - run: killall node\n      shell: bash\n", []string{"process-kill killall"}},
		{"gitlab script list", ".gitlab-ci.yml", "job:\n  script:\n    - make\n    - pkill -f srv\n", []string{"process-kill pkill"}},
		{"package script", "package.json", `{"scripts": {"reset": "rm -f .gitea/terminal.lock && node x.js"}}`, []string{"session-state-edit rm"}},
		{"ansible file task touching a reload trigger", "tasks/reload.yml", "- name: Reload the workers\n  ansible.builtin.file:\n    path: /srv/app/control/reload.trigger\n    state: touch\n", []string{"mtime-reload touch"}},
		{"ansible file task creating a marker", "tasks/mark.yml", "- name: Mark done\n  file:\n    path: /srv/app/done.txt\n    state: touch\n", nil},
		{"ansible file task removing", "tasks/rm.yml", "- file:\n    path: /srv/app/control/reload.trigger\n    state: absent\n", nil},
		{"codex toml", "config.toml", "[mcp_servers.x]\ncommand = \"bash\"\nargs = [\"-c\", \"kill -9 $(cat srv.pid); srv\"]\n", []string{"process-kill kill"}},

		{"a later step kills a pid found by port", ".github/workflows/ci.yml", "jobs:\n  a:\n    steps:\n      - run: |\n          srv &\n          echo \"SRV_PID=$!\" >> $GITHUB_ENV\n      - run: kill $(lsof -t -i :8080)\n", []string{"process-kill kill"}},

		{"benign mcp entry", ".mcp.json", `{"mcpServers": {"x": {"command": "npx", "args": ["-y", "pkg"]}}}`, nil},
		{"run outside workflows", "notes.yml", "run: pkill -f srv\n", nil},
		{"scripts outside package.json", "other.json", `{"scripts": {"x": "pkill -f srv"}}`, nil},
		{"pwsh step is code text", ".github/workflows/ci.yml", "jobs:\n  a:\n    steps:\n      - run: Stop-Process -Name node\n        shell: pwsh\n", nil},
		{"kill -0 probe", ".mcp.json", `{"x": {"command": "kill -0 1234"}}`, nil},
		{"a later step kills an earlier step's child", ".github/workflows/ci.yml", "jobs:\n  a:\n    steps:\n      - run: |\n          kubectl proxy &\n          echo \"PROXY_PID=$!\" >> $GITHUB_ENV\n      - run: kill $PROXY_PID || true\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := datascan.Scan([]byte(tc.src), tc.file)
			if res.Err != nil {
				t.Fatalf("unexpected error: %v", res.Err)
			}
			var got []string
			for _, f := range res.Calls {
				got = append(got, f.Rule+" "+tc.src[f.Start:f.End])
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("calls = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, file, src, want string }{
		{"json unclosed object", "a.json", `{"a": 1`, "a.json:1:1: unclosed object"},
		{"json missing colon", "a.json", `{"a" 1}`, "expected ':'"},
		{"json trailing text", "a.json", `{} x`, "unexpected 'x' after the value"},
		{"json unterminated string", "a.json", "{\"a\": \"b\n}", "unterminated string"},
		{"yaml bad indentation", "a.yaml", "a:\n    b: 1\n  c: 2\n", "a.yaml:3:3: expected a mapping key"},
		{"yaml unterminated quote", "a.yaml", "a: 'open\n", "unterminated quoted scalar"},
		{"yaml unclosed flow", "a.yaml", "a: [1, 2\n", "unclosed flow collection"},
		{"toml missing equals", "a.toml", "a 1\n", "a.toml:1:3: expected '='"},
		{"toml unclosed header", "a.toml", "[a\n", "unclosed table header"},
		{"toml trailing text", "a.toml", "a = 1 2\n", "unexpected"},
		{"toml date with time is one value", "a.toml", "a = 1979-05-27 07:32:00 x\n", "1:25: unexpected 'x'"},
		{"toml unterminated multi-line", "a.toml", "a = \"\"\"open\n", "unterminated multi-line string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := datascan.Scan([]byte(tc.src), tc.file)
			if res.Err == nil || !strings.Contains(res.Err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", res.Err, tc.want)
			}
		})
	}
}

// TestUnitBytes: outside escapes and folded line breaks, every byte of a
// unit is the source byte its offset names.
func TestUnitBytes(t *testing.T) {
	for _, tc := range []struct{ file, src string }{
		{"a.yaml", "# note one\n# note two\nk: plain text\n  over lines\nq: \"quoted text\"\nb: |\n  Block text here.\n  - item one\nf: [flow text, {x: more text}]\n"},
		{"a.json", "{\n  // a comment here\n  \"k\": \"json text value\",\n  \"l\": [\"item text one\"]\n}\n"},
		{"a.toml", "# a comment here\nk = \"toml text value\"\nm = '''\nmulti line\ntext here'''\n"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			res := datascan.Scan([]byte(tc.src), tc.file)
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if len(res.Units) < 3 {
				t.Fatalf("got %d units, want at least 3", len(res.Units))
			}
			checkOffsets(t, []byte(tc.src), res.Units)
			for _, u := range res.Units {
				for i := 0; i < len(u.Text); i++ {
					if c := u.Text[i]; c != ' ' && c != '\n' && tc.src[u.Offsets.At(i)] != c {
						t.Errorf("unit %q byte %d: text %q, source %q", u.Text, i, c, tc.src[u.Offsets.At(i)])
						break
					}
				}
			}
		})
	}
}

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		want datascan.Format
		ok   bool
	}{
		{"a.yaml", datascan.YAML, true}, {"b.YML", datascan.YAML, true}, {".mcp.json", datascan.JSON, true},
		{"x.jsonc", datascan.JSON, true}, {"config.toml", datascan.TOML, true}, {"README.md", datascan.YAML, false},
	} {
		if f, ok := datascan.FormatOf(tc.name); f != tc.want || ok != tc.ok {
			t.Errorf("FormatOf(%q) = %v, %v; want %v, %v", tc.name, f, ok, tc.want, tc.ok)
		}
	}
	// a name with no known extension is sniffed
	if res := datascan.Scan([]byte(`{"k": "two words"}`), "settings"); len(res.Units) != 1 || res.Err != nil {
		t.Errorf("JSON without extension: %d units, error %v", len(res.Units), res.Err)
	}
}

// TestClassified: the key path reads as headings, so a value under a
// troubleshooting key that recommends killing is a finding and the same
// value under a forbidden key is not.
func TestClassified(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"recommends", "troubleshooting:\n  - If the server hangs, run pkill -f gitea-mcp and retry.\n", 1},
		{"listed as forbidden", "never_do:\n  - If the server hangs, run pkill -f gitea-mcp and retry.\n", 0},
		{"bans", "rules:\n  - Never run pkill on MCP servers; ask the operator to reconnect.\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := datascan.Scan([]byte(tc.src), "agent.yaml")
			n := 0
			for _, u := range res.Units {
				for _, f := range rules.Classify(u, rules.All) {
					if f.Rule == "process-kill" && tc.src[f.Start:f.End] == "pkill" {
						n++
					}
				}
			}
			if n != tc.want {
				t.Errorf("got %d process-kill findings at pkill, want %d", n, tc.want)
			}
		})
	}
}

// TestDeepTOML: dotted keys and table headers of 16,000 segments are
// refused at the depth limit, like deep JSON, instead of building (and
// copying) a 16,000-level path; what precedes them is still read.
func TestDeepTOML(t *testing.T) {
	deep := strings.Repeat("k.", 16000) + "k"
	for _, src := range []string{
		"hint = \"If the relay hangs, ask the operator\"\n" + deep + " = \"x\"\n",
		"hint = \"If the relay hangs, ask the operator\"\n[" + deep + "]\nx = \"y\"\n",
	} {
		res := datascan.Scan([]byte(src), "deep.toml")
		if res.Err == nil || !strings.Contains(res.Err.Error(), "deeper than") {
			t.Errorf("error %v, want the depth limit", res.Err)
		}
		if len(res.Units) != 1 {
			t.Errorf("%d units, want the hint before the deep key", len(res.Units))
		}
	}
}

func BenchmarkDeepTOML(b *testing.B) {
	src := []byte(strings.Repeat("k.", 16000) + "k = \"x\"\n")
	for b.Loop() {
		datascan.Scan(src, "deep.toml")
	}
}

// TestGoTemplates: a Helm chart's or another Go template's YAML is read
// with its actions blanked, offsets unchanged: a standalone action, an
// action as a value and an action as a key all leave valid YAML, and the
// text around them is still checked. YAML that is broken otherwise stays
// an error.
func TestGoTemplates(t *testing.T) {
	src := "metadata:\n  name: {{ include \"app.fullname\" . }}\n  labels:\n    {{- include \"app.labels\" . | nindent 4 }}\nregistry:\n  {{.ServerName}}:\n    description: If the relay hangs, run pkill -f relay-mcp\n"
	res := datascan.Scan([]byte(src), "templates/deployment.yaml")
	if res.Err != nil {
		t.Fatalf("error %v, want the template read", res.Err)
	}
	found := false
	for _, u := range res.Units {
		if strings.Contains(u.Text, "pkill") {
			found = true
			if k := strings.Index(u.Text, "pkill"); src[u.Offsets.At(k):u.Offsets.At(k)+5] != "pkill" {
				t.Errorf("offset of pkill points at %q", src[u.Offsets.At(k):u.Offsets.At(k)+5])
			}
		}
	}
	if !found {
		t.Errorf("the description under a templated key was not read: %v", res.Units)
	}
	if res := datascan.Scan([]byte("a: {{ .X }}\nb\n"), "t.yaml"); res.Err == nil {
		t.Error("broken YAML with a template action gave no error")
	}
}
