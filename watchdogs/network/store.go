package network

import (
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mafredri/cdp/protocol/network"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// key names a request: ids are unique per target session.
type key struct {
	session events.SessionID
	id      string
}

// entry is a kept request, the monotonic times it started and ended,
// and what a request in full adds to the log's line (detail.go).
type entry struct {
	req   events.NetworkRequest
	start float64
	end   float64
	// target is the session the request was made on, for the calls that
	// fetch its bodies.
	target *session.Target
	detail
}

// tabLog is one tab's ring of requests, oldest first.
type tabLog struct {
	ring    []*entry
	byKey   map[key]*entry
	dropped int
}

// store holds the requests of one session's tabs. Readers write to it and
// handlers read it, under mu, never during a CDP call.
type store struct {
	capacity int
	mu       sync.Mutex
	tabs     map[events.TargetID]*tabLog
	bodies   budget
	// har is the recording in progress, or nil.
	har *harLog
}

func newStore(capacity int, bodyBudget int64) *store {
	return &store{capacity: capacity, tabs: map[events.TargetID]*tabLog{}, bodies: budget{limit: bodyBudget}}
}

func (st *store) tab(id events.TargetID) *tabLog {
	l, ok := st.tabs[id]
	if !ok {
		l = &tabLog{byKey: map[key]*entry{}}
		st.tabs[id] = l
	}
	return l
}

// removeTarget forgets a closed tab's requests; an OOPIF's stay in its
// tab's ring.
func (st *store) removeTarget(t *session.Target) {
	if !t.IsPage() {
		return
	}
	st.mu.Lock()
	if l, ok := st.tabs[t.TabID]; ok {
		st.forget(l.ring)
		delete(st.tabs, t.TabID)
	}
	st.mu.Unlock()
}

// forget lets the bodies of entries that leave the log go.
func (st *store) forget(gone []*entry) {
	for _, e := range gone {
		e.gone = true
		st.bodies.release(e)
	}
}

// sent records a new request; a redirect ends the previous hop, which
// keeps its own entry.
func (st *store) sent(t *session.Target, k key, e *entry, redirect *network.Response) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l := st.tab(t.TabID)
	if old, ok := l.byKey[k]; ok {
		// A redirect ends the previous hop, which keeps its own entry.
		old.req.State = events.NetworkFinished
		old.req.DurationMS = ms(e.start - old.start)
		old.end = e.start
		old.respBody = bodyState{state: events.BodyNone, reason: "a redirect has no body"}
		if redirect != nil {
			old.req.Status = redirect.Status
			old.req.StatusText = redirect.StatusText
			old.req.MIMEType = redirect.MimeType
			old.responded(redirect)
		}
		delete(l.byKey, k)
	}
	if st.har != nil {
		st.har.add(e)
	}
	if e.postData != nil {
		st.bodies.keep(&e.reqBody, e.postData, utf8.Valid(e.postData))
		e.postData = nil
	}
	l.byKey[k] = e
	l.ring = append(l.ring, e)
	if over := len(l.ring) - st.capacity; over > 0 {
		for _, gone := range l.ring[:over] {
			for kk, v := range l.byKey {
				if v == gone {
					delete(l.byKey, kk)
				}
			}
		}
		st.forget(l.ring[:over])
		l.ring = append([]*entry(nil), l.ring[over:]...)
		l.dropped += over
	}
}

// update changes a kept request, if it is still kept.
func (st *store) update(t *session.Target, k key, f func(e *entry)) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, ok := st.tabs[t.TabID]
	if !ok {
		return
	}
	if e, ok := l.byKey[k]; ok {
		f(e)
	}
}

// finish marks a request done (finished or failed) and lets its id go.
func (st *store) finish(t *session.Target, k key, f func(e *entry)) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, ok := st.tabs[t.TabID]
	if !ok {
		return
	}
	if e, ok := l.byKey[k]; ok {
		f(e)
		delete(l.byKey, k)
	}
}

// requests returns a tab's requests oldest first, and forgets them with
// clear.
func (st *store) requests(tab events.TargetID, clear bool) ([]events.NetworkRequest, int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, ok := st.tabs[tab]
	if !ok {
		return []events.NetworkRequest{}, 0
	}
	out := make([]events.NetworkRequest, 0, len(l.ring))
	for _, e := range l.ring {
		out = append(out, e.req)
	}
	dropped := l.dropped
	if clear {
		st.forget(l.ring)
		delete(st.tabs, tab)
	}
	return out, dropped
}

// counts summarises a tab's kept requests for the page state.
func (st *store) counts(tab events.TargetID) events.NetworkCounts {
	st.mu.Lock()
	defer st.mu.Unlock()
	var c events.NetworkCounts
	l, ok := st.tabs[tab]
	if !ok {
		return c
	}
	c.Requests = len(l.ring) + l.dropped
	for _, e := range l.ring {
		switch {
		case e.req.State == events.NetworkPending:
			c.Pending++
		case e.req.State == events.NetworkFailed && !e.req.Canceled:
			c.Failed++
		}
	}
	return c
}

func ms(seconds float64) float64 {
	if seconds < 0 {
		return 0
	}
	return float64(time.Duration(seconds*float64(time.Second)).Microseconds()) / 1000
}
