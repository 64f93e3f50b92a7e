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
	"time"

	"github.com/mafredri/cdp/rpcc"
)

// Wait bounds how long an input's answer waits for the requests the input
// made: long enough for a server that thinks for a few seconds, short of
// the budget of an action.
const Wait = 5 * time.Second

// Chained bounds how long, once the requests the input made have all
// answered, Done waits for those that began meanwhile (a reply whose
// handler asks for more: a fragment that loads its own part): a page that
// opens a request the server holds until it has news (a long poll, asked
// again as soon as the last one answers) must not hold every action for
// Wait.
const Chained = time.Second

// Requests follows a target's script requests from the moment Follow
// made it. It reads its streams when asked (Started, Done), not on
// goroutines of its own: an event the browser sent before a reply the
// caller has in hand is then counted. Its methods are for one goroutine.
type Requests struct {
	cancel  context.CancelFunc
	streams []rpcc.Stream
	open    map[string]bool
	ended   map[string]bool
	started int
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
	r := &Requests{cancel: cancel, open: map[string]bool{}, ended: map[string]bool{}}
	for _, n := range []string{"Network.requestWillBeSent", "Network.loadingFinished", "Network.loadingFailed"} {
		s, err := rpcc.NewStream(sctx, n, conn)
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("following the page's requests: %w", err)
		}
		r.streams = append(r.streams, s)
	}
	return r, nil
}

// drain takes the events waiting on the streams, in the order the three
// streams are read: a request's start before its end, as the browser
// sends them (an end read before its start, which came on another
// stream, is remembered, so that the request is not counted open).
func (r *Requests) drain() {
	for i, s := range r.streams {
		for ready(s.Ready()) {
			var ev struct {
				RequestID string `json:"requestId"`
				Type      string `json:"type"`
			}
			if err := s.RecvMsg(&ev); err != nil {
				break
			}
			if i == 0 {
				if scripted[ev.Type] && !r.open[ev.RequestID] {
					r.started++
					if !r.ended[ev.RequestID] {
						r.open[ev.RequestID] = true
					}
				}
				continue
			}
			if !r.open[ev.RequestID] {
				r.ended[ev.RequestID] = true
			}
			delete(r.open, ev.RequestID)
		}
	}
}

func ready(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// Started is how many script requests began since Follow.
func (r *Requests) Started() int {
	r.drain()
	return r.started
}

// Done waits until every script request that began since Follow and is
// open when Done is called has ended (its answer is in, or it failed), for
// at most max, then for those that began meanwhile, for at most Chained
// more (and within max), and tells whether all of them did.
func (r *Requests) Done(ctx context.Context, max time.Duration) bool {
	r.drain()
	first := make(map[string]bool, len(r.open))
	for id := range r.open {
		first[id] = true
	}
	deadline := time.Now().Add(max)
	t := time.NewTimer(max)
	defer t.Stop()
	chained := false
	for {
		r.drain()
		if !chained && !anyOpen(r.open, first) {
			// The input's own requests have answered: what they asked
			// for in turn gets a shorter wait.
			chained = true
			if rest := time.Until(deadline); rest > Chained {
				t.Reset(Chained)
			}
		}
		if chained && len(r.open) == 0 {
			return true
		}
		select {
		case <-r.streams[0].Ready():
		case <-r.streams[1].Ready():
		case <-r.streams[2].Ready():
		case <-t.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// anyOpen tells whether any request of ids is still open.
func anyOpen(open, ids map[string]bool) bool {
	for id := range ids {
		if open[id] {
			return true
		}
	}
	return false
}

// Close ends the following. It may be called more than once.
func (r *Requests) Close() {
	r.cancel()
	for _, s := range r.streams {
		s.Close()
	}
}
