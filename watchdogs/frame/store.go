package frame

import (
	"cmp"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/execctx"
	"github.com/agentbrowser/agentbrowser/session"
)

// store is the frame map of one session's tabs. Every target's reader
// goroutine writes to it and the bus handlers read it, all under mu; no
// CDP call is made under the lock, so state requests answer from memory
// even while a dialog blocks the page.
type store struct {
	mu   sync.Mutex
	tabs map[events.TargetID]*tabFrames
	// live holds the targets whose events are accepted: an event read
	// after its target's detach hook ran must not resurrect frames.
	live map[events.SessionID]*session.Target
	// contexts maps, per session, default execution context ids to their
	// frame.
	contexts *execctx.Map
	seq      uint64
}

// tabFrames is one tab's frames by id. The top frame's id is the tab's
// target id.
type tabFrames struct {
	frames map[events.FrameID]*frameEntry
}

// frameEntry is what is known about one frame.
type frameEntry struct {
	id     events.FrameID
	parent events.FrameID
	// parentTarget is the target that announced an OOPIF, the fallback
	// parent when no event named the frame's parent.
	parentTarget events.TargetID
	url          string
	origin       string
	name         string
	// host is the session whose Page domain reports the frame's document
	// when it has no session of its own, and hostTarget its target.
	host       events.SessionID
	hostTarget events.TargetID
	// own is the frame's own session when it is an OOPIF.
	own events.SessionID
	// seq orders siblings by first sighting (document order for frames
	// read from Page.getFrameTree).
	seq uint64
	// pending is a navigation another session (the frame's parent)
	// reported while the frame still had a session of its own, and
	// pendingFrom that session. A frame moving back into its parent's
	// process is reported by the parent's frameNavigated, which can be
	// read before the old session's detach is handled (they come on
	// different goroutines); the detach then applies it.
	pending     *page.Frame
	pendingFrom events.SessionID
}

func newStore() *store {
	return &store{
		tabs:     map[events.TargetID]*tabFrames{},
		live:     map[events.SessionID]*session.Target{},
		contexts: execctx.New(),
	}
}

// entryLocked returns the frame of tab with id, creating it. A frame
// created anew whose own OOPIF target is attached gets its session back:
// events on different sessions are read on different goroutines, so a
// frame may be dropped and re-reported after its target attached.
func (st *store) entryLocked(tab *tabFrames, id events.FrameID) *frameEntry {
	f, ok := tab.frames[id]
	if !ok {
		st.seq++
		f = &frameEntry{id: id, seq: st.seq}
		tab.frames[id] = f
		for sid, t := range st.live {
			if t.ID == events.TargetID(id) && !t.IsPage() {
				f.own, f.host, f.hostTarget = sid, sid, t.ID
				if p, ok := st.live[t.ParentSessionID]; ok {
					f.parentTarget = p.ID
				}
			}
		}
	}
	return f
}

// tabLocked returns t's tab if t's events are still accepted.
func (st *store) tabLocked(t *session.Target) *tabFrames {
	if st.live[t.SessionID] != t {
		return nil
	}
	return st.tabs[t.TabID]
}

// addTarget starts accepting t's events. A page gets its tab's map and top
// frame; an iframe target marks its frame out-of-process.
func (st *store) addTarget(t *session.Target) {
	st.mu.Lock()
	defer st.mu.Unlock()
	select {
	case <-t.Done():
		// Detached while it was being set up; its detach hook has run.
		return
	default:
	}
	st.live[t.SessionID] = t
	tab, ok := st.tabs[t.TabID]
	if !ok {
		tab = &tabFrames{frames: map[events.FrameID]*frameEntry{}}
		st.tabs[t.TabID] = tab
	}
	f := st.entryLocked(tab, events.FrameID(t.ID))
	if t.IsPage() {
		f.host, f.hostTarget = t.SessionID, t.ID
		if f.url == "" {
			f.url = t.URL()
			f.origin = originOf(f.url, "")
		}
		return
	}
	f.own = t.SessionID
	f.host, f.hostTarget = t.SessionID, t.ID
	if p, ok := st.live[t.ParentSessionID]; ok {
		f.parentTarget = p.ID
	}
	if f.url == "" {
		f.url = t.URL()
		f.origin = originOf(f.url, "")
	}
}

