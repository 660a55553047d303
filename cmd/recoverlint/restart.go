package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/recoverlint/recoverlint/restart"
)

// maxInventorySize bounds what restart-impact reads; a control-plane
// inventory is far smaller.
const maxInventorySize = 32 << 20

// restartHost is what restart-impact takes from the machine it runs on;
// tests replace it.
type restartHost struct {
	lookupEnv func(string) (string, bool)
	now       func() time.Time
	probe     restart.Prober
}

func runRestartImpact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return restartImpact(args, stdin, stdout, stderr, restartHost{
		lookupEnv: os.LookupEnv,
		now:       time.Now,
		probe:     restart.ProcessAlive,
	})
}

const restartUsage = `usage: recoverlint restart-impact --inventory FILE|- [flags]

Reads a control-plane inventory (JSON, see docs/restart-inventory.schema.json)
and prints the restart-impact report (JSON). It never restarts anything.
Exit status: 0 the restart is allowed, 1 it is denied (or --apply was given),
2 bad input.

flags:
`

func restartImpact(args []string, stdin io.Reader, stdout, stderr io.Writer, host restartHost) int {
	fs := flag.NewFlagSet("restart-impact", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, restartUsage)
		fs.PrintDefaults()
	}
	var (
		inventory = fs.String("inventory", "", "inventory `file` to read, or - for standard input (required)")
		nowFlag   = fs.String("now", "", "evaluation `time` in RFC 3339 (default: the current time)")
		window    = fs.Duration("heartbeat-window", restart.DefaultHeartbeatWindow, "how recent a heartbeat must be for a session to be live")
		maxAge    = fs.Duration("max-age", restart.DefaultMaxInventoryAge, "how old the inventory may be before it counts as incomplete")
		session   = fs.String("session", "", "`id` of the session asking for the restart; it is not counted as disrupted")
		override  = fs.Bool("request-override", false, "state the intent to override; it takes effect only with operator authority in the environment")
		envName   = fs.String("override-env", restart.DefaultOverrideEnv, "environment `variable` that carries operator restart authority")
		noProbe   = fs.Bool("no-probe", false, "do not probe unknown pid liveness on this host (for inventories taken elsewhere)")
		apply     = fs.Bool("apply", false, "ask to apply the restart: nothing is performed, because applying needs a drain proof")
	)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "recoverlint restart-impact: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q; the inventory is given with --inventory", fs.Arg(0))
	}
	if *inventory == "" {
		return fail("--inventory FILE or --inventory - is required")
	}
	if *window <= 0 {
		return fail("--heartbeat-window must be positive, got %s", *window)
	}
	if *maxAge <= 0 {
		return fail("--max-age must be positive, got %s", *maxAge)
	}
	if *envName == "" {
		return fail("--override-env must name a variable")
	}
	now := host.now().UTC().Truncate(time.Second)
	if *nowFlag != "" {
		t, err := time.Parse(time.RFC3339Nano, *nowFlag)
		if err != nil {
			return fail("--now %q: want an RFC 3339 time such as 2026-07-24T06:00:00Z", *nowFlag)
		}
		now = t.UTC()
	}

	name, data, err := readInventory(*inventory, stdin)
	if err != nil {
		return fail("%v", err)
	}
	inv, err := restart.Decode(data)
	if err != nil {
		return fail("%s:%v", name, err)
	}
	if !*noProbe {
		inv = restart.ProbePIDs(inv, host.probe)
	}
	report := restart.Evaluate(inv, restart.Options{
		Now:               now,
		HeartbeatWindow:   *window,
		MaxInventoryAge:   *maxAge,
		RequestingSession: *session,
		RequestOverride:   *override,
		OverrideEnv:       *envName,
		LookupEnv:         host.lookupEnv,
		ApplyRequested:    *apply,
	})

	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(report); err != nil {
		return fail("writing the report: %v", err)
	}
	if *apply {
		fmt.Fprintln(stderr, "recoverlint restart-impact: "+restart.ApplyRefusal)
		return 1
	}
	if !report.AllowRestart {
		return 1
	}
	return 0
}

// readInventory returns the inventory's display name and content.
func readInventory(path string, stdin io.Reader) (string, []byte, error) {
	name := path
	var r io.Reader
	if path == "-" {
		name, r = "stdin", stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return name, nil, fmt.Errorf("reading inventory: %w", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInventorySize+1))
	if err != nil {
		return name, nil, fmt.Errorf("reading inventory %s: %w", name, err)
	}
	if len(data) > maxInventorySize {
		return name, nil, fmt.Errorf("reading inventory %s: larger than %d bytes", name, maxInventorySize)
	}
	return name, data, nil
}
