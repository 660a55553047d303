// Package gcbudget lets a short batch run collect garbage by a fixed
// memory budget instead of by heap growth.
//
// A check allocates a great deal per file and keeps almost nothing, so
// with the default GOGC=100 the collector runs every few megabytes and
// took 15–25 % of the CPU of a run over a large tree. With collection
// off and a soft memory limit, it runs only when the heap nears the
// budget: peak memory stays flat and near the budget, whatever the number
// of files. One very large file would hold more than the budget live,
// and a limit-driven collector would then run over and over; so after
// every collection the live heap is read, and while it is past half the
// budget the collector runs by heap growth instead, at GOGC=50 rather
// than the default 100: the heap of a very large file is then one and a
// half times what it holds live, not twice (a 16 MiB one-line Python
// file peaked at 859 MiB instead of 1,150), for a few more collections
// of that file alone. Once the live heap is back under half the budget,
// the budget applies again.
//
// GOGC or GOMEMLIMIT in the environment win: Start does nothing then.
package gcbudget

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// DefaultBudget is the heap a check is allowed before it collects.
const DefaultBudget = 44 << 20

// bigPercent is the GC percent while the live heap is past half the
// budget.
const bigPercent = 50

// liveMetric is the heap that survived the last collection.
const liveMetric = "/gc/heap/live:bytes"

var mu sync.Mutex // one policy at a time

// Start puts the collector on the budget and returns a function that puts
// back the settings it found. It reports false, and changes nothing,
// when the environment sets GOGC or GOMEMLIMIT or budget is not positive.
func Start(budget int64) (stop func(), ok bool) {
	if budget <= 0 || os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}, false
	}
	mu.Lock()
	w := &watch{budget: budget}
	w.limit = debug.SetMemoryLimit(budget)
	w.percent = debug.SetGCPercent(-1)
	w.arm()
	return w.stop, true
}

// watch follows the collections of one Start.
type watch struct {
	budget  int64
	limit   int64 // settings found by Start
	percent int

	once  sync.Once
	state sync.Mutex
	done  bool // stopped: the sentinel is not re-armed
	big   bool // collecting by heap growth, the live heap past half the budget
}

// arm leaves an unreachable object whose finalizer runs after the next
// collection.
func (w *watch) arm() {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) { w.collected() })
}

// collected runs after a collection: while the live heap is past half
// the budget it collects by heap growth, at bigPercent; once it is back
// under, by the budget again.
func (w *watch) collected() {
	w.state.Lock()
	defer w.state.Unlock()
	if w.done {
		return
	}
	sample := []metrics.Sample{{Name: liveMetric}}
	metrics.Read(sample)
	big := sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > uint64(w.budget/2)
	switch {
	case big && !w.big:
		debug.SetGCPercent(bigPercent)
		debug.SetMemoryLimit(w.limit)
	case !big && w.big:
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(w.budget)
	}
	w.big = big
	w.arm()
}

func (w *watch) stop() {
	w.once.Do(func() {
		w.state.Lock()
		w.done = true
		debug.SetGCPercent(w.percent)
		debug.SetMemoryLimit(w.limit)
		w.state.Unlock()
		mu.Unlock()
	})
}
