package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/walk"
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

// TestWaitingWorkerHoldsNoLargeFile checks a worker that reads a large
// file while the budget is taken: it must not hold the file while it
// waits (it reads it again once the budget is free), and its findings
// must be the file's. Held, every waiting worker kept a file of up to
// MaxFileSize: with four workers and 16 MiB one-line files, 66 MB live.
func TestWaitingWorkerHoldsNoLargeFile(t *testing.T) {
	const size = 8 << 20
	path := filepath.Join(t.TempDir(), "big.txt")
	line := "If the MCP server hangs, run pkill -f mcp_server and retry.\n"
	if err := os.WriteFile(path, []byte(strings.Repeat("A plain line of notes.\n", size/23)+line), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBudget(InFlightBytes)
	held := b.acquire(InFlightBytes) // another worker's file
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	done := make(chan result)
	go func() {
		r, _ := checkFile(check.NewChecker(), walk.File{Path: path}, "big.txt", Options{MaxFileSize: DefaultMaxFileSize}, nil, b)
		done <- r
	}()
	// wait until the worker waits for the budget
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		b.mu.Lock()
		waiting := b.waiting
		b.mu.Unlock()
		if waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the worker never waited for the budget")
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	if grew := int64(ms.HeapAlloc) - int64(base); grew > size/2 {
		t.Errorf("%d MiB live while the worker waits for the budget: it holds the file", grew>>20)
	}
	b.release(held)
	r := <-done
	if r.err != nil || len(r.findings) != 1 || r.findings[0].Line != size/23+1 {
		t.Errorf("result %+v, want the last line's finding", r)
	}
}
