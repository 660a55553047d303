#!/usr/bin/env bash
# action-run.sh: the shell step of action.yml, which a test also runs on
# a scratch repository. It builds recoverlint from the action's own
# checkout, works out --new-from-rev, runs the check and records the exit
# status as the step's output; the action's last step turns a status
# other than 0 into the job's failure, after the SARIF upload.
set -uo pipefail
action=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/recoverlint-action
out=${GITHUB_OUTPUT:-/dev/null}

if ! (cd "$action" && go build -o "$bin" ./cmd/recoverlint); then
	echo "::error title=recoverlint::could not build recoverlint from $action"
	echo "exit-code=2" >> "$out"
	exit 0
fi

args=(check --format "${RL_FORMAT:-github}")
rev=${RL_NEW_FROM_REV:-}
if [ -z "$rev" ] && [ "${RL_EVENT:-}" = pull_request ] && [ -n "${RL_BASE_REF:-}" ]; then
	if rev=$(git merge-base "origin/$RL_BASE_REF" HEAD 2>/dev/null); then
		echo "recoverlint: checking the lines changed since $rev (the merge base with $RL_BASE_REF)"
	else
		echo "::warning title=recoverlint::no merge base with origin/$RL_BASE_REF (check out with fetch-depth: 0); checking every line"
		rev=
	fi
fi
[ -n "$rev" ] && args+=(--new-from-rev "$rev")
[ -n "${RL_BASELINE:-}" ] && args+=(--baseline "$RL_BASELINE")
# shellcheck disable=SC2206 # the extra arguments and paths are words on purpose
args+=(${RL_ARGS:-} ${RL_PATHS:-.})

if [ "${RL_FORMAT:-github}" = sarif ]; then
	"$bin" "${args[@]}" > recoverlint.sarif
else
	"$bin" "${args[@]}"
fi
code=$?
echo "exit-code=$code" >> "$out"
case $code in
0) echo "recoverlint: no findings" ;;
1) echo "recoverlint: findings (see above); the job fails after the upload" ;;
*) echo "::error title=recoverlint::recoverlint check exited $code" ;;
esac
exit 0
