package check

// MentionsRecoverlint exposes mentionsRecoverlint to the tests.
var MentionsRecoverlint = mentionsRecoverlint

// SetScanHook sets the hook run before each scan; nil removes it.
func SetScanHook(f func(Kind)) { scanHook = f }

// RulesOf exposes rulesOf, the rules a unit is classified with given the
// file's sorted marks, to the tests.
var RulesOf = rulesOf
