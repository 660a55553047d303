#!/usr/bin/env python3
"""oneline-gen.py DIR SIZE: write one file of SIZE bytes per kind into DIR,
each a single line (inputs of scripts/oneline-mem.sh, test data)."""
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
