package frame

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// state answers the frame_tree section of the page state from memory.
func (a *attachment) state(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return nil, err
	}
	a.store.mu.Lock()
	top, rest, ok := a.store.walkLocked(tab.ID)
	a.store.mu.Unlock()
	if !ok {
		top = events.FrameInfo{FrameID: events.FrameID(tab.ID), URL: tab.URL(), Origin: originOf(tab.URL(), "")}
	}
	return a.tree(top, rest), nil
}

// tree applies the caps: frames nested deeper than MaxOOPIFDepth
// out-of-process iframes are cut with their subtrees (their descendants are
// at least as deep), then the list stops at MaxChildren.
func (a *attachment) tree(top events.FrameInfo, rest []node) events.FrameTree {
	t := events.FrameTree{
		Top:      events.FrameTreeTop{FrameID: top.FrameID, URL: top.URL, Origin: top.Origin},
		Children: []events.FrameTreeChild{},
	}
	for _, n := range rest {
		if n.depth > a.cfg.MaxOOPIFDepth {
			t.Truncated = true
			continue
		}
		if len(t.Children) == a.cfg.MaxChildren {
			t.Truncated = true
			break
		}
		c := events.FrameTreeChild{
			FrameID:       n.info.FrameID,
			URL:           n.info.URL,
			Origin:        n.info.Origin,
			ParentFrameID: n.info.ParentFrameID,
			IsOOPIF:       n.info.IsOOPIF,
			Name:          n.info.Name,
		}
		if n.info.IsOOPIF {
			c.SessionID = n.info.SessionID
		}
		t.Children = append(t.Children, c)
	}
	return t
}

// frames lists every frame of a tab, without caps.
func (a *attachment) frames(ctx context.Context, e events.FramesEvent) (events.FramesResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.FramesResult{}, err
	}
	a.store.mu.Lock()
	top, rest, ok := a.store.walkLocked(tab.ID)
	a.store.mu.Unlock()
	if !ok {
		top = events.FrameInfo{FrameID: events.FrameID(tab.ID), TabID: tab.ID, URL: tab.URL(), Origin: originOf(tab.URL(), ""),
			SessionID: tab.SessionID, TargetID: tab.ID}
	}
	r := events.FramesResult{TabID: tab.ID, Top: top, Frames: make([]events.FrameInfo, 0, len(rest))}
	for _, n := range rest {
		r.Frames = append(r.Frames, n.info)
	}
	// The top frame is listed (top), so it is counted.
	r.Count = len(r.Frames) + 1
	return r, nil
}

// lookup finds a frame in one tab, or in any tab of the session when the
// event names none.
func (a *attachment) lookup(ctx context.Context, e events.FrameLookupEvent) (events.FrameInfo, error) {
	if e.FrameID == "" {
		return events.FrameInfo{}, events.Errorf(events.CodeInvalidArgument, "frame id is empty")
	}
	var tabs []events.TargetID
	if e.TabID != "" {
		tab, err := a.s.Tab(e.TabID)
		if err != nil {
			return events.FrameInfo{}, err
		}
		tabs = []events.TargetID{tab.ID}
	}
	a.store.mu.Lock()
	if tabs == nil {
		for id := range a.store.tabs {
			tabs = append(tabs, id)
		}
	}
	for _, id := range tabs {
		if tab, ok := a.store.tabs[id]; ok {
			if f, ok := tab.frames[e.FrameID]; ok {
				info := a.store.infoLocked(id, f)
				a.store.mu.Unlock()
				return info, nil
			}
		}
	}
	a.store.mu.Unlock()
	// An OOPIF whose target attached before any event named its frame.
	if t, ok := a.s.TargetByID(events.TargetID(e.FrameID)); ok && !t.IsPage() && (e.TabID == "" || t.TabID == e.TabID) {
		return events.FrameInfo{FrameID: e.FrameID, TabID: t.TabID, URL: t.URL(), Origin: originOf(t.URL(), ""),
			IsOOPIF: true, SessionID: t.SessionID, TargetID: t.ID}, nil
	}
	return events.FrameInfo{}, frameNotFound(e.TabID, e.FrameID)
}

