package watchdogtest

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
)

// Peer is a scripted fake browser: a CDP endpoint that answers enough of the
// protocol for a BrowserSession to connect, own a tab and attach watchdogs,
// without Chrome. Tabs are created on request (Target.createTarget) and
// attached as flat sessions; commands a test has not scripted are answered
// with a plausible empty reply. A test scripts further replies with Handle,
// sends events with Event, and holds a tab the way a JavaScript dialog does
// with OpenDialog.
//
// Its methods are safe for concurrent use.
type Peer struct {
	t   testing.TB
	srv *fakecdp.Server

	mu       sync.Mutex
	next     int
	tabs     []*peerTab // in creation order
	handlers map[string]func(Call) (any, error)
	version  string
}

// peerTab is one page of the fake browser. Each client that attaches to it
// gets its own session id; the first is the one BrowserSession uses.
type peerTab struct {
	id       string
	url      string
	sessions map[string]*fakecdp.Client // session id -> client that owns it
	dialog   *dialogHold
}

// dialogHold is an open dialog: commands on the tab's sessions wait until
// Page.handleJavaScriptDialog closes it, as Chrome's do.
type dialogHold struct {
	released chan struct{}
}

// Call is one command the peer received, as a scripted handler sees it.
type Call struct {
	Method    string
	SessionID string // "" for the browser session
	TargetID  string // the tab the session belongs to, "" for the browser
	Params    json.RawMessage
}

// NewPeer starts a Peer; t's cleanup stops it.
func NewPeer(t testing.TB) *Peer {
	t.Helper()
	p := &Peer{t: t, handlers: map[string]func(Call) (any, error){}, version: "FakeChrome/1.0"}
	p.srv = fakecdp.New(t, p.handle)
	return p
}

// URL is the peer's browser websocket endpoint, for session.Config.CDPURL.
func (p *Peer) URL() string { return p.srv.URL() }

// Handle scripts the reply to method: fn's value is sent as the result, or
// its error as a protocol error. It replaces the peer's own answer.
func (p *Peer) Handle(method string, fn func(Call) (any, error)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.handlers[method] = fn
}

// Calls returns the commands received for method so far, in order.
func (p *Peer) Calls(method string) []Call {
	var out []Call
	for _, r := range p.srv.Requests() {
		if r.Method == method {
			out = append(out, Call{Method: r.Method, SessionID: r.SessionID, TargetID: p.tabOf(r.SessionID), Params: r.Params})
		}
	}
	return out
}

// Tabs returns the ids of the tabs the peer has created, in order.
func (p *Peer) Tabs() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, len(p.tabs))
	for i, tab := range p.tabs {
		out[i] = tab.id
	}
	return out
}

// Event sends a CDP event on every session attached to tab, or on the
// browser session of every connected client when tab is "".
func (p *Peer) Event(tab, method string, params any) {
	p.t.Helper()
	type dest struct {
		c   *fakecdp.Client
		sid string
	}
	var to []dest
	if tab == "" {
		for _, c := range p.srv.Clients() {
			to = append(to, dest{c, ""})
		}
	} else {
		p.mu.Lock()
		if t := p.tabLocked(tab); t != nil {
			for sid, c := range t.sessions {
				to = append(to, dest{c, sid})
			}
		}
		p.mu.Unlock()
	}
	for _, d := range to {
		select {
		case <-d.c.Done():
			continue
		default:
		}
		if err := d.c.Event(d.sid, method, params); err != nil {
			p.t.Logf("watchdogtest: sending %s: %v", method, err)
		}
	}
}

// OpenDialog opens a JavaScript dialog in tab: Page.javascriptDialogOpening
// is sent, and from then on the tab answers no command but
// Page.handleJavaScriptDialog, which closes it (Page.javascriptDialogClosed).
func (p *Peer) OpenDialog(tab, kind, message string) {
	p.mu.Lock()
	t := p.tabLocked(tab)
	if t != nil && t.dialog == nil {
		t.dialog = &dialogHold{released: make(chan struct{})}
	}
	url := ""
	if t != nil {
		url = t.url
	}
	p.mu.Unlock()
	p.Event(tab, "Page.javascriptDialogOpening", map[string]any{
		"url": url, "frameId": tab, "message": message, "type": kind, "hasBrowserHandler": false, "defaultPrompt": "",
	})
}

func (p *Peer) tabLocked(id string) *peerTab {
	for _, t := range p.tabs {
		if t.id == id {
			return t
		}
	}
	return nil
}

func (p *Peer) tabOf(sessionID string) string {
	if sessionID == "" {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, t := range p.tabs {
		if _, ok := t.sessions[sessionID]; ok {
			return t.id
		}
	}
	return ""
}
