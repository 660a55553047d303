package formats

import (
	"bytes"
	"path"
	"strings"
)

// Interpreter returns the program named by a #! line, without its
// directory ("bash", "sh", "python3", "node"), looking through env and its
// options; it returns "" when src opens with no #! line.
func Interpreter(src []byte) string {
	if len(src) < 2 || src[0] != '#' || src[1] != '!' {
		return ""
	}
	line := src[2:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(string(line))
	for i := 0; i < len(f); i++ {
		b := path.Base(f[i])
		if i == 0 && b == "env" {
			continue
		}
		if i > 0 && path.Base(f[0]) == "env" {
			switch {
			case f[i] == "-u" || f[i] == "-C" || f[i] == "--unset" || f[i] == "--chdir":
				i++
				continue
			case strings.HasPrefix(f[i], "-"), strings.Contains(f[i], "="):
				continue
			}
		}
		return b
	}
	return ""
}

// shells are the interpreters whose scripts the shell scanner reads.
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true,
	"ash": true, "mksh": true, "busybox": true, "yash": true, "posh": true}

// IsShell reports whether a program name, as Interpreter returns it, runs
// shell scripts of the kind the shell scanner reads.
func IsShell(interp string) bool { return shells[interp] }
