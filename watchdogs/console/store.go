package console

import (
	"strconv"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/execctx"
	"github.com/agentbrowser/agentbrowser/session"
)

// store holds the console of one session's tabs. Readers write to it and
// handlers read it, under mu, never during a CDP call.
type store struct {
	cfg Config

	mu   sync.Mutex
	tabs map[events.TargetID]*tabConsole
	// live holds the targets whose events are accepted.
	live map[events.SessionID]*session.Target
	// contexts maps, per session, execution context ids to their frame.
	contexts *execctx.Map
	// seq numbers the session's messages.
	seq uint64
}

// tabConsole is one tab's rings and since-last-state counters.
type tabConsole struct {
	important ring // errors and warnings
	all       ring // any level
	errors    int
	warnings  int
}

func newStore(cfg Config) *store {
	return &store{
		cfg:      cfg,
		tabs:     map[events.TargetID]*tabConsole{},
		live:     map[events.SessionID]*session.Target{},
		contexts: execctx.New(),
	}
}

func (st *store) addTarget(t *session.Target) {
	st.mu.Lock()
	defer st.mu.Unlock()
	select {
	case <-t.Done():
		return
	default:
	}
	st.live[t.SessionID] = t
	if _, ok := st.tabs[t.TabID]; !ok {
		st.tabs[t.TabID] = &tabConsole{important: newRing(st.cfg.Capacity), all: newRing(st.cfg.AllCapacity)}
	}
}

// removeTarget forgets t's contexts; a closed tab takes its messages with
// it, while an OOPIF's messages stay in its tab's rings.
func (st *store) removeTarget(t *session.Target) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.live[t.SessionID] == t {
		delete(st.live, t.SessionID)
	}
	st.contexts.Forget(t.SessionID)
	if t.IsPage() {
		delete(st.tabs, t.TabID)
	}
}

func (st *store) contextCreated(t *session.Target, c runtime.ExecutionContextDescription) {
	frame, _, ok := execctx.Aux(c.AuxData)
	if !ok {
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

// frameLocked is the frame of context id on t's session, or t's own frame
// (a page's top frame and an OOPIF's frame share their target's id).
func (st *store) frameLocked(t *session.Target, id int64) events.FrameID {
	if f, ok := st.contexts.Frame(t.SessionID, id); ok {
		return f
	}
	return events.FrameID(t.ID)
}

func (st *store) consoleCalled(t *session.Target, ev *runtime.ConsoleAPICalledReply) {
	m := events.ConsoleMessage{
		Level: levelOf(ev.Type),
		Type:  ev.Type,
		Text:  cut(formatArgs(ev.Args), st.cfg.MaxText),
		At:    timeOf(ev.Timestamp),
	}
	it := item{msg: m, args: st.args(ev.Args), stack: ev.StackTrace}
	if ev.StackTrace != nil && len(ev.StackTrace.CallFrames) > 0 {
		cf := ev.StackTrace.CallFrames[0]
		it.msg.URL, it.msg.Line, it.column = cf.URL, cf.LineNumber+1, cf.ColumnNumber+1
	}
	st.add(t, int64(ev.ExecutionContextID), it)
}

func (st *store) exceptionThrown(t *session.Target, ev *runtime.ExceptionThrownReply) {
	d := ev.ExceptionDetails
	m := events.ConsoleMessage{
		Level: events.ConsoleError,
		Type:  "exception",
		Text:  cut(exceptionText(d), st.cfg.MaxText),
		Line:  d.LineNumber + 1,
		At:    timeOf(ev.Timestamp),
	}
	if d.URL != nil {
		m.URL = *d.URL
	}
	it := item{msg: m, stack: d.StackTrace, column: d.ColumnNumber + 1}
	if d.Exception != nil {
		it.args = st.args([]runtime.RemoteObject{*d.Exception})
	}
	if it.msg.URL == "" && d.StackTrace != nil && len(d.StackTrace.CallFrames) > 0 {
		cf := d.StackTrace.CallFrames[0]
		it.msg.URL, it.msg.Line, it.column = cf.URL, cf.LineNumber+1, cf.ColumnNumber+1
	}
	var ctx int64
	if d.ExecutionContextID != nil {
		ctx = int64(*d.ExecutionContextID)
	}
	st.add(t, ctx, it)
}

// add files it in its tab's rings and counters, under the session's next
// message id.
func (st *store) add(t *session.Target, ctx int64, it item) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.live[t.SessionID] != t {
		return
	}
	tab, ok := st.tabs[t.TabID]
	if !ok {
		return
	}
	st.seq++
	it.msg.ID = "c-" + strconv.FormatUint(st.seq, 10)
	it.msg.FrameID = st.frameLocked(t, ctx)
	tab.all.push(it)
	switch it.msg.Level {
	case events.ConsoleError:
		tab.errors++
		tab.important.push(it)
	case events.ConsoleWarning:
		tab.warnings++
		tab.important.push(it)
	}
}

// takeCounts returns the counts since the previous call and resets them.
func (st *store) takeCounts(tab events.TargetID) events.ConsoleCounts {
	st.mu.Lock()
	defer st.mu.Unlock()
	tc, ok := st.tabs[tab]
	if !ok {
		return events.ConsoleCounts{}
	}
	c := events.ConsoleCounts{Errors: tc.errors, Warnings: tc.warnings}
	tc.errors, tc.warnings = 0, 0
	return c
}

// messages copies one ring of a tab, then clears both rings when clear is
// set.
func (st *store) messages(tab events.TargetID, all, clear bool) ([]events.ConsoleMessage, int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	tc, ok := st.tabs[tab]
	if !ok {
		return []events.ConsoleMessage{}, 0
	}
	r := &tc.important
	if all {
		r = &tc.all
	}
	msgs, dropped := r.list(), r.dropped
	if clear {
		tc.important.reset()
		tc.all.reset()
	}
	return msgs, dropped
}

// ring keeps the last len(buf) messages.
type ring struct {
	buf     []item
	start   int
	n       int
	dropped int
}

func newRing(capacity int) ring { return ring{buf: make([]item, capacity)} }

func (r *ring) push(m item) {
	if len(r.buf) == 0 {
		r.dropped++
		return
	}
	if r.n < len(r.buf) {
		r.buf[(r.start+r.n)%len(r.buf)] = m
		r.n++
		return
	}
	r.buf[r.start] = m
	r.start = (r.start + 1) % len(r.buf)
	r.dropped++
}

// list returns the messages oldest first.
func (r *ring) list() []events.ConsoleMessage {
	out := make([]events.ConsoleMessage, 0, r.n)
	for i := range r.n {
		out = append(out, r.buf[(r.start+i)%len(r.buf)].msg)
	}
	return out
}

func (r *ring) reset() {
	clear(r.buf)
	r.start, r.n, r.dropped = 0, 0, 0
}

func timeOf(ts runtime.Timestamp) time.Time {
	if ts > 0 {
		return ts.Time().UTC()
	}
	return time.Now().UTC()
}
