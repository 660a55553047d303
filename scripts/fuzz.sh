#!/usr/bin/env bash
# Runs every fuzz target of the module for a budget each, one after
# another, and prints a line per target: package, target, budget, the
# executions done and the result, after the commit fuzzed. CI runs it with a short budget so a
# target that no longer builds or crashes on its seeds fails the run;
# before a release it is run with the longer budget of docs/ci.md.
#
#   scripts/fuzz.sh [-p N] BUDGET [REGEXP]
#
# BUDGET is a go test -fuzztime value: a time (10m) or a count (500x;
# what CI gives, since a short deadline that falls while the fuzzer
# minimises a new input fails with "context deadline exceeded"); REGEXP,
# when given,
# keeps only the targets whose "package.Target" name it matches. -p sets
# the fuzzing workers of each target (go test -parallel; default 1, so
# the run leaves the other cores to other work). A crash leaves the
# failing input under the package's testdata/fuzz, as go test does, and
# the script exits 1 after trying the remaining targets.
set -uo pipefail
cd "$(dirname "$0")/.."

par=1
if [ "${1:-}" = "-p" ]; then par=$2; shift 2; fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: scripts/fuzz.sh [-p N] BUDGET [REGEXP]" >&2; exit 2
fi
budget=$1
filter=${2:-.}

targets=$(git ls-files '*_test.go' | xargs grep -H '^func Fuzz[A-Za-z0-9_]*(' |
	sed -E 's#^(.*)/[^/]*_test\.go:func (Fuzz[A-Za-z0-9_]*)\(.*#\1 \2#' | sort -u)
if [ -z "$targets" ]; then echo "no fuzz targets found" >&2; exit 2; fi

rev=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain -- '*.go')" ]; then rev="$rev+dirty"; fi
failed=0
ran=0
while read -r dir name; do
	echo "$dir.$name" | grep -Eq -- "$filter" || continue
	ran=$((ran + 1))
	log=$(mktemp)
	start=$(date +%s)
	if go test -run '^$' -fuzz "^${name}\$" -fuzztime "$budget" -parallel "$par" "./$dir" >"$log" 2>&1; then
		result=ok
	elif grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
		# the toolchain fails a target whose time ran out while it was
		# minimising a new input; nothing failed, and nothing was written
		result="ok (deadline)"
	else
		result=FAIL
		failed=1
	fi
	secs=$(($(date +%s) - start))
	execs=$(grep -Eo 'execs: [0-9]+' "$log" | tail -1 | awk '{print $2}')
	if [ -z "$execs" ] && [ "$result" = ok ] && [[ $budget =~ ^[0-9]+x$ ]]; then
		execs=${budget%x} # done before the first progress line
	fi
	printf '%s\t%s\t%s\t%s\t%ss\texecs %s\t%s\n' "$rev" "$dir" "$name" "$budget" "$secs" "${execs:-?}" "$result"
	if [ "$result" = FAIL ]; then sed 's/^/    /' "$log" | tail -30; fi
	rm -f "$log"
done <<<"$targets"

if [ "$ran" -eq 0 ]; then echo "no fuzz target matches $filter" >&2; exit 2; fi
exit $failed
