package restart

import "slices"

// Prober reports whether a process with the given pid is running. An
// error means it could not tell.
type Prober func(pid int) (bool, error)

// ProbePIDs returns a copy of inv in which every session pid and lease
// owner pid whose liveness is unknown has been probed. Liveness the
// inventory states is kept; a probe that fails leaves it unknown, and
// [Evaluate] then counts the process as running. inv is not modified.
//
// Probe only an inventory taken on this host: a pid names a process only
// on the machine that recorded it.
func ProbePIDs(inv Inventory, probe Prober) Inventory {
	out := inv
	out.Sessions = slices.Clone(inv.Sessions)
	out.Leases = slices.Clone(inv.Leases)
	seen := map[int]*bool{}
	check := func(pid int) *bool {
		if pid <= 0 {
			return nil
		}
		if r, ok := seen[pid]; ok {
			return r
		}
		var r *bool
		if alive, err := probe(pid); err == nil {
			r = &alive
		}
		seen[pid] = r
		return r
	}
	for i := range out.Sessions {
		if s := &out.Sessions[i]; s.PIDAlive == nil {
			s.PIDAlive = check(s.PID)
		}
	}
	for i := range out.Leases {
		if l := &out.Leases[i]; l.OwnerPIDAlive == nil {
			l.OwnerPIDAlive = check(l.OwnerPID)
		}
	}
	return out
}
