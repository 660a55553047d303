#!/usr/bin/env bash
# oneline-mem.sh: peak RSS of `recoverlint check` on 16 MiB files that are
# one line, one file per kind (issue 18's bar: under 80 MiB each with the
# default workers).
#
#   scripts/oneline-mem.sh [--max MIB] [BIN] [DIR]
#
# BIN defaults to a fresh build; DIR (default a temporary folder) keeps
# the generated files. With --max (CI gives 80) the script exits 1 when a
# file's peak RSS is over MIB, or a check fails (exit 2) or finds nothing
# in a file that holds findings.
set -euo pipefail
limit=0
if [[ ${1:-} == --max ]]; then limit=$2; shift 2; fi
bin=${1:-}
dir=${2:-$(mktemp -d)}
if [[ -z $bin ]]; then
	bin=$dir/recoverlint
	go build -o "$bin" ./cmd/recoverlint
fi
if ! command -v /usr/bin/time >/dev/null 2>&1 && [[ -n ${CI:-} ]]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q time >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q time >/dev/null; }
fi
mkdir -p "$dir"
size=$((16 << 20))
python3 "$(dirname "$0")/testdata/oneline-gen.py" "$dir" "$size"
failed=0
printf '| file | peak RSS | time | findings |\n|---|---|---|---|\n'
for f in plain.md recs.md recs.txt recs.sh recs.py recs.js recs.go str.go recs.yaml recs.json recs.toml; do
	set +e
	/usr/bin/time -f '%M %e' -o "$dir/time.out" "$bin" check --no-config --quiet --format json "$dir/$f" > "$dir/out.json" 2> "$dir/err.out"
	rc=$?
	set -e
	read -r kb secs < <(tail -n 1 "$dir/time.out")
	n=$(grep -o '"rule"' "$dir/out.json" | wc -l || true)
	mib=$((kb / 1024))
	printf '| %s | %d MiB | %s s | %d (exit %d) |\n' "$f" "$mib" "$secs" "$n" "$rc"
	if ((limit > 0)); then
		want=1
		[[ $f == plain.md ]] && want=0
		if ((mib > limit)); then
			echo "oneline-mem: $f peaked at $mib MiB, over $limit MiB" >&2; failed=1
		fi
		if ((rc != want)); then
			echo "oneline-mem: $f: exit $rc, want $want" >&2; sed 's/^/    /' "$dir/err.out" >&2; failed=1
		fi
	fi
done
exit $failed
