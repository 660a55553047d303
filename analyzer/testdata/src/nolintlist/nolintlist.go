// Package nolintlist holds golangci-lint's list form of //nolint, which
// the analyzer reads too.
package nolintlist

import "errors"

var errA = errors.New("bridge is stale: run `pkill -f bridge` and retry") //nolint:errcheck,recoverlint // quoted from the incident report

var errB = errors.New("bridge is stale: run `pkill -f bridge` and retry") //nolint:errcheck // want "a process by hand"