// removeTarget stops accepting t's events. A page takes its tab's map
// with it. An OOPIF's frame stays (if its iframe element is gone too, the
// parent reports that) but loses its session, and the frames only its
// session knew are gone.
func (st *store) removeTarget(t *session.Target) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.live[t.SessionID] == t {
		delete(st.live, t.SessionID)
	}
	st.contexts.Forget(t.SessionID)
	if t.IsPage() {
		delete(st.tabs, t.TabID)
		return
	}
	tab, ok := st.tabs[t.TabID]
	if !ok {
		return
	}
	if f, ok := tab.frames[events.FrameID(t.ID)]; ok && f.own == t.SessionID {
		f.own = ""
		f.host = t.ParentSessionID
		if p, ok := st.live[t.ParentSessionID]; ok {
			f.hostTarget = p.ID
			if f.pending != nil && f.pendingFrom == t.ParentSessionID {
				// The frame moved back into its parent's process and
				// the parent reported its new document first.
				st.applyNavLocked(tab, f, p, *f.pending, true)
			}
		}
		f.pending = nil
	}
	for id, f := range tab.frames {
		if id != events.FrameID(t.ID) && f.own == "" && f.host == t.SessionID {
			st.removeLocked(tab, id)
		}
	}
}

// removeLocked deletes a frame and its descendants.
func (st *store) removeLocked(tab *tabFrames, id events.FrameID) {
	if _, ok := tab.frames[id]; !ok {
		return
	}
	delete(tab.frames, id)
	st.removeChildrenLocked(tab, id)
}

func (st *store) removeChildrenLocked(tab *tabFrames, id events.FrameID) {
	for cid, c := range tab.frames {
		if c.parent == id || (c.parent == "" && c.parentTarget == events.TargetID(id)) {
			st.removeLocked(tab, cid)
		}
	}
}

// acceptsLocked reports whether session sid may describe f's document:
// once a frame has a session of its own, late events about it from its
// former host are stale.
func acceptsLocked(f *frameEntry, sid events.SessionID) bool {
	return f.own == "" || f.own == sid
}

func (st *store) frameAttached(t *session.Target, id, parent events.FrameID) {
	st.mu.Lock()
	defer st.mu.Unlock()
	tab := st.tabLocked(t)
	if tab == nil {
		return
	}
	f := st.entryLocked(tab, id)
	if parent != "" && id != parent {
		f.parent = parent
	}
	if f.own == "" {
		f.host, f.hostTarget = t.SessionID, t.ID
	}
}

// frameNavigated records a committed navigation. A new document starts
// without child frames, so when fresh is set the frame's descendants are
// dropped; those of the new document are reported after this event.
func (st *store) frameNavigated(t *session.Target, fr page.Frame, fresh bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	tab := st.tabLocked(t)
	if tab == nil {
		return
	}
	f := st.entryLocked(tab, events.FrameID(fr.ID))
	if !acceptsLocked(f, t.SessionID) {
		// Stale news from the former host, or the frame moving back
		// before its own session's detach was handled: keep it until
		// that detach tells which.
		fr := fr
		f.pending, f.pendingFrom = &fr, t.SessionID
		return
	}
	if f.own != "" {
		// The frame's own session speaks for it; anything its host said
		// meanwhile is older.
		f.pending = nil
	}
	st.applyNavLocked(tab, f, t, fr, fresh)
}

// applyNavLocked records fr, committed in f as t reported it.
func (st *store) applyNavLocked(tab *tabFrames, f *frameEntry, t *session.Target, fr page.Frame, fresh bool) {
	if fr.ParentID != nil && *fr.ParentID != fr.ID {
		f.parent = events.FrameID(*fr.ParentID)
	}
	f.url = fr.URL
	if fr.URLFragment != nil {
		f.url += *fr.URLFragment
	}
	f.origin = originOf(f.url, fr.SecurityOrigin)
	f.name = ""
	if fr.Name != nil {
		f.name = *fr.Name
	}
	if f.own == "" {
		f.host, f.hostTarget = t.SessionID, t.ID
	}
	if fresh {
		st.removeChildrenLocked(tab, f.id)
	}
}

func (st *store) navigatedWithinDocument(t *session.Target, id events.FrameID, u string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	tab := st.tabLocked(t)
	if tab == nil {
		return
	}
	if f, ok := tab.frames[id]; ok && acceptsLocked(f, t.SessionID) {
		f.url = u
	}
}

