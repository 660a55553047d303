#!/usr/bin/env bash
# Integration test harness: starts its own server and stops only that.
set -e

./bin/server --port 9000 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT

worker --queue jobs & pids+=($!)
sleep 2

if ! kill -0 "$SERVER_PID" 2>/dev/null; then
  echo "server died during start-up" >&2
  exit 1
fi

kill -l >/dev/null
kill %1 || true
kill "${pids[@]}"
cleanup() { pkill -P $$ || true; }
cleanup
wait
