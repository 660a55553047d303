package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"recoverlint": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI scripts in testdata/script: each one calls the
// real command and compares its output and exit status.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// writebytes FILE HEX... writes raw bytes (NUL, invalid UTF-8) that
			// a txtar file cannot hold.
			"writebytes": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: writebytes FILE TEXT-WITH-\\xNN-ESCAPES")
				}
				data, err := unescape(args[1])
				ts.Check(err)
				ts.Check(os.MkdirAll(filepath.Dir(ts.MkAbs(args[0])), 0o755))
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
			},
			// exits N PROG ARGS... runs PROG as exec does and requires exit
			// status N: "! exec" passes on any status but 0, and a run's
			// failure (2) must not pass for a finding (1).
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 || neg {
					ts.Fatalf("usage: exits N PROG [ARGS...]")
				}
				err := ts.Exec(args[1], args[2:]...)
				code := 0
				var ee *exec.ExitError
				switch {
				case errors.As(err, &ee):
					code = ee.ExitCode()
				case err != nil:
					ts.Fatalf("%s: %v", args[1], err)
				}
				if strconv.Itoa(code) != args[0] {
					ts.Fatalf("%s exited %d, want %s", args[1], code, args[0])
				}
			},
			// mkfifo FILE makes a named pipe, a path that cannot be read as a file.
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
			},
			// bigfile FILE N writes N bytes of prose.
			"bigfile": func(ts *testscript.TestScript, neg bool, args []string) {
				ts.Check(os.MkdirAll(filepath.Dir(ts.MkAbs(args[0])), 0o755))
				f, err := os.Create(ts.MkAbs(args[0]))
				ts.Check(err)
				defer f.Close()
				n := 0
				for _, c := range args[1] {
					n = n*10 + int(c-'0')
				}
				line := []byte("Nothing to see here, just a long and harmless document.\n")
				for w := 0; w < n; w += len(line) {
					_, err := f.Write(line)
					ts.Check(err)
				}
			},
		},
		Setup: func(env *testscript.Env) error {
			// keep a git repository above the work dir from changing what is walked
			return os.WriteFile(filepath.Join(env.WorkDir, ".git-ceiling"), nil, 0o644)
		},
	})
}

// unescape decodes \xNN and \n escapes in s.
func unescape(s string) ([]byte, error) {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == 'n' {
			out = append(out, '\n')
			i++
			continue
		}
		if s[i] == '\\' && i+3 < len(s) && s[i+1] == 'x' {
			var v byte
			for _, c := range s[i+2 : i+4] {
				v <<= 4
				switch {
				case c >= '0' && c <= '9':
					v |= byte(c - '0')
				case c >= 'a' && c <= 'f':
					v |= byte(c-'a') + 10
				case c >= 'A' && c <= 'F':
					v |= byte(c-'A') + 10
				default:
					return nil, os.ErrInvalid
				}
			}
			out = append(out, v)
			i += 3
			continue
		}
		out = append(out, s[i])
	}
	return out, nil
}
