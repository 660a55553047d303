package walk

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Sizes in a git index entry, before its path (see git's
// Documentation/gitformat-index.txt): ten 32-bit stat and mode fields, the
// object name, then 16 bits of flags.
const (
	indexHeaderLen   = 12
	indexStatLen     = 40
	indexFlagsLen    = 2
	indexExtendedBit = 0x4000
)

// indexFile is what recoverlint needs from a parsed index: the paths it
// records and, for a split index, the name of the shared file that holds
// the rest of them.
type indexFile struct {
	paths  []string
	shared string // hex object name of the shared index, "" when none
}

// parseIndex reads the entries of a git index of version 2, 3 or 4 whose
// object names are hashSize bytes long (20 for SHA-1, 32 for SHA-256).
// Directory entries of a sparse index (paths ending in '/') are left out.
func parseIndex(data []byte, hashSize int) (indexFile, error) {
	var idx indexFile
	if len(data) < indexHeaderLen || string(data[:4]) != "DIRC" {
		return idx, errors.New("not a git index: bad signature")
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return idx, fmt.Errorf("unsupported index version %d", version)
	}
	count := binary.BigEndian.Uint32(data[8:12])
	fixed := indexStatLen + hashSize + indexFlagsLen
	if n := uint64(len(data) / fixed); uint64(count) > n {
		return idx, fmt.Errorf("index claims %d entries in %d bytes", count, len(data))
	}
	idx.paths = make([]string, 0, count)
	off := indexHeaderLen
	prev := ""
	for i := uint32(0); i < count; i++ {
		if off+fixed > len(data) {
			return idx, fmt.Errorf("entry %d: truncated", i)
		}
		flags := binary.BigEndian.Uint16(data[off+fixed-indexFlagsLen:])
		nameAt := off + fixed
		if flags&indexExtendedBit != 0 {
			if version < 3 {
				return idx, fmt.Errorf("entry %d: extended flags in a version %d index", i, version)
			}
			nameAt += 2
		}
		if nameAt > len(data) {
			return idx, fmt.Errorf("entry %d: truncated", i)
		}
		var name string
		if version == 4 {
			strip, n, err := indexVarint(data[nameAt:])
			if err != nil {
				return idx, fmt.Errorf("entry %d: %w", i, err)
			}
			if strip > uint64(len(prev)) {
				return idx, fmt.Errorf("entry %d: strips %d bytes of a %d-byte path", i, strip, len(prev))
			}
			rest := data[nameAt+n:]
			end := bytes.IndexByte(rest, 0)
			if end < 0 {
				return idx, fmt.Errorf("entry %d: path not terminated", i)
			}
			name = prev[:len(prev)-int(strip)] + string(rest[:end])
			off = nameAt + n + end + 1
		} else {
			end := bytes.IndexByte(data[nameAt:], 0)
			if end < 0 {
				return idx, fmt.Errorf("entry %d: path not terminated", i)
			}
			name = string(data[nameAt : nameAt+end])
			// Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
			off += (nameAt - off + end + 8) &^ 7
			if off > len(data) {
				return idx, fmt.Errorf("entry %d: truncated padding", i)
			}
		}
		prev = name
		if name != "" && !strings.HasSuffix(name, "/") {
			idx.paths = append(idx.paths, name)
		}
	}
	shared, err := sharedIndexName(data[off:], hashSize)
	if err != nil {
		return idx, err
	}
	idx.shared = shared
	if !sort.StringsAreSorted(idx.paths) {
		sort.Strings(idx.paths)
	}
	return idx, nil
}

// indexVarint decodes git's offset varint (the encoding of OFS_DELTA in
// packs): seven bits a byte, high bit set on all but the last, and one
// added before each shift so that no value has two encodings. It returns
// the value and the bytes it took.
func indexVarint(b []byte) (uint64, int, error) {
	var v uint64
	for i, c := range b {
		if i > 0 {
			v++
			if v > 1<<56 {
				return 0, 0, errors.New("path prefix length overflows")
			}
			v <<= 7
		}
		v += uint64(c & 0x7f)
		if c&0x80 == 0 {
			return v, i + 1, nil
		}
	}
	return 0, 0, errors.New("path prefix length truncated")
}

// sharedIndexName scans the extensions that follow the entries for the
// split-index "link" extension and returns the shared index's object name
// in hex, or "" when there is none. ext ends with the file's checksum.
func sharedIndexName(ext []byte, hashSize int) (string, error) {
	if len(ext) < hashSize {
		return "", errors.New("index truncated before its checksum")
	}
	ext = ext[:len(ext)-hashSize]
	for len(ext) >= 8 {
		sig := string(ext[:4])
		size := binary.BigEndian.Uint32(ext[4:8])
		if uint64(size) > uint64(len(ext)-8) {
			return "", fmt.Errorf("index extension %q truncated", sig)
		}
		body := ext[8 : 8+size]
		if sig == "link" {
			if len(body) < hashSize {
				return "", errors.New("split index link truncated")
			}
			if name := body[:hashSize]; !allZero(name) {
				return hex.EncodeToString(name), nil
			}
			return "", nil
		}
		ext = ext[8+size:]
	}
	return "", nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// tracked is the sorted set of paths a repository's index records,
// relative to the top of its work tree.
type tracked []string

// has reports whether path is tracked.
func (t tracked) has(path string) bool {
	i := sort.SearchStrings(t, path)
	return i < len(t) && t[i] == path
}

// hasUnder reports whether some tracked path lies below the folder dir.
func (t tracked) hasUnder(dir string) bool {
	prefix := dir + "/"
	i := sort.SearchStrings(t, prefix)
	return i < len(t) && strings.HasPrefix(t[i], prefix)
}
