package watchdogtest

import (
	"encoding/json"
	"fmt"

	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
)

// handle answers one command. It runs on a goroutine of its own per
// command, so a command held by an open dialog blocks only itself.
func (p *Peer) handle(c *fakecdp.Client, r fakecdp.Request) {
	call := Call{Method: r.Method, SessionID: r.SessionID, TargetID: p.tabOf(r.SessionID), Params: r.Params}
	if call.TargetID != "" && r.Method != "Page.handleJavaScriptDialog" {
		if hold := p.dialogOf(call.TargetID); hold != nil {
			select {
			case <-hold.released:
			case <-c.Done():
				return
			}
		}
	}
	p.mu.Lock()
	fn := p.handlers[r.Method]
	p.mu.Unlock()
	var (
		result any
		err    error
		after  func()
	)
	if fn != nil {
		result, err = fn(call)
	} else {
		result, after, err = p.builtin(c, call)
	}
	if err != nil {
		c.ReplyError(r, -32000, err.Error())
		return
	}
	c.Reply(r, result)
	if after != nil {
		after()
	}
}

func (p *Peer) dialogOf(tab string) *dialogHold {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t := p.tabLocked(tab); t != nil {
		return t.dialog
	}
	return nil
}

// builtin is the peer's own answer to a command; after, when not nil, runs
// once the reply is sent (events that follow a reply, as Chrome sends them).
func (p *Peer) builtin(c *fakecdp.Client, call Call) (result any, after func(), err error) {
	var params map[string]any
	_ = json.Unmarshal(call.Params, &params)
	str := func(k string) string { s, _ := params[k].(string); return s }
	switch call.Method {
	case "Browser.getVersion":
		return map[string]any{"protocolVersion": "1.3", "product": p.version, "revision": "0", "userAgent": "FakeChrome", "jsVersion": "0"}, nil, nil
	case "Target.createTarget":
		url := str("url")
		if url == "" {
			url = "about:blank"
		}
		p.mu.Lock()
		p.next++
		tab := &peerTab{id: fmt.Sprintf("T%d", p.next), url: url, sessions: map[string]*fakecdp.Client{}}
		p.tabs = append(p.tabs, tab)
		p.mu.Unlock()
		// The client that created the tab auto-attaches to it.
		return map[string]any{"targetId": tab.id}, func() { p.attach(c, tab, true) }, nil
	case "Target.attachToTarget":
		p.mu.Lock()
		tab := p.tabLocked(str("targetId"))
		p.mu.Unlock()
		if tab == nil {
			return nil, nil, fmt.Errorf("no target with given id found")
		}
		sid := p.attach(c, tab, false)
		return map[string]any{"sessionId": sid}, nil, nil
	case "Target.detachFromTarget":
		sid := str("sessionId")
		if sid == "" {
			sid = call.SessionID
		}
		return nil, func() { p.detach(sid) }, nil
	case "Target.closeTarget":
		id := str("targetId")
		return map[string]any{"success": true}, func() { p.closeTab(id) }, nil
	case "Target.getTargets":
		return map[string]any{"targetInfos": p.targetInfos()}, nil, nil
	case "Page.handleJavaScriptDialog":
		p.mu.Lock()
		t := p.tabLocked(call.TargetID)
		var hold *dialogHold
		if t != nil {
			hold, t.dialog = t.dialog, nil
		}
		p.mu.Unlock()
		if hold == nil {
			return nil, nil, fmt.Errorf("no dialog is showing")
		}
		accept, _ := params["accept"].(bool)
		return nil, func() {
			close(hold.released)
			p.Event(call.TargetID, "Page.javascriptDialogClosed", map[string]any{"result": accept, "userInput": str("promptText")})
		}, nil
	case "Page.getFrameTree":
		return map[string]any{"frameTree": map[string]any{"frame": p.frame(call.TargetID)}}, nil, nil
	case "Page.navigate":
		return map[string]any{"frameId": call.TargetID, "loaderId": "L1"}, nil, nil
	case "Page.addScriptToEvaluateOnNewDocument":
		return map[string]any{"identifier": "1"}, nil, nil
	case "Page.createIsolatedWorld":
		return map[string]any{"executionContextId": 2}, nil, nil
	case "Runtime.evaluate", "Runtime.callFunctionOn":
		return map[string]any{"result": map[string]any{"type": "undefined"}}, nil, nil
	case "DOM.getDocument":
		return map[string]any{"root": map[string]any{"nodeId": 1, "backendNodeId": 1, "nodeType": 9, "nodeName": "#document", "localName": "", "nodeValue": ""}}, nil, nil
	}
	return nil, nil, nil
}

// attach gives c a new flat session on tab and announces it.
func (p *Peer) attach(c *fakecdp.Client, tab *peerTab, waiting bool) string {
	p.mu.Lock()
	p.next++
	sid := fmt.Sprintf("S%d", p.next)
	tab.sessions[sid] = c
	info := p.infoLocked(tab)
	p.mu.Unlock()
	c.Event("", "Target.attachedToTarget", map[string]any{"sessionId": sid, "targetInfo": info, "waitingForDebugger": waiting})
	return sid
}

func (p *Peer) detach(sid string) {
	p.mu.Lock()
	var c *fakecdp.Client
	var id string
	for _, t := range p.tabs {
		if cl, ok := t.sessions[sid]; ok {
			c, id = cl, t.id
			delete(t.sessions, sid)
		}
	}
	p.mu.Unlock()
	if c != nil {
		c.Event("", "Target.detachedFromTarget", map[string]any{"sessionId": sid, "targetId": id})
	}
}

func (p *Peer) closeTab(id string) {
	p.mu.Lock()
	t := p.tabLocked(id)
	if t == nil {
		p.mu.Unlock()
		return
	}
	sessions := t.sessions
	t.sessions = map[string]*fakecdp.Client{}
	if t.dialog != nil {
		close(t.dialog.released)
		t.dialog = nil
	}
	for i, x := range p.tabs {
		if x == t {
			p.tabs = append(p.tabs[:i:i], p.tabs[i+1:]...)
			break
		}
	}
	p.mu.Unlock()
	for sid, c := range sessions {
		c.Event("", "Target.detachedFromTarget", map[string]any{"sessionId": sid, "targetId": id})
	}
	for _, c := range p.srv.Clients() {
		c.Event("", "Target.targetDestroyed", map[string]any{"targetId": id})
	}
}

func (p *Peer) infoLocked(t *peerTab) map[string]any {
	return map[string]any{"targetId": t.id, "type": "page", "title": t.url, "url": t.url, "attached": true, "canAccessOpener": false, "browserContextId": "C1"}
}

func (p *Peer) targetInfos() []map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := []map[string]any{}
	for _, t := range p.tabs {
		out = append(out, p.infoLocked(t))
	}
	return out
}

func (p *Peer) frame(tab string) map[string]any {
	url := "about:blank"
	p.mu.Lock()
	if t := p.tabLocked(tab); t != nil {
		url = t.url
	}
	p.mu.Unlock()
	return map[string]any{"id": tab, "loaderId": "L1", "url": url, "domainAndRegistry": "", "securityOrigin": "://",
		"mimeType": "text/html", "secureContextType": "Secure", "crossOriginIsolatedContextType": "NotIsolated", "gatedAPIFeatures": []string{}}
}
