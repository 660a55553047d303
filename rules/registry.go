package rules

// All is every built-in rule, in the order SPEC.md lists them.
var All = []*Rule{
	ProcessKill,
	MtimeReload,
	EnvEdit,
	ConfigEdit,
	SessionStateEdit,
	RawAPIFallback,
}

// ByID returns the built-in rule with the given id, or nil.
func ByID(id string) *Rule {
	for _, r := range All {
		if r.ID == id {
			return r
		}
	}
	return nil
}