// cdpCall sends a raw CDP command on the session that owns the frame.
func (a *attachment) cdpCall(ctx context.Context, e events.CDPCallEvent) (events.CDPCallResult, error) {
	if err := validMethod(e.Method); err != nil {
		return events.CDPCallResult{}, err
	}
	params, err := validParams(e.Params)
	if err != nil {
		return events.CDPCallResult{}, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.CDPCallResult{}, err
	}
	sid := tab.SessionID
	if e.FrameID != "" && e.FrameID != events.FrameID(tab.ID) {
		info, err := a.lookup(ctx, events.FrameLookupEvent{TabID: e.TabID, FrameID: e.FrameID})
		if err != nil {
			return events.CDPCallResult{}, err
		}
		switch {
		case info.IsOOPIF:
			sid = info.SessionID
		case info.ParentFrameID == "":
			// Another tab's top frame: its page session.
			sid = info.SessionID
		default:
			return events.CDPCallResult{}, sameOriginFrame(info, tab.ID)
		}
	}
	var reply json.RawMessage
	if err := a.s.CallCapped(ctx, sid, e.Method, params, &reply, a.cfg.MaxResultBytes); err != nil {
		if sz := (*session.ReplyTooLargeError)(nil); errors.As(err, &sz) {
			return events.CDPCallResult{}, events.Errorf(events.CodeResultTooLarge,
				"the reply of %s is about %d bytes, above the cap of %d bytes; the call was made, only its reply is dropped: ask for less or raise --max-result-bytes",
				e.Method, sz.Size, sz.Cap).WithDetails(events.ErrorDetails{Size: sz.Size, Cap: sz.Cap, Method: e.Method})
		}
		var re *rpcc.ResponseError
		if errors.As(err, &re) {
			return events.CDPCallResult{}, events.Errorf(events.CodeCDPError, "calling %s: %w", e.Method, err).
				WithDetails(events.ErrorDetails{Method: e.Method})
		}
		return events.CDPCallResult{}, fmt.Errorf("calling %s: %w", e.Method, err)
	}
	if len(reply) == 0 {
		reply = json.RawMessage("{}")
	}
	return events.CDPCallResult{Result: reply}, nil
}

// sameOriginFrame tells the agent how to reach a frame that shares its
// parent's process.
func sameOriginFrame(info events.FrameInfo, tab events.TargetID) error {
	via := "the top frame (omit --frame)"
	if info.TargetID != "" && info.TargetID != tab {
		via = fmt.Sprintf("its enclosing out-of-process frame (--frame %s)", info.TargetID)
	}
	return events.Errorf(events.CodeSameOriginFrame,
		"frame %s has no CDP session of its own: it runs in the same process as its parent. "+
			"Send the command to %s and reach the frame from there with contentDocument, "+
			"e.g. Runtime.evaluate {\"expression\":\"document.querySelector('iframe').contentDocument.title\"}",
		info.FrameID, via).
		WithDetails(events.ErrorDetails{FrameID: info.FrameID, HostTargetID: new(info.TargetID)})
}

// validMethod accepts Domain.method: two non-empty parts, letters and
// digits only, so that a typo fails here with a clear message.
func validMethod(m string) error {
	d, name, ok := strings.Cut(m, ".")
	if !ok || d == "" || name == "" || !isIdent(d) || !isIdent(name) {
		return events.Errorf(events.CodeInvalidArgument, "malformed CDP method %q: want Domain.method, such as Runtime.evaluate", m)
	}
	return nil
}

func isIdent(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// validParams returns the params to send: nil for none, else a JSON object.
func validParams(p json.RawMessage) (any, error) {
	p = bytes.TrimSpace(p)
	if len(p) == 0 || string(p) == "null" {
		return nil, nil
	}
	if !json.Valid(p) {
		return nil, events.Errorf(events.CodeInvalidArgument, "CDP params are not valid JSON: %.200s", p)
	}
	if p[0] != '{' {
		return nil, events.Errorf(events.CodeInvalidArgument, "CDP params must be a JSON object, got %.200s", p)
	}
	return p, nil
}

// CDPGuardOrder is the order of the cdp_disabled guard: after the evaluate
// switch's (which refuses cdp as a whole while evaluation is off).
const CDPGuardOrder = 15

// refuseCDP is the guard of a session whose raw cdp command is off.
func refuseCDP(ctx context.Context, e events.CDPCallEvent) error {
	return events.Errorf(events.CodeCDPDisabled, "the raw cdp command is disabled in this session (cdp_enabled is off); use the other commands, or start the session with --cdp-enabled=true")
}