// frameDetached removes a frame and its descendants, except when reason
// is "swap": the frame is moving into a process of its own and stays.
func (st *store) frameDetached(t *session.Target, id events.FrameID, reason string) {
	if reason == "swap" {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if tab := st.tabLocked(t); tab != nil {
		st.removeLocked(tab, id)
	}
}

// seed records the frames of a Page.getFrameTree reply.
func (st *store) seed(t *session.Target, tree page.FrameTree) {
	st.frameNavigated(t, tree.Frame, false)
	for _, c := range tree.ChildFrames {
		st.seed(t, c)
	}
}

func (st *store) contextCreated(t *session.Target, c runtime.ExecutionContextDescription) {
	frame, isDefault, ok := execctx.Aux(c.AuxData)
	if !ok || !isDefault {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.live[t.SessionID] != t {
		return
	}
	st.contexts.Created(t.SessionID, int64(c.ID), c.UniqueID, frame)
}

func (st *store) contextDestroyed(t *session.Target, id int64, unique string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.contexts.Destroyed(t.SessionID, id, unique)
}

func (st *store) contextsCleared(t *session.Target) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.contexts.Forget(t.SessionID)
}

// contextLocked is f's newest default context on the session that runs
// its document.
func (st *store) contextLocked(f *frameEntry) int64 {
	sid := f.host
	if f.own != "" {
		sid = f.own
	}
	return st.contexts.Newest(sid, f.id)
}

// parentOf is f's parent frame, falling back to the target that announced
// an OOPIF whose parent no event named.
func parentOf(f *frameEntry) events.FrameID {
	if f.parent != "" {
		return f.parent
	}
	return events.FrameID(f.parentTarget)
}

func (st *store) infoLocked(tabID events.TargetID, f *frameEntry) events.FrameInfo {
	info := events.FrameInfo{
		FrameID:   f.id,
		TabID:     tabID,
		URL:       f.url,
		Origin:    f.origin,
		Name:      f.name,
		IsOOPIF:   f.own != "",
		SessionID: f.host,
		TargetID:  f.hostTarget,
		ContextID: st.contextLocked(f),
	}
	if f.id != events.FrameID(tabID) {
		info.ParentFrameID = parentOf(f)
	}
	if f.own != "" {
		info.SessionID = f.own
		info.TargetID = events.TargetID(f.id)
	}
	return info
}

// node is a frame in breadth-first order with its out-of-process depth:
// the number of OOPIFs on its path from the top frame, itself included.
type node struct {
	info  events.FrameInfo
	depth int
}

// walkLocked lists tab's frames reachable from its top frame, breadth
// first, siblings in order of first sighting. Frames whose parent is not
// (or no longer) known are left out: they are transient.
func (st *store) walkLocked(tabID events.TargetID) (top events.FrameInfo, rest []node, ok bool) {
	tab, found := st.tabs[tabID]
	if !found {
		return top, nil, false
	}
	root, found := tab.frames[events.FrameID(tabID)]
	if !found {
		return top, nil, false
	}
	children := map[events.FrameID][]*frameEntry{}
	for _, f := range tab.frames {
		if f == root {
			continue
		}
		p := parentOf(f)
		children[p] = append(children[p], f)
	}
	for _, cs := range children {
		slices.SortFunc(cs, func(a, b *frameEntry) int { return cmp.Compare(a.seq, b.seq) })
	}
	top = st.infoLocked(tabID, root)
	type item struct {
		f     *frameEntry
		depth int
	}
	queue := []item{{root, 0}}
	seen := map[events.FrameID]bool{root.id: true}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, c := range children[it.f.id] {
			if seen[c.id] {
				continue
			}
			seen[c.id] = true
			d := it.depth
			if c.own != "" {
				d++
			}
			rest = append(rest, node{info: st.infoLocked(tabID, c), depth: d})
			queue = append(queue, item{c, d})
		}
	}
	return top, rest, true
}

// originOf is the security origin the browser reported, or one computed
// from u: scheme://host[:port] for network schemes, "null" otherwise
// (about:blank, data:, a sandboxed frame) and "" for an empty URL.
func originOf(u, reported string) string {
	if reported != "" && reported != "://" {
		return reported
	}
	if u == "" {
		return ""
	}
	p, err := url.Parse(u)
	if err != nil {
		return "null"
	}
	switch strings.ToLower(p.Scheme) {
	case "http", "https", "ws", "wss", "ftp":
		return strings.ToLower(p.Scheme) + "://" + p.Host
	}
	return "null"
}
