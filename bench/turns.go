package main

import (
	"context"
	"sync"
	"time"
)

// turns runs the two sides of a comparison (ours and the floor, each 32
// tabs in a browser of its own) in the same minutes: one side at a time,
// switching every slice, with time stopped for the side that waits. A
// tab of the waiting side finishes the action it is in, then stays where
// it is; its pause counts down only while its side runs, so that when the
// side runs again its tabs go on at the moments they would have, not all
// at once. Alternating phases of a minute each let the VM's busy minutes
// fall on one side: the floor against itself, pooled over four such
// rounds, came out 1.27-1.42x on four of five actions. Slices of a few
// seconds share those minutes out.
type turns struct {
	mu sync.Mutex
	// on[s] is closed while side s runs, off[s] while it waits.
	on, off [2]chan struct{}
	running int  // the side whose turn it is
	free    bool // both sides run: the comparison is over
}

// newTurns starts with side first running.
func newTurns(first int) *turns {
	t := &turns{running: first}
	for s := range 2 {
		t.on[s], t.off[s] = make(chan struct{}), make(chan struct{})
	}
	close(t.on[first])
	close(t.off[1-first])
	return t
}

// alternate gives the other side its turn every slice until stop is
// closed, then lets both run.
func (t *turns) alternate(stop <-chan struct{}, slice time.Duration) {
	tick := time.NewTicker(slice)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			t.release()
			return
		case <-tick.C:
			t.swap()
		}
	}
}

// swap stops the running side and lets the other run.
func (t *turns) swap() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.free {
		return
	}
	from, to := t.running, 1-t.running
	t.on[from] = make(chan struct{})
	close(t.off[from])
	t.off[to] = make(chan struct{})
	close(t.on[to])
	t.running = to
}

// release lets both sides run from now on.
func (t *turns) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.free {
		return
	}
	t.free = true
	for s := range 2 {
		select {
		case <-t.on[s]:
		default:
			close(t.on[s])
		}
	}
}

// state returns side s's channels: on is closed while it runs, off
// (nil once both run freely) while it waits.
func (t *turns) state(s int) (on, off <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.free {
		return t.on[s], nil
	}
	return t.on[s], t.off[s]
}

// pacer is how one side's tabs wait: in real time (nil turns) or in the
// side's own running time.
type pacer struct {
	t    *turns
	side int
}

// wait returns once the side runs.
func (p pacer) wait(ctx context.Context) {
	if p.t == nil {
		return
	}
	on, _ := p.t.state(p.side)
	select {
	case <-on:
	case <-ctx.Done():
	}
}

// sleep pauses for d of the side's running time.
func (p pacer) sleep(ctx context.Context, d time.Duration) {
	for d > 0 {
		p.wait(ctx)
		if ctx.Err() != nil {
			return
		}
		var off <-chan struct{}
		if p.t != nil {
			_, off = p.t.state(p.side)
		}
		start := time.Now()
		timer := time.NewTimer(d)
		select {
		case <-timer.C:
			return
		case <-off:
			timer.Stop()
			d -= time.Since(start)
		case <-ctx.Done():
			timer.Stop()
			return
		}
	}
}
