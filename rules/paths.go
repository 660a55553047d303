package rules

import (
	"path"
	"strings"
)

// IsTestPath reports whether a source file's name marks it as test code
// by its language's conventions or by the folder it sits in: *_test.go,
// test_*.py, *_test.py, conftest.py, *.test.* and *.spec.* (JS/TS),
// test_*.sh, *_test.sh and *.bats, and anything under testdata/, tests/,
// test/, __tests__/ or an end-to-end runner's folder (e2e/, cypress/,
// playwright/). SPEC: test code performs no finding; its calls are
// fixtures and its strings are data. Only the name is read, with '/' or
// '\' between folders.
func IsTestPath(name string) bool {
	n := strings.ReplaceAll(name, "\\", "/")
	b := path.Base(n)
	switch {
	case strings.HasSuffix(b, "_test.go"),
		strings.HasPrefix(b, "test_") && (strings.HasSuffix(b, ".py") || strings.HasSuffix(b, ".sh")),
		strings.HasSuffix(b, "_test.py"), strings.HasSuffix(b, "_test.sh"), strings.HasSuffix(b, ".bats"),
		b == "conftest.py", b == "tests.py", // Django's per-app tests module
		strings.Contains(b, ".test.") || strings.Contains(b, ".spec."),
		// the suffixes test runners are set to collect: Vitest's
		// "*.vitest.ts" beside Jest's tests, Playwright's "*.e2e.ts"
		strings.Contains(b, ".vitest.") || strings.Contains(b, ".e2e."):
		return true
	}
	dir := "/" + path.Dir(n) + "/"
	// e2e/, cypress/ and playwright/ are the end-to-end runners' folders
	// (Cypress's own layout, Playwright's and Angular's usual one): their
	// setup and teardown start and stop the test's own servers
	for _, d := range [...]string{"/testdata/", "/tests/", "/test/", "/__tests__/", "/e2e/", "/cypress/", "/playwright/"} {
		if strings.Contains(dir, d) {
			return true
		}
	}
	return false
}

// IsDatasetPath reports whether a data file's name says that its strings
// are data a program reads — a dataset, fixtures, golden outputs — not
// text shown to people or agents: its base name or one of the two folders
// above it holds the word dataset, fixture or golden ("devbench_dataset.json", "fixtures/tools.yaml",
// "golden/v2/out.json"). Folders farther up are not read: they may lie
// above the repository checked. SPEC: test inputs and expected outputs
// are data, a mention. The check asks it of YAML, JSON and TOML files
// only.
func IsDatasetPath(name string) bool {
	n := strings.ReplaceAll(name, "\\", "/")
	base := path.Base(n)
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	parts := append(strings.Split(path.Dir(n), "/"), base)
	for _, part := range parts[max(0, len(parts)-3):] {
		for _, w := range nameWords(part) {
			switch w {
			case "dataset", "datasets", "fixture", "fixtures", "golden", "goldens":
				return true
			}
		}
	}
	return false
}

// IsWatchedPath reports whether p names a file a client or server reads
// its setup from and a watcher may reload on: a client's config, an env
// file or session state. The code scanners ask it of the paths a call
// touches, writes or a name is bound to.
func IsWatchedPath(p string) bool {
	l := strings.ToLower(p)
	return isConfigFile(l) || isEnvFile(l) || isStateFile(l)
}

// NamesWatchedFile reports whether an identifier (a variable, constant,
// parameter or shell $NAME) is named for a config, settings or env file
// whose value the code does not spell out: configPath, MCP_CONFIG,
// cfgFile, $CONF_DIR, settingsJson, envFile, DOTENV_PATH. "conf" counts
// as a whole part of the name only, so confirmed and conflicts are none.
// Every code scanner asks it, so the languages cannot drift apart.
func NamesWatchedFile(name string) bool {
	l := strings.ToLower(name)
	if strings.Contains(l, "config") || strings.Contains(l, "cfg") || strings.Contains(l, "settings") || NamesEnvFile(l) {
		return true
	}
	for _, p := range nameWords(name) {
		if p == "conf" || p == "confs" || p == "ini" || p == "inis" {
			return true
		}
	}
	return false
}
