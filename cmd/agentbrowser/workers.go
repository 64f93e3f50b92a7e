package main

import "sync/atomic"

// maxIdleWorkers is how many workers wait for work at most; one that
// finishes when this many already wait ends instead. A burst of
// concurrent commands (an agent driving many tabs) starts more, which end
// as the burst passes.
const maxIdleWorkers = 8

// workers runs the daemon's connections and commands on goroutines it
// keeps between them. A command runs deep (the line's parser, the bus,
// the engine, JSON both ways), and a new goroutine starts with a small
// stack that the runtime grows by copying it, several times a command; a
// kept worker has grown its stack once. Workers end when stop is closed.
type workers struct {
	work chan func()
	stop <-chan struct{}
	idle atomic.Int32
}

func newWorkers(stop <-chan struct{}) *workers {
	return &workers{work: make(chan func()), stop: stop}
}

// Go runs f on a waiting worker, or on a new one when none waits. It
// never blocks. A nil *workers (a daemon made without newWorkers) runs
// each f on a goroutine of its own.
func (w *workers) Go(f func()) {
	if w == nil {
		go f()
		return
	}
	select {
	case w.work <- f:
	default:
		go w.loop(f)
	}
}

func (w *workers) loop(f func()) {
	for {
		f()
		if w.idle.Add(1) > maxIdleWorkers {
			w.idle.Add(-1)
			return
		}
		select {
		case f = <-w.work:
			w.idle.Add(-1)
		case <-w.stop:
			w.idle.Add(-1)
			return
		}
	}
}
