package rules

// Finding is one recommendation of a forbidden action. Start and End are
// byte offsets into the source the unit came from: Start is the first byte
// of the word or command that names the action.
type Finding struct {
	Rule    string
	Start   int
	End     int
	Message string
}
