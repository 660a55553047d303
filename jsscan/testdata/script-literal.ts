const script = `#!/usr/bin/env bash
node server.js &
PID=$!
trap 'kill $PID' EXIT
pkill -f other-mcp
`;
