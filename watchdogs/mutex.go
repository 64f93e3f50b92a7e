package watchdogs

import "context"

// Mutex is a lock whose wait ends with a context: a watchdog's handlers
// hold it across calls to the browser, and a caller that gives up stops
// waiting. Make one with NewMutex.
type Mutex chan struct{}

// NewMutex is an unlocked Mutex.
func NewMutex() Mutex { return make(Mutex, 1) }

// Lock takes m, or returns ctx's error if ctx ends first.
func (m Mutex) Lock(ctx context.Context) error {
	select {
	case m <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Hold takes m however long that takes: for teardown, which must run.
func (m Mutex) Hold() { m <- struct{}{} }

// Unlock releases m.
func (m Mutex) Unlock() { <-m }
