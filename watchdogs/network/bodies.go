package network

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mafredri/cdp/protocol/network"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// maxPostData is the size of request bodies the browser puts in its
// request events; a larger one is asked for with Network.getRequestPostData
// when the request finishes.
const maxPostData = 64 << 10

// fetchQueue bounds the bodies waiting to be fetched; fetchWorkers fetch
// them, each call within fetchTimeout.
const (
	fetchQueue   = 256
	fetchWorkers = 2
	fetchTimeout = 10 * time.Second
)

// detail is what a request in full adds to the log's line.
type detail struct {
	reqHeaders  network.Headers
	respHeaders network.Headers
	protocol    string
	remote      string
	fromCache   bool
	timing      *network.ResourceTiming
	// hasPost says the request has a body; postData is the part the
	// event carried, which the store keeps within the budget.
	hasPost  bool
	postData []byte
	reqBody  bodyState
	respBody bodyState
	// gone marks an entry that left the log: its bodies were let go, and
	// a fetch that ends later keeps nothing.
	gone bool
}

// bodyState is one body: kept (data), or why not.
type bodyState struct {
	state, reason string
	data          []byte
	text          bool
}

// setPostData notes the request's body, as far as the event carries it.
func (e *entry) setPostData(r *network.Request) {
	e.hasPost = r.HasPostData != nil && *r.HasPostData
	switch {
	case r.PostData != nil:
		e.hasPost, e.postData = true, []byte(*r.PostData)
	case len(r.PostDataEntries) > 0:
		var b []byte
		for _, pe := range r.PostDataEntries {
			if pe.Bytes == nil {
				continue
			}
			d, err := base64.StdEncoding.DecodeString(*pe.Bytes)
			if err != nil {
				return
			}
			b = append(b, d...)
		}
		e.hasPost, e.postData = true, b
	}
}

// responded notes what a request in full shows of a response.
func (e *entry) responded(r *network.Response) {
	e.respHeaders = r.Headers
	if r.Protocol != nil {
		e.protocol = *r.Protocol
	}
	if r.RemoteIPAddress != nil {
		e.remote = *r.RemoteIPAddress
		if r.RemotePort != nil {
			e.remote = fmt.Sprintf("%s:%d", e.remote, *r.RemotePort)
			if strings.Contains(*r.RemoteIPAddress, ":") {
				e.remote = fmt.Sprintf("[%s]:%d", *r.RemoteIPAddress, *r.RemotePort)
			}
		}
	}
	e.fromCache = (r.FromDiskCache != nil && *r.FromDiskCache) || (r.FromPrefetchCache != nil && *r.FromPrefetchCache)
	e.timing = r.Timing
	if len(r.RequestHeaders) > 0 {
		// The headers actually sent, cookies included.
		e.reqHeaders = r.RequestHeaders
	}
}

// budget is the session's room for bodies: the kept ones in the order
// they were kept, the oldest dropped first when a new one needs room.
type budget struct {
	limit   int64
	used    int64
	queue   []*bodyState
	live    int
	dropped int
}

// keep keeps data as bs, dropping older bodies to make room; one larger
// than the whole budget is not kept.
func (b *budget) keep(bs *bodyState, data []byte, text bool) {
	n := int64(len(data))
	if b.limit < 0 {
		*bs = bodyState{state: events.BodyNotKept, reason: "keeping bodies is off in this session"}
		return
	}
	if n > b.limit {
		*bs = bodyState{state: events.BodyTooLarge, reason: fmt.Sprintf("the body's %d bytes are more than the session's whole body budget (%d bytes)", n, b.limit)}
		return
	}
	for b.used+n > b.limit && len(b.queue) > 0 {
		old := b.queue[0]
		b.queue[0] = nil
		b.queue = b.queue[1:]
		if old.data != nil {
			b.used -= int64(len(old.data))
			b.live--
			b.dropped++
			*old = bodyState{state: events.BodyDropped, reason: fmt.Sprintf("dropped to make room for newer bodies within the session's body budget (%d bytes); ask for a request's body soon after it loads", b.limit)}
		}
	}
	*bs = bodyState{state: events.BodyKept, data: data, text: text}
	b.used += n
	b.live++
	b.queue = append(b.queue, bs)
	if len(b.queue) > 2*b.live+64 {
		q := b.queue[:0]
		for _, k := range b.queue {
			if k.data != nil {
				q = append(q, k)
			}
		}
		clear(b.queue[len(q):])
		b.queue = q
	}
}

