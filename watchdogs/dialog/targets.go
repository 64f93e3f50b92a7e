package dialog

import (
	"context"
	"fmt"
	"time"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// watcher reads one target's dialog events on a single goroutine. Its
// streams are synchronised so that events are handled in the order the
// browser sent them: a dialog's closing never overtakes its opening.
type watcher struct {
	t       *session.Target
	streams []rpcc.Stream

	opening   rpcc.Stream // Page.javascriptDialogOpening
	closed    rpcc.Stream // Page.javascriptDialogClosed
	paused    rpcc.Stream // Fetch.requestPaused (bridge only)
	navigated rpcc.Stream // Page.frameNavigated (bridge only)
	detached  rpcc.Stream // Page.frameDetached (bridge only)

	// barrier asks the reader to handle every event already received and
	// then close the channel it was sent.
	barrier chan chan struct{}
	done    chan struct{}
}

// follow opens the target's streams before its scripts run and, in bridge
// mode, installs the bridge. Chrome reports a dialog of an out-of-process
// iframe on its page's session (with the iframe's frame id) and only
// accepts the answer there, so the page's reader catches those; every
// target is followed anyway, since bridge requests pause on their own
// target's session.
func (a *attachment) follow(ctx, life context.Context, t *session.Target) (func(), error) {
	w := &watcher{t: t, barrier: make(chan chan struct{}), done: make(chan struct{})}
	open := func(method string) (rpcc.Stream, error) {
		s, err := rpcc.NewStream(life, method, t.Conn)
		if err != nil {
			return nil, fmt.Errorf("listening for %s on %s: %w", method, t.ID, err)
		}
		w.streams = append(w.streams, s)
		return s, nil
	}
	fail := func(err error) (func(), error) {
		for _, s := range w.streams {
			s.Close()
		}
		return nil, err
	}
	var err error
	if w.opening, err = open("Page.javascriptDialogOpening"); err != nil {
		return fail(err)
	}
	if w.closed, err = open("Page.javascriptDialogClosed"); err != nil {
		return fail(err)
	}
	if a.bridge {
		if w.paused, err = open("Fetch.requestPaused"); err != nil {
			return fail(err)
		}
		if w.navigated, err = open("Page.frameNavigated"); err != nil {
			return fail(err)
		}
		if w.detached, err = open("Page.frameDetached"); err != nil {
			return fail(err)
		}
	}
	if err := rpcc.Sync(w.streams...); err != nil {
		return fail(fmt.Errorf("synchronising dialog streams of %s: %w", t.ID, err))
	}
	a.mu.Lock()
	a.watchers[t] = w
	a.mu.Unlock()
	if a.bridge {
		if err := a.installBridge(ctx, t); err != nil {
			// The target's native dialogs are still followed.
			a.log.Warn().Err(err).Str("target", string(t.ID)).Msg("installing the dialog bridge failed")
		}
	}
	return func() { a.watch(life, w) }, nil
}

func ready(s rpcc.Stream) <-chan struct{} {
	if s == nil {
		return nil
	}
	return s.Ready()
}

// watch is the target's reader. It ends when life does: when the target
// goes away (its pending dialogs went with it: closed as remote) or at
// Detach.
func (a *attachment) watch(life context.Context, w *watcher) {
	defer func() {
		for _, s := range w.streams {
			s.Close()
		}
		a.mu.Lock()
		delete(a.watchers, w.t)
		a.mu.Unlock()
		close(w.done)
	}()
	for {
		var s rpcc.Stream
		select {
		case <-ready(w.opening):
			s = w.opening
		case <-ready(w.closed):
			s = w.closed
		case <-ready(w.paused):
			s = w.paused
		case <-ready(w.navigated):
			s = w.navigated
		case <-ready(w.detached):
			s = w.detached
		case ack := <-w.barrier:
			err := a.drain(w)
			close(ack)
			if err != nil {
				a.ended(w)
				return
			}
			continue
		case <-life.Done():
			a.ended(w)
			return
		}
		if err := a.recv(w, s); err != nil {
			a.ended(w)
			return
		}
	}
}

// drain handles every event already received.
func (a *attachment) drain(w *watcher) error {
	for {
		var s rpcc.Stream
		select {
		case <-ready(w.opening):
			s = w.opening
		case <-ready(w.closed):
			s = w.closed
		case <-ready(w.paused):
			s = w.paused
		case <-ready(w.navigated):
			s = w.navigated
		case <-ready(w.detached):
			s = w.detached
		default:
			return nil
		}
		if err := a.recv(w, s); err != nil {
			return err
		}
	}
}

// ended closes the target's pending dialogs as remote, unless the watchdog
// itself is stopping (Detach cancels a.ctx before it ends the targets'
// lives).
func (a *attachment) ended(w *watcher) {
	if a.ctx.Err() != nil {
		return
	}
	a.gone(func(d *dialog) bool { return d.t == w.t })
}

type openingEvent struct {
	URL           string  `json:"url"`
	FrameID       string  `json:"frameId"`
	Message       string  `json:"message"`
	Type          string  `json:"type"`
	DefaultPrompt *string `json:"defaultPrompt"`
}

type closedEvent struct {
	FrameID   string `json:"frameId"`
	Result    bool   `json:"result"`
	UserInput string `json:"userInput"`
}

type frameNavigatedEvent struct {
	Frame struct {
		ID string `json:"id"`
	} `json:"frame"`
}

type frameDetachedEvent struct {
	FrameID string `json:"frameId"`
}

// recv receives one event from s and handles it. The generated clients'
// event types predate the frameId field, so the raw events are decoded
// here.
func (a *attachment) recv(w *watcher, s rpcc.Stream) error {
	switch s {
	case w.opening:
		var ev openingEvent
		if err := s.RecvMsg(&ev); err != nil {
			return err
		}
		a.opened(w.t, ev)
	case w.closed:
		var ev closedEvent
		if err := s.RecvMsg(&ev); err != nil {
			return err
		}
		a.closedByBrowser(w.t, events.FrameID(ev.FrameID), ev.Result, ev.UserInput)
	case w.paused:
		var ev pausedEvent
		if err := s.RecvMsg(&ev); err != nil {
			return err
		}
		a.paused(w.t, ev)
	case w.navigated:
		var ev frameNavigatedEvent
		if err := s.RecvMsg(&ev); err != nil {
			return err
		}
		a.frameGone(events.FrameID(ev.Frame.ID))
	case w.detached:
		var ev frameDetachedEvent
		if err := s.RecvMsg(&ev); err != nil {
			return err
		}
		a.frameGone(events.FrameID(ev.FrameID))
	}
	return nil
}

// opened admits a native dialog.
func (a *attachment) opened(t *session.Target, ev openingEvent) {
	d := &dialog{t: t, info: events.DialogInfo{
		Type:     ev.Type,
		Message:  ev.Message,
		URL:      ev.URL,
		OpenedAt: time.Now(),
		FrameID:  events.FrameID(ev.FrameID),
		TabID:    t.TabID,
	}}
	if d.info.FrameID == "" {
		// A target's own frame has the target's id.
		d.info.FrameID = events.FrameID(t.ID)
	}
	if ev.DefaultPrompt != nil && ev.Type == events.DialogPrompt {
		d.info.DefaultPrompt = *ev.DefaultPrompt
	}
	a.admit(d)
}

// sync makes sure every dialog event the browser sent before the call has
// been handled, so an agent that just saw a dialog reported by an action
// finds it pending. It is a round trip to each reader, without CDP calls.
func (a *attachment) sync(ctx context.Context) {
	a.mu.Lock()
	ws := make([]*watcher, 0, len(a.watchers))
	for _, w := range a.watchers {
		ws = append(ws, w)
	}
	a.mu.Unlock()
	for _, w := range ws {
		ack := make(chan struct{})
		select {
		case w.barrier <- ack:
		case <-w.done:
			continue
		case <-ctx.Done():
			return
		}
		select {
		case <-ack:
		case <-w.done:
		case <-ctx.Done():
			return
		}
	}
}
