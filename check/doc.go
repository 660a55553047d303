// Package check runs the rules over one file's content: it picks the
// reader for the file's kind (Markdown, plain prompt text, Go, shell,
// Python, JavaScript, data), classifies every text unit with package
// rules, applies suppression comments, and places each finding at its
// line and byte column.
//
// A Markdown or prompt file goes down once, each stage reading what the
// one before it left: the kind comes from the name or the #! line
// (internal/formats); the prefilter reads the raw bytes once and marks
// where route words end (rules.Filter.LineMarks); a file with no complete
// route stops there. The marks pick the sections worth parsing
// (mdscan.Sections; the context words a route needs are asked of the
// sections and headings it could come from), the scanner splits those
// into units (mdscan.ScanSections, or textscan for prompt text and for a
// document too costly for goldmark), and each unit is looked up in the
// marks: only one with a mark has its words read again, to choose the
// rules it is classified with. Code, suppressed files and rules the
// prefilter cannot read take the full path: every unit, every rule.
//
// Each unit is classified as its scanner reaches it and then dropped: a
// check holds the source, the unit at hand and the findings (one per
// rule and line), never a file's worth of units, so that the cost of a
// large file is bounded by what its scanner must keep (issue 18).
//
// It is the one place where front ends (the CLI, the MCP server, the
// reconnect builder's self-check) turn content into findings; none of them
// classifies text on its own.
package check
