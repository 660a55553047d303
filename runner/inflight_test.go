package runner

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBudgetBoundsBytesInFlight: holders never take more than the budget
// together, a request larger than the budget takes all of it, and every
// waiter gets through once the others release.
func TestBudgetBoundsBytesInFlight(t *testing.T) {
	const total = 100
	b := newBudget(total)
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for _, n := range []int64{60, 60, 30, 250, 10, 0, 99} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			took := b.acquire(n)
			if want := min(max(n, 1), total); took != want {
				t.Errorf("acquire(%d) took %d, want %d", n, took, want)
			}
			h := held.Add(took)
			for {
				p := peak.Load()
				if h <= p || peak.CompareAndSwap(p, h) {
					break
				}
			}
			time.Sleep(5 * time.Millisecond)
			held.Add(-took)
			b.release(took)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a waiter never got the budget")
	}
	if p := peak.Load(); p > total {
		t.Errorf("%d bytes held at once, over the budget of %d", p, total)
	}
	if b.free != total {
		t.Errorf("%d bytes free after all released, want %d", b.free, total)
	}
}
