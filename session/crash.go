package session

import "sync"

// crashState records a tab's renderer crash. A tab whose renderer crashed
// keeps its target (and its flat session): a navigation or a reload starts
// a new renderer, and ClearCrashed records that recovery.
type crashState struct {
	mu     sync.Mutex
	status string
	// ch is closed when the current renderer crashes; a recovery starts a
	// new one.
	ch      chan struct{}
	crashed bool
	// watchers are called when the current renderer crashes (OnCrash).
	watchers map[uint64]func()
	watchID  uint64
}

func (c *crashState) chanLocked() chan struct{} {
	if c.ch == nil {
		c.ch = make(chan struct{})
	}
	return c.ch
}

// Crashed reports whether the tab's renderer crashed and has not been
// recovered by a navigation or reload since, with the browser's status
// ("crashed", "killed", "oom"...).
func (t *Target) Crashed() (status string, crashed bool) {
	t.crash.mu.Lock()
	defer t.crash.mu.Unlock()
	return t.crash.status, t.crash.crashed
}

// CrashedC returns a channel closed when the tab's current renderer
// crashes (already closed while it is crashed).
func (t *Target) CrashedC() <-chan struct{} {
	t.crash.mu.Lock()
	defer t.crash.mu.Unlock()
	return t.crash.chanLocked()
}

// MarkCrashed records that the tab's renderer crashed, as reported on the
// tab's own session (Inspector.targetCrashed); the session itself follows
// the browser's Target.targetCrashed.
func (t *Target) MarkCrashed(status string) { t.markCrashed(status) }

// markCrashed records a renderer crash and wakes everything waiting on
// CrashedC.
func (t *Target) markCrashed(status string) {
	t.crash.mu.Lock()
	if t.crash.crashed {
		t.crash.mu.Unlock()
		return
	}
	if status == "" {
		status = "crashed"
	}
	t.crash.crashed, t.crash.status = true, status
	close(t.crash.chanLocked())
	notify := make([]func(), 0, len(t.crash.watchers))
	for _, f := range t.crash.watchers {
		notify = append(notify, f)
	}
	t.crash.mu.Unlock()
	for _, f := range notify {
		f()
	}
}

// OnCrash calls f when the tab's current renderer crashes (at once, on the
// caller's goroutine, when it has crashed already), until stop is called.
// It lets a request give up when its tab crashes without a goroutine of its
// own waiting on CrashedC: f should only cancel a context or signal, never
// block.
func (t *Target) OnCrash(f func()) (stop func()) {
	t.crash.mu.Lock()
	if t.crash.crashed {
		t.crash.mu.Unlock()
		f()
		return func() {}
	}
	if t.crash.watchers == nil {
		t.crash.watchers = map[uint64]func(){}
	}
	t.crash.watchID++
	id := t.crash.watchID
	t.crash.watchers[id] = f
	t.crash.mu.Unlock()
	return func() {
		t.crash.mu.Lock()
		delete(t.crash.watchers, id)
		t.crash.mu.Unlock()
	}
}

// ClearCrashed records that a navigation or reload gave the tab a new
// renderer. The action that recovered the tab calls it.
func (t *Target) ClearCrashed() {
	t.crash.mu.Lock()
	defer t.crash.mu.Unlock()
	if !t.crash.crashed {
		return
	}
	t.crash.crashed, t.crash.status = false, ""
	t.crash.ch = make(chan struct{})
}
