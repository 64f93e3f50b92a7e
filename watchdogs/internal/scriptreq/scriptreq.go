// Package scriptreq follows the requests a page's scripts make (fetch and
// XMLHttpRequest) while an input is handled, so that the input's answer
// can wait, bounded, for the server's reply and what the page did with it:
// many applications change the page only after such a round trip (a row
// swapped for a form, a tab's panel loaded, a list filtered), and an
// answer given before it would say the page did nothing, or show the page
// as it was. The DefaultActionWatchdog follows them around each input,
// the DialogWatchdog around each answer to a dialog (a confirm that lets
// a delete go to the server).
package scriptreq

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/mafredri/cdp/rpcc"
)

// Wait bounds how long an input's answer waits for the requests the input
// made: long enough for a server that thinks for a few seconds, short of
// the budget of an action.
const Wait = 5 * time.Second

// Requests follows a target's script requests from the moment Follow
// made it. Its methods are safe for concurrent use.
type Requests struct {
	cancel  context.CancelFunc
	streams []rpcc.Stream
	wg      sync.WaitGroup

	mu      sync.Mutex
	open    map[string]bool
	started int
	changed chan struct{}
}

// scripted are the resource types of requests a page's scripts make and
// wait for the answer of: not beacons, event streams or the page's
// subresources.
var scripted = map[string]bool{"XHR": true, "Fetch": true}

// Follow starts following the script requests of the target behind conn
// (the Network domain must be enabled on it, as the network watchdog
// does on every target). Close ends the following.
func Follow(ctx context.Context, conn *rpcc.Conn) (*Requests, error) {
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r := &Requests{cancel: cancel, open: map[string]bool{}, changed: make(chan struct{})}
	for _, n := range []string{"Network.requestWillBeSent", "Network.loadingFinished", "Network.loadingFailed"} {
		s, err := rpcc.NewStream(sctx, n, conn)
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("following the page's requests: %w", err)
		}
		r.streams = append(r.streams, s)
	}
	for i, s := range r.streams {
		r.wg.Add(1)
		go r.read(s, i == 0)
	}
	return r, nil
}

// read takes one stream's events: starts when start, else ends.
func (r *Requests) read(s rpcc.Stream, start bool) {
	defer r.wg.Done()
	for {
		var ev struct {
			RequestID string `json:"requestId"`
			Type      string `json:"type"`
		}
		if err := s.RecvMsg(&ev); err != nil {
			return
		}
		r.mu.Lock()
		switch {
		case start && scripted[ev.Type]:
			if !r.open[ev.RequestID] {
				r.started++
			}
			r.open[ev.RequestID] = true
		case !start && r.open[ev.RequestID]:
			delete(r.open, ev.RequestID)
			close(r.changed)
			r.changed = make(chan struct{})
		}
		r.mu.Unlock()
	}
}

// Started is how many script requests began since Follow.
func (r *Requests) Started() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started
}

// Done waits until every script request that began since Follow has
// ended (its answer is in, or it failed), for at most max, and tells
// whether they all did.
func (r *Requests) Done(ctx context.Context, max time.Duration) bool {
	t := time.NewTimer(max)
	defer t.Stop()
	for {
		r.mu.Lock()
		n, ch := len(r.open), r.changed
		r.mu.Unlock()
		if n == 0 {
			return true
		}
		select {
		case <-ch:
		case <-t.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// Close ends the following and waits for its readers. It may be called
// more than once.
func (r *Requests) Close() {
	r.cancel()
	for _, s := range r.streams {
		s.Close()
	}
	r.wg.Wait()
}
