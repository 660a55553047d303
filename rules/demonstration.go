package rules

// A command shown with the output it printed, when that output says the
// command failed or only simulated its action ("Access is denied", "What
// if: Performing the operation …"), is a demonstration of that result,
// as reference pages give one: it recommends nothing.

// failedOutput are the phrases of printed output that say a command did
// not do what it names.
var failedOutput = []string{"access is denied", "access denied", "permission denied", "operation not permitted",
	"not permitted", "cannot be stopped", "cannot stop", "can't be stopped", "can't stop", "could not be stopped",
	"no such process", "what if:", "is not recognized as", "command not found"}

// demonstratesFailure reports whether the command segment is the only
// command of its code block and the block after it (its output) says it
// failed or only simulated the action.
func (v *view) demonstratesFailure(seg *segment) bool {
	after := v.u.Ctx.After
	if seg.kind != segCommand || v.u.Kind != CodeBlock || after == "" {
		return false
	}
	if !hasAnyWord(fold(after[:min(len(after), 1<<10)]).s, failedOutput) {
		return false
	}
	n := 0
	for _, s := range v.segs { // the block's lines, read once (verdicts)
		if s.kind == segCommand && !s.output {
			n++
		}
	}
	return n == 1
}
