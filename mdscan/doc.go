// Package mdscan splits Markdown documents into text units for the
// classifier, using goldmark with GitHub tables, strikethrough and task
// lists.
//
// Each heading, paragraph (at the top level, in a list item, in a block
// quote or in a table cell), code block and HTML block becomes one unit
// whose text is what a reader sees: emphasis markers, link targets and
// HTML comments removed, inline code kept without its backticks and listed
// in Unit.Code, line breaks as '\n'. Every byte of a unit's text maps back
// to its byte offset in the source, and each unit carries the context a
// reader would use to judge it: the heading path, the sentence that
// introduces its list, its table column and row, a "Bad:" or ❌ label, the
// info string of a code block and the paragraph before it.
//
// A leading YAML front matter block (Cursor's .mdc rules) becomes one
// FrontMatter unit, and the rest of the document is parsed after it with
// offsets still counted from the start of the source.
//
// goldmark takes time that grows with the square of the container depth
// and, for some runs of unmatched inline punctuation, of a paragraph's
// length. A document whose shape would cost more than a fixed budget is
// read by the plain prompt-text scanner (package textscan) instead, so a
// hostile or broken file can neither hang nor crash the scan.
package mdscan
