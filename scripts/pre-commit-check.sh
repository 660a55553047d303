#!/usr/bin/env bash
# Proves the pre-commit hook end to end with the real pre-commit: in a
# temporary git repository, `pre-commit try-repo` on this checkout (a local
# clone: nothing is fetched from a forge) builds the hook with the machine's
# Go and runs it on the staged files. It must fail on staged files that
# recommend a forbidden recovery action, pass on clean ones, select rule
# files that have no type tag (.cursorrules-style names, .cursor/rules/),
# leave other files alone and honour the repository's .recoverlint.yml.
#
# Installs Debian's pre-commit when it is missing (as root). Uses the
# committed state of this checkout, plus its modified tracked files.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
fixtures="$checkout/scripts/testdata/pre-commit"

if ! command -v pre-commit >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "== installing pre-commit from Debian"
		apt-get update -qq >/dev/null
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit >/dev/null
	else
		echo "pre-commit is not installed; run: apt-get install pre-commit" >&2
		exit 1
	fi
fi
echo "== $(pre-commit --version)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the hook is built by `go install ./...` with the machine's Go: no
# toolchain download, the shared module cache, no VCS stamping
export GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
GOMODCACHE=$(go env GOMODCACHE)
export GOMODCACHE
export GIT_AUTHOR_NAME=recoverlint GIT_AUTHOR_EMAIL=ci@recoverlint.invalid
export GIT_COMMITTER_NAME=recoverlint GIT_COMMITTER_EMAIL=ci@recoverlint.invalid
export PRE_COMMIT_COLOR=never

project="$work/project"
git init -q "$project"
cd "$project"

# stage: path in the project <- fixture
stage() {
	mkdir -p "$(dirname "$1")"
	cp "$2" "$1"
	git add -- "$1"
}

try_hook() {
	set +e
	pre-commit try-repo "$checkout" recoverlint >"$work/out" 2>&1
	local code=$?
	set -e
	return $code
}

passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { # bad WHAT: a check that failed
	echo "FAIL: $1"
	failed=$((failed + 1))
}

echo "== staged files that recommend a forbidden action"
stage AGENTS.md "$fixtures/bad.md"
stage .cursorrules "$fixtures/bad.rules"
stage .cursor/rules/ops.mdc "$fixtures/bad.md"
stage tools/notes.py "$fixtures/bad.rules" # not a file the hook sees
stage vendor/old.md "$fixtures/bad.md"     # excluded by the config
stage .recoverlint.yml "$fixtures/recoverlint.yml"
if try_hook; then bad "the hook passed on staged files that recommend pkill"; else ok; fi
cat "$work/out"
for want in 'AGENTS.md:3:6: process-kill' '.cursorrules:1:31: process-kill' '.cursor/rules/ops.mdc:3:6: process-kill' '^recoverlint\.*Failed'; do
	if grep -q -- "$want" "$work/out"; then ok; else bad "the output does not contain $want"; fi
done
for unwanted in 'tools/notes.py' 'vendor/old.md'; do
	if grep -q -- "$unwanted" "$work/out"; then bad "the output names $unwanted"; else ok; fi
done

echo "== the same files, fixed"
stage AGENTS.md "$fixtures/clean.md"
stage .cursorrules "$fixtures/clean.rules"
stage .cursor/rules/ops.mdc "$fixtures/clean.md"
if try_hook; then ok; else bad "the hook failed on clean staged files"; fi
cat "$work/out"
if grep -q '^recoverlint\.*Passed' "$work/out"; then ok; else bad "the hook did not report Passed"; fi

echo "pre-commit: $passed passed, $failed failed"
[ "$failed" = 0 ]
