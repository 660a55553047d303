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
python3 - "$dir" "$size" <<'PY'
import sys
d, size = sys.argv[1], int(sys.argv[2])
rec = "If the MCP server hangs, run pkill -f mcp_server and retry."
def fill(head, unit, tail, sep=""):
    body, n = [], len(head) + len(tail)
    while n + len(unit) + len(sep) < size:
        body.append(unit); n += len(unit) + len(sep)
    return head + sep.join(body) + tail
files = {
    "plain.md": fill("", "lorem ipsum dolor sit amet ", ""),
    "recs.md": fill("", "If the MCP server hangs, run `pkill -f mcp_server` and retry. ", ""),
    "recs.txt": fill("", rec + " ", ""),
    "recs.sh": fill("", 'echo "%s"; pkill -f mcp_server; ' % rec, ""),
    "recs.py": fill("import os; ", 'print("%s"); os.kill(pid, 9); ' % rec, ""),
    "recs.js": fill("", 'console.log("%s"); process.kill(pid); ' % rec, ""),
    "recs.go": fill('package p; import "syscall"; func f(pid int) { ', 'println("%s"); syscall.Kill(pid, 9); ' % rec, "}"),
    "str.go": fill('package p; var s = "', rec + " ", '"'),
    "recs.yaml": fill("{", 'k: "%s"' % rec, "}", ", "),
    "recs.json": fill("[", '"%s"' % rec, "]", ","),
    "recs.toml": fill("a = [", '"%s"' % rec, "]", ", "),
}
for name, text in files.items():
    with open(f"{d}/{name}", "w") as f:
        f.write(text)
PY
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
