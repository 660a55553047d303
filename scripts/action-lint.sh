#!/usr/bin/env bash
# action-lint.sh: actionlint (from the Go module proxy) on the example
# workflow, and on a workflow that uses the repository's action.yml as a
# local action, which makes actionlint check the action's metadata and
# the inputs the workflow passes.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
actionlint() { (cd "$work" && GOFLAGS=-mod=mod go run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12 -shellcheck= "$@"); }

echo "== actionlint: docs/samples/action-workflow.yml"
actionlint "$top/docs/samples/action-workflow.yml"

echo "== actionlint: action.yml as a local action"
mkdir -p "$work/.github/workflows"
cp "$top/action.yml" "$work/action.yml"
mkdir -p "$work/scripts" && cp "$top/scripts/action-run.sh" "$work/scripts/"
cat > "$work/.github/workflows/local.yml" <<'YML'
name: local
on: pull_request
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - id: rl
        uses: ./
        with:
          format: github
          paths: docs
      - run: echo "exit ${{ steps.rl.outputs.exit-code }}"
YML
(cd "$work" && git init -q . && actionlint .github/workflows/local.yml)

echo "== actionlint: a wrong input is caught"
sed -i 's/format: github/formatt: github/' "$work/.github/workflows/local.yml"
if (cd "$work" && actionlint .github/workflows/local.yml) >/dev/null 2>&1; then
	echo "actionlint accepted an input action.yml does not define"; exit 1
fi
echo "ok: actionlint validates the action and its example"
