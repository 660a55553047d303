#!/usr/bin/env bash
# Validates recoverlint's SARIF output with tools from the npm registry:
#
#  1. the SARIF 2.1.0 JSON schemas that Microsoft's packages ship (the
#     multitool's sarif-2.1.0.json and the draft-04 2.1.0-rtm.5 schema of
#     @microsoft/jest-sarif) are fetched with `npm pack` and handed to the
#     report package's TestSARIFSchema, which must run, not skip;
#  2. Microsoft's SARIF multitool validates a real run's log with its SARIF
#     and GitHub ingestion rules (--rule-kind "Sarif;Gh"): any error fails,
#     and so does any warning but SARIF2005 on a development build, whose
#     version is the word "devel".
#
# Nothing is installed globally and no schema is committed to the repo.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
multitool_pkg=@microsoft/sarif-multitool-linux@5.7.0
schema_pkg=@microsoft/jest-sarif@1.0.0-beta.0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== fetching $multitool_pkg and $schema_pkg"
for pkg in "$multitool_pkg" "$schema_pkg"; do
	tarball=$(cd "$work" && npm pack --silent "$pkg")
	mkdir -p "$work/${tarball%.tgz}"
	tar -xzf "$work/$tarball" -C "$work/${tarball%.tgz}"
	rm "$work/$tarball"
done
multitool_dir=$(echo "$work"/microsoft-sarif-multitool-linux-*/package)
schemas="$multitool_dir/sarif-2.1.0.json:$(echo "$work"/microsoft-jest-sarif-*/package/lib/schemas/sarif-2.1.0-rtm.5.json)"
multitool="$multitool_dir/Sarif.Multitool"
chmod +x "$multitool"

passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() {
	echo "FAIL: $1"
	failed=$((failed + 1))
}

echo "== go test ./report -run TestSARIFSchema against the npm schemas"
cd "$checkout"
if RECOVERLINT_SARIF_SCHEMAS="$schemas" go test -count=1 -v -run 'TestSARIFSchema' ./report >"$work/test.out" 2>&1 &&
	grep -q -- '--- PASS: TestSARIFSchema ' "$work/test.out" && ! grep -q -- '--- SKIP' "$work/test.out"; then
	ok
else
	bad "TestSARIFSchema did not pass against the npm schemas"
fi
grep -E -- '--- (PASS|FAIL|SKIP)|sarif_test' "$work/test.out" || true

echo "== the multitool's SARIF and GitHub rules on a real run"
go build -o "$work/recoverlint" ./cmd/recoverlint
set +e
(cd scripts/testdata/sarif && "$work/recoverlint" check --format sarif . missing.md >"$work/run.sarif")
code=$?
set -e
if [ "$code" = 2 ]; then ok; else bad "recoverlint check exited $code, want 2 (findings and a missing file)"; fi
"$multitool" validate "$work/run.sarif" -o "$work/validation.sarif" --rule-kind "Sarif;Gh" >"$work/validate.out" 2>&1 ||
	bad "the multitool did not run"
grep -E ': (error|warning) ' "$work/validate.out" || true
problems=$(grep -E ': (error|warning) ' "$work/validate.out" | grep -v -E "warning SARIF2005: .*'version' property 'devel'" || true)
if [ -z "$problems" ]; then ok; else bad "the multitool reports errors or warnings"; fi
grep -q 'Analysis completed successfully' "$work/validate.out" && ok || bad "the multitool did not complete"
# the multitool must catch a log that GitHub would refuse: a result
# without locations
node -e '
const fs = require("fs");
const log = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
delete log.runs[0].results[0].locations;
fs.writeFileSync(process.argv[2], JSON.stringify(log));
' "$work/run.sarif" "$work/broken.sarif"
"$multitool" validate "$work/broken.sarif" -o "$work/broken-validation.sarif" --rule-kind "Sarif;Gh" >"$work/broken.out" 2>&1 || true
if grep -q -E ': error GH[0-9]+' "$work/broken.out"; then ok; else bad "the multitool accepted a result without locations"; fi
# the log holds what the fixture must produce
for want in '"ruleId": "process-kill"' '"ruleId": "mtime-reload"' '"level": "warning"' '"columnKind": "utf16CodeUnits"' '"executionSuccessful": false'; do
	if grep -q -- "$want" "$work/run.sarif"; then ok; else bad "the log has no $want"; fi
done

echo "sarif: $passed passed, $failed failed"
[ "$failed" = 0 ]
