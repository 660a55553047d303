// Package disabled is checked with process-kill disabled in the settings.
package disabled

import "errors"

var errStale = errors.New("bridge is stale: run `pkill -f bridge` and retry")

var errAuth = errors.New("gitea returned 401: add a fresh GITEA_TOKEN to .env and restart the server") // want "a .env file"
