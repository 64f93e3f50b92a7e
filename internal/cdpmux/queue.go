package cdpmux

import "sync"

// queue is an unbounded FIFO of raw frames with a hard cap. push never
// blocks, which is what keeps the socket reader free of slow consumers.
type queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	items  [][]byte
	head   int
	bytes  int
	max    int
	err    error // set once the queue is closed; pop returns it when drained
	closed bool
}

func newQueue(maxBytes int) *queue {
	q := &queue{max: maxBytes}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// push appends b. It reports false when the queue is closed or b would pass
// the cap; in the second case the queue closes itself with ErrSessionOverflow.
func (q *queue) push(b []byte) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	if q.max > 0 && q.bytes+len(b) > q.max {
		q.closeLocked(ErrSessionOverflow, true)
		return false
	}
	q.items = append(q.items, b)
	q.bytes += len(b)
	q.cond.Signal()
	return true
}

// pop waits for the next frame. After close it returns the closing error,
// either at once (drop) or once the remaining frames are read.
func (q *queue) pop() ([]byte, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.head == len(q.items) && !q.closed {
		q.cond.Wait()
	}
	if q.head == len(q.items) {
		return nil, q.err
	}
	b := q.items[q.head]
	q.items[q.head] = nil
	q.head++
	q.bytes -= len(b)
	if q.head == len(q.items) {
		q.items, q.head = q.items[:0], 0
	} else if q.head > 1024 && q.head*2 > len(q.items) {
		n := copy(q.items, q.items[q.head:])
		clear(q.items[n:])
		q.items, q.head = q.items[:n], 0
	}
	return b, nil
}

// close ends the queue with err. With drop set, frames not yet read are
// discarded so that pending readers see err at once.
func (q *queue) close(err error, drop bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closeLocked(err, drop)
}

func (q *queue) closeLocked(err error, drop bool) {
	if q.closed {
		return
	}
	q.closed, q.err = true, err
	if drop {
		clear(q.items)
		q.items, q.head, q.bytes = nil, 0, 0
	}
	q.cond.Broadcast()
}

// closedWith is the error the queue was closed with, or nil while open.
func (q *queue) closedWith() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.err
}
