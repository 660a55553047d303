package walk

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// git runs git in dir with no global or system configuration.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// indexRepo makes a repository whose index holds paths sharing long
// prefixes (what version 4 compresses), names that fill the padding of
// versions 2 and 3 exactly, and an intent-to-add entry (which needs the
// extended flags of version 3).
func indexRepo(t testing.TB, objectFormat string, version int) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q", "--object-format="+objectFormat, ".")
	var names []string
	for i := range 12 {
		names = append(names, "docs/guide/"+strings.Repeat("p", i)+".md")
	}
	names = append(names, "a-", "a.b", "a/b", "a/c/d/e/f/g.txt", "z"+strings.Repeat("y", 100), "sp ace", "ünï")
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "later.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, append([]string{"add", "--"}, names...)...)
	if version >= 3 {
		git(t, dir, "add", "-N", "later.md")
	}
	git(t, dir, "update-index", "--index-version", strconv.Itoa(version))
	return dir
}

func gitListing(t testing.TB, dir string) []string {
	t.Helper()
	var want []string
	for _, p := range strings.Split(git(t, dir, "ls-files", "-z", "--cached"), "\x00") {
		if p != "" {
			want = append(want, p)
		}
	}
	sort.Strings(want)
	return slices.Compact(want)
}

func TestReadIndexMatchesGit(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		for _, version := range []int{2, 3, 4} {
			t.Run(format+"/v"+strconv.Itoa(version), func(t *testing.T) {
				dir := indexRepo(t, format, version)
				gitDir := filepath.Join(dir, ".git")
				got, err := readIndex(gitDir, gitDir)
				if err != nil {
					t.Fatal(err)
				}
				if want := gitListing(t, dir); !slices.Equal(got, want) {
					t.Errorf("read %q\nwant %q", got, want)
				}
				data, err := os.ReadFile(filepath.Join(gitDir, "index"))
				if err != nil {
					t.Fatal(err)
				}
				if v := int(data[7]); v != version {
					t.Fatalf("git wrote version %d, want %d", v, version)
				}
			})
		}
	}
}

func TestReadIndexMissing(t *testing.T) {
	got, err := readIndex(t.TempDir(), t.TempDir())
	if err != nil || got != nil {
		t.Errorf("missing index: got %q, %v; want nothing and no error", got, err)
	}
}

// TestParseIndexRejectsDamage cuts a real index at every length and flips
// header fields: each damaged copy must give an error, never a panic or a
// silently shorter listing.
func TestParseIndexRejectsDamage(t *testing.T) {
	for _, version := range []int{2, 4} {
		dir := indexRepo(t, "sha1", version)
		data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseIndex(data, 20); err != nil {
			t.Fatalf("v%d: whole index: %v", version, err)
		}
		for n := range len(data) {
			if _, err := parseIndex(data[:n], 20); err == nil {
				t.Errorf("v%d: index cut to %d of %d bytes parsed without error", version, n, len(data))
			}
		}
		for _, tc := range []struct {
			name  string
			at    int
			value byte
		}{
			{"signature", 0, 'X'},
			{"version 1", 7, 1},
			{"version 5", 7, 5},
			{"huge count", 8, 0x7f},
		} {
			bad := slices.Clone(data)
			bad[tc.at] = tc.value
			if _, err := parseIndex(bad, 20); err == nil {
				t.Errorf("v%d: %s: parsed without error", version, tc.name)
			}
		}
	}
}

func TestIndexVarint(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want uint64
		n    int
		ok   bool
	}{
		{[]byte{0x00}, 0, 1, true},
		{[]byte{0x7f}, 127, 1, true},
		{[]byte{0x80, 0x00}, 128, 2, true}, // the +1 per continuation byte
		{[]byte{0x80, 0x7f}, 255, 2, true},
		{[]byte{0x81, 0x00, 0xff}, 256, 2, true},
		{[]byte{0x80}, 0, 0, false},
		{nil, 0, 0, false},
		{bytes.Repeat([]byte{0xff}, 12), 0, 0, false},
	} {
		got, n, err := indexVarint(tc.in)
		if (err == nil) != tc.ok || got != tc.want || n != tc.n {
			t.Errorf("indexVarint(%x) = %d, %d, %v; want %d, %d, ok=%v", tc.in, got, n, err, tc.want, tc.n, tc.ok)
		}
	}
}

func TestObjectNameSize(t *testing.T) {
	for _, tc := range []struct {
		config string
		want   int
	}{
		{"", 20},
		{"[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = sha256\n", 32},
		{"[extensions]\n\tObjectFormat = \"SHA256\"\n", 32},
		{"[extensions]\n\tobjectformat = sha1\n", 20},
		{"[core]\n\tobjectformat = sha256\n", 20}, // wrong section
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "config"), []byte(tc.config), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := objectNameSize(dir); got != tc.want {
			t.Errorf("objectNameSize(%q) = %d, want %d", tc.config, got, tc.want)
		}
	}
}

// FuzzParseIndex checks that no byte string makes the index reader panic
// and that what it accepts is sorted and free of folder entries.
func FuzzParseIndex(f *testing.F) {
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"), false)
	f.Add([]byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x01"), true)
	if _, err := exec.LookPath("git"); err == nil {
		for _, v := range []int{2, 3, 4} {
			dir := indexRepo(f, "sha1", v)
			data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data, false)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, sha256 bool) {
		size := 20
		if sha256 {
			size = 32
		}
		idx, err := parseIndex(data, size)
		if err != nil {
			return
		}
		if !sort.StringsAreSorted(idx.paths) {
			t.Errorf("paths not sorted: %q", idx.paths)
		}
		for _, p := range idx.paths {
			if p == "" || strings.HasSuffix(p, "/") {
				t.Errorf("kept entry %q", p)
			}
		}
	})
}
