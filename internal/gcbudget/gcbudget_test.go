package gcbudget

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// settings reads the collector's GC percent and memory limit without
// changing them.
func settings() (percent int64, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// start clears GOGC and GOMEMLIMIT for the test, then starts a budget; it
// returns the settings found before and the stop function.
func start(t *testing.T, budget int64) (percent, limit int64, stop func()) {
	t.Helper()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	percent, limit = settings()
	stop, ok := Start(budget)
	if !ok {
		t.Fatal("Start refused with no GOGC or GOMEMLIMIT set")
	}
	return percent, limit, stop
}

func TestStartAndStop(t *testing.T) {
	p0, l0, stop := start(t, 1<<30)
	// a small live heap does not end the budget
	for range 3 {
		runtime.GC()
	}
	time.Sleep(10 * time.Millisecond)
	if p, l := settings(); p != -1 || l != 1<<30 {
		t.Errorf("under budget: percent %d limit %d, want collection off (-1) and limit %d", p, l, 1<<30)
	}
	stop()
	stop() // a second call is harmless
	if p, l := settings(); p != p0 || l != l0 {
		t.Errorf("after stop: percent %d limit %d, want %d and %d", p, l, p0, l0)
	}
}

func TestEnvironmentWins(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "200")
			p0, l0 := settings()
			stop, ok := Start(DefaultBudget)
			defer stop()
			if ok {
				t.Fatalf("Start took over although %s is set", env)
			}
			if p, l := settings(); p != p0 || l != l0 {
				t.Errorf("settings changed: percent %d limit %d, want %d and %d", p, l, p0, l0)
			}
		})
	}
}

func TestBadBudget(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	for _, b := range []int64{0, -1} {
		stop, ok := Start(b)
		stop()
		if ok {
			t.Errorf("Start(%d) took over", b)
		}
	}
}

var hold [][]byte

func TestGrowthPolicyWhileLiveHeapOutgrowsBudget(t *testing.T) {
	_, l0, stop := start(t, 8<<20)
	defer stop()
	for range 16 {
		hold = append(hold, make([]byte, 1<<20))
	}
	wait := func(what string, percent, limit int64) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			runtime.GC()
			if p, l := settings(); p == percent && l == limit {
				return
			}
			if time.Now().After(deadline) {
				p, l := settings()
				t.Fatalf("%s: percent %d limit %d, want %d and %d", what, p, l, percent, limit)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	wait("16 MiB live on an 8 MiB budget", bigPercent, l0)
	hold = nil
	wait("the live heap back under the budget", -1, 8<<20)
}