// bodyCounts are the bytes of the bodies kept and how many were dropped
// for room.
func (st *store) bodyCounts() (int64, int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.bodies.used, st.bodies.dropped
}

// release lets e's bodies go: e left the log.
func (b *budget) release(e *entry) {
	for _, bs := range []*bodyState{&e.reqBody, &e.respBody} {
		if bs.data != nil {
			b.used -= int64(len(bs.data))
			b.live--
			bs.data = nil
		}
	}
}

// bodyTypes is the set of resource types whose bodies are kept, by lower
// case name; nil keeps every type.
func bodyTypes(types []string) map[string]bool {
	m := map[string]bool{}
	for _, t := range types {
		t = strings.ToLower(strings.TrimSpace(t))
		if t == "all" {
			return nil
		}
		m[t] = true
	}
	return m
}

// domainArgs are the Network.enable sizes of the session's targets: room
// in the browser for the bodies the session keeps until they are fetched.
func (a *attachment) domainArgs() events.NetworkDomain {
	if a.cfg.BodyBudget < 0 {
		return events.NetworkDomain{}
	}
	return events.NetworkDomain{MaxTotalBufferSize: a.cfg.BodyBudget, MaxResourceBufferSize: a.cfg.BodyBudget, MaxPostDataSize: maxPostData}
}

// domain answers NetworkDomainEvent.
func (a *attachment) domain(context.Context, events.NetworkDomainEvent) (events.NetworkDomain, error) {
	return a.domainArgs(), nil
}

// wanted reports whether the response body of a request of this type is
// kept.
func (a *attachment) wanted(resourceType string) bool {
	return a.types == nil || a.types[strings.ToLower(resourceType)]
}

// finished has the bodies of a request that loaded fetched; st.mu is held.
func (a *attachment) finished(t *session.Target, e *entry) {
	if a.cfg.BodyBudget < 0 {
		e.respBody = bodyState{state: events.BodyNotKept, reason: "keeping bodies is off in this session"}
		return
	}
	if !a.wanted(e.req.ResourceType) {
		e.respBody = bodyState{state: events.BodyNotKept, reason: fmt.Sprintf("bodies of %s requests are not kept in this session (only %s)", e.req.ResourceType, strings.Join(a.cfg.BodyTypes, ", "))}
		return
	}
	j := job{t: t, e: e, id: e.req.ID, post: e.hasPost && e.postData == nil && e.reqBody.state == ""}
	e.respBody = bodyState{state: events.BodyPending, reason: "the body is being read from the browser; ask again in a moment"}
	if !a.fetcher.add(j) {
		e.respBody = bodyState{state: events.BodyUnavailable, reason: fmt.Sprintf("more than %d bodies were waiting to be read from the browser; this one was let go", fetchQueue)}
	}
}

// failed says why a failed request has no response body; st.mu is held.
func (a *attachment) failed(e *entry) {
	e.respBody = bodyState{state: events.BodyUnavailable, reason: "the request failed (" + e.req.Failure + ")"}
}

// job is one request whose bodies are to be read from the browser.
type job struct {
	t    *session.Target
	e    *entry
	id   string
	post bool
}

// fetcher reads bodies from the browser on its own goroutines, so that a
// reader of events never waits for a CDP call, and at most fetchQueue wait.
type fetcher struct {
	a      *attachment
	jobs   chan job
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	closed bool
}

func newFetcher(a *attachment) *fetcher {
	ctx, cancel := context.WithCancel(context.Background())
	f := &fetcher{a: a, jobs: make(chan job, fetchQueue), ctx: ctx, cancel: cancel}
	for range fetchWorkers {
		f.wg.Add(1)
		go f.run()
	}
	return f
}

