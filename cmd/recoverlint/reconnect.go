package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/recoverlint/recoverlint/internal/shown"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/recoverlint/recoverlint/reconnect"
)

const reconnectUsage = `usage: recoverlint reconnect --namespace NS [--namespace NS2 ...] [flags]
       recoverlint reconnect --request FILE|-

Prints the sanctioned reconnect request for the named MCP namespaces as JSON.
It performs nothing: the operator reconnects through the host's own control.
Exit status: 0 when the request was built, 2 on bad input (the message names
the field) or when its text fails the self-check.

flags:
`

// runReconnect is "recoverlint reconnect": flags (or a JSON request) in,
// the payload out as indented JSON.
func runReconnect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("recoverlint reconnect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), reconnectUsage)
		fs.PrintDefaults()
	}

	var (
		req       reconnect.Request
		reason    string
		client    string
		boundary  string
		pid       int
		namespace listFlag
		preflight listFlag
		reqPath   string
	)
	fs.Var(&namespace, "namespace", "MCP namespace (server name) to reconnect; repeat for more")
	fs.StringVar(&reason, "reason", "", "why: stale-runtime, transport_eof, missing_namespace, not_required or unspecified")
	fs.StringVar(&client, "client", "", "agent host: codex (default), claude_code, claude_desktop, vscode or generic")
	fs.StringVar(&req.Profile, "profile", "", "active execution profile")
	fs.IntVar(&pid, "pid", 0, "server process id reported by the host")
	fs.StringVar(&req.SessionID, "session-id", "", "MCP session id")
	fs.StringVar(&req.StartupSHA, "startup-sha", "", "revision the runtime started on")
	fs.StringVar(&req.CurrentMasterSHA, "current-master-sha", "", "current head of master")
	fs.StringVar(&boundary, "boundary-status", "", "boundary status from a probe: clean, mismatch, stale or unknown (default: derived)")
	fs.Var(triFlag{&req.LiveStale}, "live-stale", "a probe found the running server stale")
	fs.Var(triFlag{&req.InParity}, "in-parity", "the capability resolver agrees with master")
	fs.Var(triFlag{&req.RestartRequired}, "restart-required", "the capability resolver reports restart_required")
	fs.Var(triFlag{&req.StopRequired}, "stop-required", "the capability resolver reports stop_required")
	fs.IntVar(&req.PriorAttempts, "prior-attempts", 0, "earlier reconnect requests that did not bring the tools back")
	fs.Var(&preflight, "preflight", "tool to rerun after the reconnect, in order; repeat for more (default whoami, resolve_task_capability, original_task)")
	fs.StringVar(&reqPath, "request", "", "read the request as JSON from FILE, or from standard input for -")

	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "recoverlint reconnect: unexpected argument %q\n", fs.Arg(0))
		return 2
	}

	fromFlags := reqPath == ""
	if fromFlags {
		given := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		if given["pid"] && pid <= 0 {
			fmt.Fprintln(stderr, "recoverlint reconnect: pid (--pid): must be a positive process id")
			return 2
		}
		req.Namespaces = namespace
		req.Preflight = preflight
		req.PID = pid
		req.Reason = reconnect.Reason(reason)
		req.Client = reconnect.Client(client)
		req.BoundaryStatus = reconnect.Boundary(boundary)
	} else {
		if fs.NFlag() > 1 {
			fmt.Fprintln(stderr, "recoverlint reconnect: --request cannot be combined with other flags")
			return 2
		}
		r, err := readRequest(reqPath, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "recoverlint reconnect: request: %v\n", err)
			return 2
		}
		req = r
	}

	p, err := reconnect.Build(req)
	if err != nil {
		fmt.Fprintf(stderr, "recoverlint reconnect: %s\n", describeBuildError(err, fromFlags))
		return 2
	}
	out, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "recoverlint reconnect: %v\n", err)
		return 2
	}
	out = append(out, '\n')
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "recoverlint reconnect: writing output: %v\n", err)
		return 2
	}
	return 0
}

// readRequest decodes one JSON request; unknown fields are refused.
func readRequest(path string, stdin io.Reader) (reconnect.Request, error) {
	var req reconnect.Request
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return req, fmt.Errorf("opening %s: %w", path, err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return req, fmt.Errorf("reading: %w", err)
	}
	if k := reconnect.RepeatedKey(data); k != "" {
		return req, fmt.Errorf("decoding JSON: the field %s is given twice", shown.Value(k))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		// encoding/json names an unknown field as given: it is input, and
		// is repeated only when it has the shape of a name
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			if n, uerr := strconv.Unquote(name); uerr == nil {
				return req, fmt.Errorf("decoding JSON: unknown field %s", shown.Value(n))
			}
			return req, errors.New("decoding JSON: an unknown field")
		}
		return req, fmt.Errorf("decoding JSON: %w", err)
	}
	if dec.More() {
		return req, errors.New("decoding JSON: more than one value")
	}
	return req, nil
}

// describeBuildError names the field of a refused request and, for a
// request given as flags, the flag that sets it.
func describeBuildError(err error, fromFlags bool) string {
	var fe *reconnect.FieldError
	if !errors.As(err, &fe) || !fromFlags {
		return err.Error()
	}
	name, _, _ := strings.Cut(fe.Field, "[")
	switch {
	case name == "prior_recovery_attempts":
		name = "prior-attempts"
	case strings.HasPrefix(name, "extra"):
		return err.Error()
	default:
		name = strings.ReplaceAll(name, "_", "-")
	}
	return fmt.Sprintf("%s (--%s): %s", fe.Field, name, fe.Problem)
}

// listFlag collects a repeated string flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// triFlag sets a *bool that stays nil unless the flag is given, so that
// "not known" differs from false. "--flag" alone means true.
type triFlag struct{ p **bool }

func (t triFlag) String() string {
	if t.p == nil || *t.p == nil {
		return ""
	}
	return strconv.FormatBool(**t.p)
}

func (t triFlag) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("must be true or false")
	}
	*t.p = &b
	return nil
}

func (t triFlag) IsBoolFlag() bool { return true }
