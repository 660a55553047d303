package runner

import "sync"

// InFlightBytes bounds the bytes of content that the workers of one run
// check at the same time. Checking costs a multiple of a file's size, so
// without a bound every worker could hold a large file at once and peak
// memory would grow with --workers. A file larger than the budget takes
// all of it: large files are checked one at a time, small ones side by
// side as before.
const InFlightBytes = 8 << 20

// budget is a counting semaphore over bytes.
type budget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	free  int64
	total int64
	// waiting counts the acquire calls that wait (for tests)
	waiting int
}

func newBudget(n int64) *budget {
	b := &budget{free: n, total: n}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire takes n bytes (at most the whole budget), waiting until they are
// free, and returns what it took.
func (b *budget) acquire(n int64) int64 {
	n = min(max(n, 1), b.total)
	b.mu.Lock()
	for b.free < n {
		b.waiting++
		b.cond.Wait()
		b.waiting--
	}
	b.free -= n
	b.mu.Unlock()
	return n
}

// tryAcquire takes n bytes as acquire does if they are free now, and
// reports whether it took them.
func (b *budget) tryAcquire(n int64) (int64, bool) {
	n = min(max(n, 1), b.total)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.free < n {
		return 0, false
	}
	b.free -= n
	return n, true
}

// release gives back what acquire took.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}
