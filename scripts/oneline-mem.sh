#!/usr/bin/env bash
# oneline-mem.sh: peak RSS of `recoverlint check` on 16 MiB files that are
# one line, one file per kind (issue 18's bar: under 80 MiB each with the
# default workers). Usage: scripts/oneline-mem.sh [BIN] [DIR]
# BIN defaults to a fresh build; DIR (default a temporary folder) keeps
# the generated files.
set -euo pipefail
bin=${1:-}
dir=${2:-$(mktemp -d)}
if [[ -z $bin ]]; then
	bin=$dir/recoverlint
	go build -o "$bin" ./cmd/recoverlint
fi
mkdir -p "$dir"
size=$((16 << 20))
python3 "$(dirname "$0")/testdata/oneline-gen.py" "$dir" "$size"
printf '| file | peak RSS | time | findings |\n|---|---|---|---|\n'
for f in plain.md recs.md recs.txt recs.sh recs.py recs.js recs.go str.go recs.yaml recs.json recs.toml; do
	set +e
	/usr/bin/time -f '%M %e' -o "$dir/time.out" "$bin" check --no-config --quiet --format json "$dir/$f" > "$dir/out.json" 2> "$dir/err.out"
	rc=$?
	set -e
	read -r kb secs < <(tail -n 1 "$dir/time.out")
	n=$(grep -o '"rule"' "$dir/out.json" | wc -l || true)
	printf '| %s | %d MiB | %s s | %d (exit %d) |\n' "$f" $((kb / 1024)) "$secs" "$n" "$rc"
done
