#!/usr/bin/env bash
# End-to-end check of recoverlint's Go integrations (docs/go.md):
#
#   1. builds recoverlint-vet (the analyzer as a go vet tool) and the
#      custom golangci-lint v2.15.0 with the recoverlint module plugin
#      (tools/gcl, its own module; needs only Go and the module proxy);
#   2. writes a small sample module and checks that `go vet -vettool=…`
#      and the custom golangci-lint report exactly the expected findings,
#      with file:line:col, and honour //nolint:recoverlint and
#      //recoverlint:ignore;
#   3. checks that both report nothing on this repository.
#
# The first build of golangci-lint takes minutes and a large build cache;
# later runs reuse the cache. Set RECOVERLINT_BIN to a directory to keep
# the two binaries there (default: a temporary directory, removed on exit).
# Set SKIP_REPO=1 to check only the sample module.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${RECOVERLINT_BIN:-$work/bin}
mkdir -p "$bin"
export GOWORK=off
export GOLANGCI_LINT_CACHE=$work/golangci-cache # results of an older plugin build are never reused

vettool=$bin/recoverlint-vet
gcl=$bin/golangci-lint-recoverlint

echo "== build recoverlint-vet"
(cd "$root" && go build -buildvcs=false -o "$vettool" ./cmd/recoverlint-vet)

echo "== build golangci-lint v2.15.0 with the recoverlint plugin (tools/gcl)"
start=$(date +%s)
(cd "$root/tools/gcl" && go build -buildvcs=false -o "$gcl" .)
echo "built in $(($(date +%s) - start))s: $("$gcl" version 2>&1 | head -n 1)"

# The sample module: findings through text, through types (a renamed
# import, a process of unknown origin) and suppressed ones.
sample=$work/sample
mkdir -p "$sample"
cp "$root/scripts/testdata/gcl-sample/go.mod.txt" "$sample/go.mod"
cp "$root/scripts/testdata/gcl-sample/sample.go" "$sample/sample.go"
cp "$root/scripts/testdata/gcl-sample/golangci.yml" "$sample/.golangci.yml"
cat >"$work/want" <<'EOF'
sample.go:10:31
sample.go:11:50
sample.go:13:47
sample.go:21:45
sample.go:23:43
EOF

# positions FILE: the sorted file:line:col of every finding line in FILE.
positions() {
	grep -oE '^sample\.go:[0-9]+:[0-9]+' "$1" | sort -t: -k2,2n -k3,3n -u || true
}

# expect NAME STATUS: the tool exited 1 (findings) and found what is wanted.
expect() {
	local name=$1 status=$2 out=$3
	if [ "$status" -ne 1 ] && [ "$status" -ne 3 ]; then
		echo "FAIL: $name exited $status, want findings"; cat "$out"; exit 1
	fi
	if ! diff -u "$work/want" <(positions "$out") >"$work/diff"; then
		echo "FAIL: $name reports other findings than wanted (- want, + got):"
		cat "$work/diff"; echo "--- output:"; cat "$out"; exit 1
	fi
	echo "ok: $name reports the $(wc -l <"$work/want") expected findings and honours the suppressions"
}

echo "== go vet -vettool on the sample module"
status=0
(cd "$sample" && go vet -vettool="$vettool" ./... >"$work/vet.out" 2>&1) || status=$?
expect "go vet -vettool=recoverlint-vet" "$status" "$work/vet.out"

echo "== custom golangci-lint on the sample module"
status=0
(cd "$sample" && "$gcl" run ./... >"$work/gcl.out" 2>&1) || status=$?
grep -q '(recoverlint)' "$work/gcl.out" || { echo "FAIL: no finding is attributed to recoverlint"; cat "$work/gcl.out"; exit 1; }
expect "golangci-lint (recoverlint build)" "$status" "$work/gcl.out"

echo "== custom golangci-lint with a bad plugin setting: the error once, exit 3"
(cd "$root/tools/gcl" && go test -count=1 .)
bad=$work/bad-settings
mkdir -p "$bad"
cp "$sample/go.mod" "$sample/sample.go" "$bad/"
sed 's/^\(        description: .*\)$/\1\n        settings:\n          disable: [no-such-rule]/' "$sample/.golangci.yml" >"$bad/.golangci.yml"
status=0
(cd "$bad" && "$gcl" run ./... >"$work/bad.out" 2>&1) || status=$?
if [ "$status" -ne 3 ] || [ "$(grep -c 'unknown rule "no-such-rule"' "$work/bad.out")" -ne 1 ]; then
	echo "FAIL: want exit 3 and the settings error once, got exit $status:"; cat "$work/bad.out"; exit 1
fi
echo "ok: $(cat "$work/bad.out")"

if [ "${SKIP_REPO:-0}" = 1 ]; then
	exit 0
fi

echo "== go vet -vettool on the repository"
if ! (cd "$root" && go vet -vettool="$vettool" ./...); then
	echo "FAIL: go vet -vettool=recoverlint-vet reports the findings above in this repository"; exit 1
fi
echo "ok: nothing reported"

echo "== custom golangci-lint on the repository (.golangci.yml)"
if ! (cd "$root" && "$gcl" run ./...); then
	echo "FAIL: golangci-lint (recoverlint build) reports the issues above in this repository"; exit 1
fi
echo "ok: nothing reported"
