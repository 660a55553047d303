package check

// MentionsRecoverlint exposes mentionsRecoverlint to the tests.
var MentionsRecoverlint = mentionsRecoverlint
