// Package baseline records the findings a repository already has, so that
// a check can report only the ones that are new.
//
// A baseline entry keys a finding by its rule, its path (slash-separated,
// relative to the folder that holds the baseline file) and a fingerprint
// of its normalised excerpt. The line number is kept for people reading
// the file but never compared: a finding that moves to another line is
// still known, and one whose line was edited is new again. The entries are
// a multiset: two identical findings in one file need two entries.
package baseline
