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
// Context choices the classifier can rely on:
//
//   - Headings is the path of enclosing headings, not the unit's own. A
//     heading inside a block quote or list item applies only inside it.
//   - LeadIn of a list item is the paragraph just before its list; in a
//     nested list the lead-ins of the enclosing lists come first, joined by
//     '\n' (outermost first, at most four). When no paragraph precedes a
//     nested list, its parent item's first paragraph is the lead-in. Table
//     cells take the paragraph before the table the same way.
//   - Label is the emphasised run ("**Bad:**", "**Don't**:") or emoji
//     marker (❌, ✅, ⚠️) that opens the unit's paragraph; a short
//     emphasised phrase standing alone ("**Forbidden recovery paths**")
//     is a label too. A paragraph that
//     is nothing but a label passes it on to what follows in the same
//     container: code blocks, lists, tables and quotes, and the first
//     paragraph if it comes right after the label. It ends at a heading,
//     a thematic break, or a later paragraph that is not a label.
//   - A code block's Before is the paragraph just before it; if that
//     paragraph opened with a label and no other label is in force, the
//     code block takes it.
//   - A code block's or a paragraph's After is the code block right
//     after it, nothing between them: the output a block's commands
//     printed, or the commands a paragraph introduces.
//   - HTML blocks, and HTML comments inside paragraphs, are Prose units with
//     Info "html"; an inline comment's unit follows its paragraph's unit.
//
// A leading YAML front matter block (Cursor's .mdc rules, read by
// package internal/formats, as the prompt-text scanner reads it) becomes
// one FrontMatter unit, and the rest of the document is parsed after it
// with offsets still counted from the start of the source.
//
// goldmark takes time that grows with the square of the container depth
// and, for some runs of unmatched inline punctuation, of a paragraph's
// length. A document whose shape would cost more than a fixed budget is
// not parsed: Scan and ScanSections return ErrCostly, and the caller
// reads it another way (the checker reads it as plain prompt text), so a
// hostile or broken file can neither hang nor crash the scan.
package mdscan