// add queues j, or reports that the queue is full or closed.
func (f *fetcher) add(j job) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return false
	}
	select {
	case f.jobs <- j:
		return true
	default:
		return false
	}
}

// close stops the workers, ending the calls in flight, and waits for them.
func (f *fetcher) close() {
	f.mu.Lock()
	if !f.closed {
		f.closed = true
		f.cancel()
		close(f.jobs)
	}
	f.mu.Unlock()
	f.wg.Wait()
}

func (f *fetcher) run() {
	defer f.wg.Done()
	for j := range f.jobs {
		f.fetch(j)
	}
}

// fetch reads j's bodies: the request's, when its event did not carry it,
// and the response's.
func (f *fetcher) fetch(j job) {
	st := f.a.store
	if f.ctx.Err() != nil {
		st.setBody(j.e, &j.e.respBody, nil, false, "the session closed before the body was read")
		return
	}
	ctx, cancel := context.WithTimeout(f.ctx, fetchTimeout)
	defer cancel()
	if j.post {
		var r struct {
			PostData      string `json:"postData"`
			Base64Encoded bool   `json:"base64Encoded"`
		}
		var data []byte
		var text bool
		var why string
		if err := rpcc.Invoke(ctx, "Network.getRequestPostData", map[string]any{"requestId": j.id}, &r, j.t.Conn); err != nil {
			// r is not read: a reply that arrives after the call gave up
			// is still decoded into it, on the connection's goroutine.
			why = noBody(err)
		} else {
			data, text, why = decoded(r.PostData, r.Base64Encoded)
		}
		st.setBody(j.e, &j.e.reqBody, data, text, why)
	}
	var r struct {
		Body          string `json:"body"`
		Base64Encoded bool   `json:"base64Encoded"`
	}
	if err := rpcc.Invoke(ctx, "Network.getResponseBody", map[string]any{"requestId": j.id}, &r, j.t.Conn); err != nil {
		st.setBody(j.e, &j.e.respBody, nil, false, noBody(err)) // r is not read, as above
		return
	}
	data, text, why := decoded(r.Body, r.Base64Encoded)
	st.setBody(j.e, &j.e.respBody, data, text, why)
}

// noBody says why the browser gave no body.
func noBody(err error) string {
	return "the browser had no body to give (" + oneLine(err.Error()) + ")"
}

// decoded is a body as the browser sent it, or why it cannot be read.
func decoded(s string, b64 bool) ([]byte, bool, string) {
	if !b64 {
		return []byte(s), true, ""
	}
	d, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, false, "the browser's body could not be decoded"
	}
	return d, false, ""
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// setBody keeps a fetched body within the budget, or notes why there is
// none; nothing when its entry left the log meanwhile.
func (st *store) setBody(e *entry, bs *bodyState, data []byte, text bool, why string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if e.gone {
		return
	}
	if why != "" {
		if lim := st.bodies.limit; lim >= 0 && e.req.Size > lim {
			// The browser's buffer is the budget's size: it kept none of
			// a body larger than that.
			*bs = bodyState{state: events.BodyTooLarge, reason: fmt.Sprintf("the body (%d bytes over the network) is larger than the session's whole body budget (%d bytes)", e.req.Size, lim)}
			return
		}
		*bs = bodyState{state: events.BodyUnavailable, reason: why}
		return
	}
	if len(data) == 0 {
		*bs = bodyState{state: events.BodyNone, reason: "the body is empty"}
		return
	}
	if !text && utf8.Valid(data) && textual(e.req.MIMEType) {
		text = true
	}
	st.bodies.keep(bs, data, text)
}

// textual reports whether a MIME type is text a reader wants as text.
func textual(mime string) bool {
	mime = strings.ToLower(mime)
	return strings.HasPrefix(mime, "text/") || strings.Contains(mime, "json") || strings.Contains(mime, "xml") ||
		strings.Contains(mime, "javascript") || strings.Contains(mime, "x-www-form-urlencoded") || strings.Contains(mime, "ecmascript")
}
