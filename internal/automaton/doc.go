// Package automaton finds, in one pass over raw bytes, where words of
// many pattern groups end, reading the text as a renderer and a folding
// reader may have changed it. It is the engine of the rules' prefilter,
// which asks it which groups a file, a section or a unit holds before
// anything is parsed.
//
// Compile turns groups of patterns (words with '^' and '$' for their
// bounds, ' ' for blanks, '%' for any word, '\' for a path separator) into
// one DFA over byte classes. DFA.Marks scans a text
// for the places where groups end, DFA.Contains stops at the first, and
// DFA.Groups reads a rendered text. Building a DFA of a few thousand
// states takes a good part of a second, so AppendTable writes it to a
// table file and Load reads it back in milliseconds, only for the very
// groups and syntax it was made from.
//
// The automaton knows no file format. What the reader may remove is
// configured by the caller in a Syntax: the bytes that may vanish from
// between two letters (a byte class), the bytes at which a stretch that
// vanishes as a whole may open (a byte class) with a function that says
// where it ends, how a non-ASCII rune folds, and a guard for groups that
// count only before certain text. It reads each vanishing byte both as
// nothing and as a separator, and the text both with and without each
// stretch. Markdown is the only syntax recoverlint configures (the rules'
// prefilterSyntax), but it stays out of here on purpose: the rules read
// the raw bytes of every kind of file with this automaton (Go and shell
// sources too, for the facts of a whole document); nothing in the
// construction, the streams or the codec depends on Markdown; and which
// bytes rendering removes and where a link target or inline HTML ends is
// a Markdown reader's knowledge, kept in package markup, small and tested
// on its own, where it can follow CommonMark without touching the
// automaton (it cannot live in mdscan, which imports the rules).
//
// Speed: a step waits for the table load of the step before, so a longer
// text is read as two or four streams in lockstep, each from a paragraph
// start, and the processor overlaps their loads; one table lookup per
// byte both classifies it and says whether it needs the slow path (a rune
// to fold, an opener).
package automaton
