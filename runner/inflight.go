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
		b.cond.Wait()
	}
	b.free -= n
	b.mu.Unlock()
	return n
}

// release gives back what acquire took.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}
