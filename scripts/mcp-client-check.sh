#!/usr/bin/env bash
# mcp-client-check.sh: the official TypeScript MCP client (npm
# @modelcontextprotocol/sdk, pinned) drives `recoverlint mcp` through
# malformed lines (testdata/mcpclient/malformed.mjs): each gets an error
# reply and the next tool call a correct answer. Then it calls the
# seed-compatible tools with the seed's arguments
# (testdata/mcpclient/seedcompat.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/recoverlint" ./cmd/recoverlint
cd "$work"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund @modelcontextprotocol/sdk@1.32.2 >/dev/null
cp "$top/testdata/mcpclient/malformed.mjs" "$top/testdata/mcpclient/seedcompat.mjs" .
node malformed.mjs "$work/recoverlint"
node seedcompat.mjs "$work/recoverlint" "$top/docs/samples/restart"
