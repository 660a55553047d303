package rules_test

import (
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

func TestIsTestPath(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"run/run_test.go", true},
		{"tests/test_lock.py", true},
		{"pkg/lock_test.py", true},
		{"conftest.py", true},
		{"src/session.test.ts", true},
		{"src/session.spec.js", true},
		{"web/__tests__/kill.js", true},
		{"goscan/testdata/src/a.go", true},
		{"test/helpers.sh", true},
		{`C:\repo\tests\fixture.yaml`, true},
		{"scripts/test_cleanup.sh", true},
		{"t/restart.bats", true},
		{"core/tools/runCommand.vitest.ts", true},
		{"web/login.e2e.ts", true},
		{"app/tests.py", true},
		{"docs/vitest.config.ts", false},
		{"e2e/run.ts", true},
		{"ui/playwright/teardown.ts", true},
		{"web/cypress/support/commands.js", true},
		{"tools/e2e-report.ts", false},
		{"playwright.config.ts", false},
		{"run/run.go", false},
		{"contest.py", false},
		{"testing/helpers.go", false},
		{"latest/kill.go", false},
		{"attest.ts", false},
		{"mytests/x.py", false},
		{"tests.md", false},
		{"pytest_plugin.py", false},
	} {
		if got := rules.IsTestPath(tc.name); got != tc.want {
			t.Errorf("IsTestPath(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestIsDatasetPath(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"scripts/benchmarks/devbench_dataset.json", true},
		{"server/fixtures/tools.yaml", true},
		{`pkg\testFixtures\mcp.json`, true},
		{"golden/v2/out.json", true},
		{"eval/datasets/qa.jsonl", true},
		{"recall-dataset.v2.json", true},
		// only the two folders above the file: those farther up may lie
		// above the repository checked
		{"fixtures/a/b/c.yaml", false},
		{"tools.json", false},
		{".github/workflows/ci.yml", false},
		{"datascan/scan.yaml", false},
		{"goldenrod/theme.json", false},
		{"data/config.toml", false},
	} {
		if got := rules.IsDatasetPath(tt.name); got != tt.want {
			t.Errorf("IsDatasetPath(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNamesEnvFile(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want bool
	}{
		{`".env.local"`, true},
		{"DOTENV_PATH", true},
		{"envFile", true},
		{"self.env_file", true},
		{"os.environ['APP_ENV_PATH']", true},
		{"envPath", true},
		{"mcpConfigPath", false},
		{"settings_file", false},
		{"environment", false},
	} {
		if got := rules.NamesEnvFile(tc.expr); got != tc.want {
			t.Errorf("NamesEnvFile(%q) = %v, want %v", tc.expr, got, tc.want)
		}
	}
}

func TestNamesWatchedFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"configPath", true},
		{"MCP_CONFIG", true},
		{"cfgFile", true},
		{"CONF_DIR", true},
		{"nginxConf", true},
		{"conf", true},
		{"settingsJson", true},
		{"envFile", true},
		{"DOTENV_PATH", true},
		{"env_path", true},
		{"confirmed", false},
		{"CONFLICTS", false},
		{"confidence", false},
		{"environment", false},
		{"pidFile", false},
		{"", false},
	} {
		if got := rules.NamesWatchedFile(tc.name); got != tc.want {
			t.Errorf("NamesWatchedFile(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestIsWatchedPath(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"~/.cursor/mcp.json", true},
		{".env.local", true},
		{"run/terminal.lock", true},
		{"README.md", false},
		{"src/server.js", false},
	} {
		if got := rules.IsWatchedPath(tc.path); got != tc.want {
			t.Errorf("IsWatchedPath(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}
