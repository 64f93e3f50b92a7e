package cdpstream

import (
	"context"
	"reflect"
)

// Reader reads several streams of one target on one goroutine, each event
// handed to its stream's handler in the order the streams deliver them
// (after Group.Sync, the order the events arrived). It is the loop every
// watchdog that follows targets runs, written once. The zero value is
// ready; add streams with On before Read.
type Reader struct {
	ready []func() <-chan struct{}
	next  []func() error
}

// Stream is a mafredri/cdp event stream of events of type T.
type Stream[T any] interface {
	Ready() <-chan struct{}
	Recv() (T, error)
}

// On adds s to r: each event Read receives from it is passed to handle.
func On[T any](r *Reader, s Stream[T], handle func(T)) {
	r.ready = append(r.ready, s.Ready)
	r.next = append(r.next, func() error {
		ev, err := s.Recv()
		if err == nil {
			handle(ev)
		}
		return err
	})
}

// Read hands the streams' events to their handlers until life ends
// (nil) or a stream fails (its error: a stream closed with its context
// ends with context.Canceled). A handler runs on Read's goroutine and
// should be short: a slow one holds up the target's other events.
func (r *Reader) Read(life context.Context) error {
	return r.loop(reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(life.Done())})
}

// Drain hands on every event the streams hold now and returns, without
// waiting for more: nil when none is left, or the error of a stream that
// failed.
func (r *Reader) Drain() error {
	return r.loop(reflect.SelectCase{Dir: reflect.SelectDefault})
}

// loop selects among the streams and last, which ends it. A stream's
// readiness is a channel that is replaced once its event is read, so the
// channels are asked for again on every turn.
func (r *Reader) loop(last reflect.SelectCase) error {
	cases := make([]reflect.SelectCase, len(r.ready)+1)
	cases[len(r.ready)] = last
	for {
		for i, ready := range r.ready {
			cases[i] = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ready())}
		}
		i, _, _ := reflect.Select(cases)
		if i == len(r.ready) {
			return nil
		}
		if err := r.next[i](); err != nil {
			return err
		}
	}
}
