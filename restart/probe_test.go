package restart_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"reflect"
	"testing"

	"github.com/recoverlint/recoverlint/restart"
)

func TestProbePIDs(t *testing.T) {
	inv := inventory(
		[]restart.Session{
			{ID: "unknown-alive", PID: 10, Status: "active"},
			{ID: "unknown-dead", PID: 11, Status: "active"},
			{ID: "stated", PID: 11, PIDAlive: flag(true), Status: "active"},
			{ID: "probe-fails", PID: 12, Status: "active"},
			{ID: "no-pid", Status: "active"},
		},
		[]restart.Lease{
			{ID: "owner-dead", OwnerPID: 11},
			{ID: "owner-stated", OwnerPID: 10, OwnerPIDAlive: flag(false)},
			{ID: "no-owner-pid"},
		},
	)
	before, err := json.Marshal(inv)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[int]int{}
	probe := func(pid int) (bool, error) {
		calls[pid]++
		switch pid {
		case 10:
			return true, nil
		case 11:
			return false, nil
		}
		return false, errors.New("no answer")
	}
	got := restart.ProbePIDs(inv, probe)

	wantSessions := []*bool{flag(true), flag(false), flag(true), nil, nil}
	for i, w := range wantSessions {
		if g := got.Sessions[i].PIDAlive; !reflect.DeepEqual(g, w) {
			t.Errorf("session %s: pid_alive = %v, want %v", got.Sessions[i].ID, deref(g), deref(w))
		}
	}
	wantLeases := []*bool{flag(false), flag(false), nil}
	for i, w := range wantLeases {
		if g := got.Leases[i].OwnerPIDAlive; !reflect.DeepEqual(g, w) {
			t.Errorf("lease %s: owner_pid_alive = %v, want %v", got.Leases[i].ID, deref(g), deref(w))
		}
	}
	if calls[10] != 1 || calls[11] != 1 || calls[12] != 1 || calls[0] != 0 || len(calls) != 3 {
		t.Errorf("probe calls = %v, want each known pid once and pid 0 never", calls)
	}
	if after, _ := json.Marshal(inv); string(after) != string(before) {
		t.Errorf("ProbePIDs modified its input")
	}
	r := restart.Evaluate(got, restart.Options{Now: clock()})
	if r.Sessions[1].Liveness != restart.PIDGone || r.Sessions[3].Liveness != restart.Live {
		t.Errorf("probed liveness not used: %s, %s", r.Sessions[1].Liveness, r.Sessions[3].Liveness)
	}
}

func deref(b *bool) any {
	if b == nil {
		return "unknown"
	}
	return *b
}

func TestProcessAlive(t *testing.T) {
	// A child that has been waited for no longer exists.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("running a child: %v", err)
	}
	tests := []struct {
		name    string
		pid     int
		alive   bool
		wantErr bool
	}{
		{"this process", os.Getpid(), true, false},
		{"the parent", os.Getppid(), true, false},
		{"a reaped child", cmd.Process.Pid, false, false},
		{"beyond any pid", 1 << 30, false, false},
		{"zero", 0, false, true},
		{"negative", -1, false, true},
		{"wider than pid_t", math.MaxInt32 + 2, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alive, err := restart.ProcessAlive(tt.pid)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ProcessAlive(%d) error = %v, want error %v", tt.pid, err, tt.wantErr)
			}
			if alive != tt.alive {
				t.Errorf("ProcessAlive(%d) = %v, want %v", tt.pid, alive, tt.alive)
			}
		})
	}
}
