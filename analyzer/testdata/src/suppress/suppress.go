// Package suppress holds suppression comments, used and not.
package suppress

import (
	"errors"
	"syscall"
)

var errA = errors.New("bridge is stale: run `pkill -f bridge` and retry") //nolint:recoverlint

//nolint:recoverlint
var errB = errors.New("bridge is stale: run `pkill -f bridge` and retry")

var errC = errors.New("bridge is stale: run `pkill -f bridge` and retry") //recoverlint:ignore process-kill quoted from the incident report

//recoverlint:ignore process-kill -- shown to operators, not agents
var errD = errors.New("bridge is stale: run `pkill -f bridge` and retry")

//recoverlint:ignore all quoted from the incident report
var errE = errors.New("bridge is stale: run `pkill -f bridge` and retry")

func stop(pid int) error {
	return syscall.Kill(pid, syscall.SIGTERM) //nolint:recoverlint
}

// want +2 "suppresses nothing"
//
//recoverlint:ignore mtime-reload names the wrong rule
var errF = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"

// want +2 "gives no reason"
//
//recoverlint:ignore process-kill
var errG = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"

// want +2 "unknown rule"
//
//recoverlint:ignore process-kil typo in the rule id
var errH = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"

// want +2 "names no rule"
//
//recoverlint:ignore
var errI = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"

// want +1 "suppresses nothing"
//nolint:recoverlint

var errJ = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"

var errK = errors.New("bridge is stale: never pkill it; request a reconnect") //nolint:recoverlint // want "suppresses nothing"

// want +2 "unknown directive"
//
//recoverlint:ignored process-kill quoted from the incident report
var errL = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"

// The editor's quick fix writes this placeholder; until a reason replaces
// it, the suppression is bad and silences nothing.
//
// want +2 "placeholder"
//
//recoverlint:ignore process-kill -- <why this is not a recommendation>
var errM = errors.New("bridge is stale: run `pkill -f bridge` and retry") // want "a process by hand"
