package formats

import (
	"bytes"

	"github.com/recoverlint/recoverlint/rules"
)

// bom is the UTF-8 byte order mark some editors write at the start of a file.
const bom = "\xEF\xBB\xBF"

// FrontMatter splits a leading YAML front matter block off src: a first
// line "---" and a closing line "---" or "...", as in Cursor's .mdc rules.
// It returns the offset where the rest of the document starts, 0 when src
// does not open with a complete block, and the block's content (without
// the fence lines) as a FrontMatter unit whose offsets point into src. The
// unit is the zero Unit when the block is empty.
func FrontMatter(src []byte, path string) (rules.Unit, int) {
	content, stop, after := frontMatter(src)
	if stop <= content {
		return rules.Unit{}, after
	}
	return rules.NewUnit(rules.FrontMatter, src, content, stop, rules.Context{Path: path}), after
}

// FrontMatterEnd returns where the document after a leading front matter
// block starts (0 when there is none), as FrontMatter does, without
// building the block's unit.
func FrontMatterEnd(src []byte) int {
	_, _, after := frontMatter(src)
	return after
}

// frontMatter returns the bounds of a leading block's content and where
// the document after it starts; all three are 0 when there is no block.
func frontMatter(src []byte) (content, stop, after int) {
	start := 0
	if bytes.HasPrefix(src, []byte(bom)) {
		start = len(bom)
	}
	next, ok := fenceLine(src, start, "---")
	if !ok {
		return 0, 0, 0
	}
	for pos := next; pos < len(src); {
		end, after := lineEnd(src, pos)
		line := bytes.TrimRight(src[pos:end], " \t\r")
		if string(line) == "---" || string(line) == "..." {
			stop := pos
			// the content ends before the line break that precedes the
			// closing fence
			if stop > next && src[stop-1] == '\n' {
				stop--
			}
			if stop > next && src[stop-1] == '\r' {
				stop--
			}
			return next, stop, after
		}
		pos = after
	}
	return 0, 0, 0
}

// fenceLine reports whether the line at pos is exactly fence, allowing
// trailing blanks, and returns the offset of the next line.
func fenceLine(src []byte, pos int, fence string) (int, bool) {
	end, after := lineEnd(src, pos)
	if end == len(src) && after == len(src) && end == pos {
		return 0, false
	}
	line := bytes.TrimRight(src[pos:end], " \t\r")
	return after, string(line) == fence && end < len(src)
}

// lineEnd returns the offset of the '\n' that ends the line at pos (or
// len(src)) and the offset where the next line starts.
func lineEnd(src []byte, pos int) (end, next int) {
	i := bytes.IndexByte(src[pos:], '\n')
	if i < 0 {
		return len(src), len(src)
	}
	return pos + i, pos + i + 1
}
