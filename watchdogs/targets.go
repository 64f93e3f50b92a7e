package watchdogs

import (
	"context"
	"fmt"
	"sync"

	"github.com/agentbrowser/agentbrowser/session"
)

// TargetStart prepares a watchdog's part for one target, before the target
// is resumed, so that nothing its first scripts do is missed. ctx bounds the
// preparation's CDP calls (Network.enable, Page.getFrameTree, ...). life
// lasts as long as the watchdog follows the target: it ends when the
// target goes away or the watchdog detaches. Open the target's event
// streams with life (mafredri/cdp closes a stream when its context ends).
//
// TargetStart returns the loop that reads those streams, which runs on a
// goroutine of its own and must return once life has ended, or nil when
// there is nothing to read. On error it closes what it opened.
type TargetStart func(ctx, life context.Context, t *session.Target) (read func(), err error)

// Targets does the per-target bookkeeping of a watchdog that follows its
// targets' CDP events: it runs a TargetStart for every target attached
// from now on, runs each returned reader on its own goroutine, ends a
// target's life when the target goes away, and at Detach ends every life
// and waits for every reader. Its Detach is an Attachment's.
type Targets struct {
	name         string
	start        TargetStart
	removeAttach func()
	removeDetach func()
	base         context.Context
	cancel       context.CancelFunc

	mu      sync.Mutex
	closed  bool
	wg      sync.WaitGroup
	detOnce sync.Once
}

// FollowTargets starts following h's targets for the watchdog name: start
// runs in the session's attach hook of every target attached from now on
// (a failure fails that target's preparation, with the watchdog's name in
// the error), and gone, when not nil, in its detach hook of every target
// that goes away. Call it in Attach and Detach what it returns.
func FollowTargets(h Host, name string, start TargetStart, gone session.DetachHook) *Targets {
	base, cancel := context.WithCancel(context.Background())
	f := &Targets{name: name, start: start, base: base, cancel: cancel}
	f.removeAttach = h.OnTargetAttached(f.attached)
	f.removeDetach = func() {}
	if gone != nil {
		f.removeDetach = h.OnTargetDetached(gone)
	}
	return f
}

// attached is the attach hook: it starts following t unless Detach has
// begun.
func (f *Targets) attached(ctx context.Context, t *session.Target) error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return nil
	}
	f.wg.Add(1)
	f.mu.Unlock()

	life, end := context.WithCancel(f.base)
	read, err := f.start(ctx, life, t)
	if err != nil {
		end()
		f.wg.Done()
		return fmt.Errorf("%s watchdog: %w", f.name, err)
	}
	// One goroutine ends the target's life when the target goes; the
	// reader, if any, runs on another.
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		select {
		case <-t.Done():
			end()
		case <-life.Done():
		}
	}()
	if read == nil {
		f.wg.Done()
		return nil
	}
	go func() {
		defer f.wg.Done()
		defer end()
		read()
	}()
	return nil
}

// Detach stops following targets: it removes the hooks, ends every
// target's life and waits for the readers to return. It may be called
// again, and returns at once then.
func (f *Targets) Detach(ctx context.Context) error {
	f.detOnce.Do(func() {
		f.removeAttach()
		f.removeDetach()
		f.mu.Lock()
		f.closed = true
		f.mu.Unlock()
		f.cancel()
		f.wg.Wait()
	})
	return nil
}

var _ Attachment = (*Targets)(nil)
