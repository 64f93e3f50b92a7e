package standard_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// auditLog is what the audit plugins saw, by event type.
type auditLog struct {
	mu       sync.Mutex
	seen     map[string]int
	outcomes map[string][]string // each Outcome's value, as JSON
}

func (l *auditLog) saw(what string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen[what]++
}

func (l *auditLog) outcome(what string, v any, err error) {
	b, _ := json.Marshal(v)
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil {
		b = []byte("error: " + err.Error())
	}
	l.outcomes[what] = append(l.outcomes[what], string(b))
}

// auditPlugin is a plugin watchdog that only watches. Named "audit" it
// sorts before default_action, so its subscriptions come before the
// owner's; named "zz_audit", after. With all set it observes every request
// the standard watchdogs own and panics on each, and records the outcome
// of the ones the test checks.
type auditPlugin struct {
	name string
	all  bool
	log  *auditLog
}

func (p *auditPlugin) Name() string { return p.name }

func (p *auditPlugin) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	b := h.Bus()
	var subs bus.Subscriptions
	subs.Keep(bus.Observe(b, p.name, func(ctx context.Context, e events.ClickCoordinateEvent) { p.log.saw(p.name + " click") }))
	if p.all {
		fail := func(what string) { p.log.saw(what); panic(errors.New(p.name + " fails on " + what)) }
		subs.Keep(
			observeEvery[events.NavigateToURLEvent](b, p.name, fail),
			observeEvery[events.ClickCoordinateEvent](b, p.name, fail),
			observeEvery[events.ClickElementEvent](b, p.name, fail),
			observeEvery[events.TypeTextEvent](b, p.name, fail),
			observeEvery[events.PressKeyEvent](b, p.name, fail),
			observeEvery[events.HoverEvent](b, p.name, fail),
			observeEvery[events.ScrollEvent](b, p.name, fail),
			observeEvery[events.EvaluateEvent](b, p.name, fail),
			observeEvery[events.TabsEvent](b, p.name, fail),
			observeEvery[events.BrowserStateRequestEvent](b, p.name, fail),
			observeOutcome[events.ClickCoordinateEvent](b, p.name, p.log),
			observeOutcome[events.ClickElementEvent](b, p.name, p.log),
			observeOutcome[events.TypeTextEvent](b, p.name, p.log),
			observeOutcome[events.EvaluateEvent](b, p.name, p.log),
		)
	}
	return watchdogs.DetachFunc(func(context.Context) error {
		subs.Unsubscribe()
		return nil
	}), nil
}

func observeEvery[E any](b *bus.Bus, name string, fail func(string)) bus.Subscription {
	return bus.Observe(b, name, func(ctx context.Context, e E) { fail(fmt.Sprintf("%T", e)) })
}

func observeOutcome[E bus.Request[R], R any](b *bus.Bus, name string, log *auditLog) bus.Subscription {
	return bus.Observe(b, name, func(ctx context.Context, o bus.Outcome[E, R]) {
		log.outcome(fmt.Sprintf("%T", o.Event), o.Value, o.Err)
	})
}

// auditPage has a button that counts its clicks and a text box.
func auditPage(w http.ResponseWriter, r *http.Request) {
	fmt.Fprint(w, `<!doctype html><title>audit</title><style>body{margin:0}</style>
<button style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="window.clicks=(window.clicks||0)+1">Count</button>
<input aria-label="Name" style="position:absolute;left:0;top:60px">
<div style="height:3000px"></div>`)
}

// agentRun drives s through the actions an agent uses and returns each
// result as JSON with what the browser assigns per tab taken out (tab ids,
// backend node ids), and the results themselves for the checks on the
// outcomes.
func agentRun(t *testing.T, ctx context.Context, s *session.BrowserSession, url string) (norm []string, raw map[string][]any) {
	t.Helper()
	raw = map[string][]any{}
	add := func(what string, v any, err error) {
		t.Helper()
		require.NoError(t, err, what)
		raw[what] = append(raw[what], v)
		b, err := json.Marshal(v)
		require.NoError(t, err)
		out := string(b)
		for _, tab := range s.Tabs() {
			out = strings.ReplaceAll(out, string(tab.ID), "TAB")
		}
		out = nodeID.ReplaceAllString(out, `"backend_node_id":N`)
		norm = append(norm, what+" "+out)
	}
	r1, err := actions.Navigate(ctx, s, url, actions.NavigateOptions{})
	add("navigate", r1, err)
	r2, err := actions.ClickAt(ctx, s, 50, 20)
	add("events.ClickCoordinateEvent", r2, err)
	snap, err := actions.Snapshot(ctx, s, events.SnapshotOptions{})
	add("snapshot", snap, err)
	var button, box events.Ref
	for ref, info := range snap.Refs {
		switch info.Role {
		case "button":
			button = ref
		case "textbox":
			box = ref
		}
	}
	require.NotEmpty(t, button)
	require.NotEmpty(t, box)
	r3, err := actions.Click(ctx, s, button)
	add("events.ClickElementEvent", r3, err)
	r4, err := actions.Type(ctx, s, events.TypeTextEvent{Ref: box, Text: "hello"})
	add("events.TypeTextEvent", r4, err)
	r5, err := actions.Press(ctx, s, "Tab")
	add("press", r5, err)
	r6, err := actions.Hover(ctx, s, button)
	add("hover", r6, err)
	r7, err := actions.Scroll(ctx, s, events.ScrollEvent{DY: 100})
	add("scroll", r7, err)
	r8, err := actions.Evaluate(ctx, s, "window.clicks + ':' + document.querySelector('input').value")
	add("events.EvaluateEvent", r8, err)
	require.Equal(t, "2:hello", r8.Value, "each click reached the page once, and the text was typed")
	// The tab list is not compared: a tab's title reaches it from the
	// browser's target events, on their own time.
	_, err = actions.Tabs(ctx, s)
	require.NoError(t, err)
	return norm, raw
}

// nodeID matches a backend node id, which the browser numbers per tab.
var nodeID = regexp.MustCompile(`"backend_node_id":\d+`)

// Plugins that only watch change no result of any action, whether they
// subscribe before the owner (audit sorts before default_action) or after
// it, and whether or not they panic on every event; and they see every
// action and its outcome.
func TestObservingPluginsChangeNoResult(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(auditPage))
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()

	plain, err := standard.Start(ctx, session.Config{TaskID: "plain", CDPURL: testkit.Endpoint(t)})
	require.NoError(t, err)
	defer plain.Close()
	want, _ := agentRun(t, ctx, plain, srv.MainURL("/"))

	log := &auditLog{seen: map[string]int{}, outcomes: map[string][]string{}}
	plugins := fx.Provide(
		watchdogs.As(func() *auditPlugin { return &auditPlugin{name: "audit", log: log} }),
		watchdogs.As(func() *auditPlugin { return &auditPlugin{name: "zz_audit", all: true, log: log} }),
	)
	m, err := standard.NewManager(plugins)
	require.NoError(t, err)
	names := m.Names()
	require.Equal(t, "audit", names[0], "audit attaches before the owner")
	require.Equal(t, "zz_audit", names[len(names)-1], "zz_audit after it")

	watched, err := standard.Start(ctx, session.Config{TaskID: "watched", CDPURL: testkit.Endpoint(t)}, plugins)
	require.NoError(t, err)
	defer watched.Close()
	got, raw := agentRun(t, ctx, watched, srv.MainURL("/"))
	assert.Equal(t, want, got, "the watched session's results are the plain one's")

	require.NoError(t, watched.Bus().Wait(ctx), "the observers finish")
	log.mu.Lock()
	defer log.mu.Unlock()
	assert.Equal(t, 1, log.seen["audit click"])
	assert.Equal(t, 1, log.seen["zz_audit click"])
	for _, what := range []string{"events.NavigateToURLEvent", "events.ClickCoordinateEvent", "events.ClickElementEvent",
		"events.TypeTextEvent", "events.PressKeyEvent", "events.HoverEvent", "events.ScrollEvent",
		"events.EvaluateEvent", "events.TabsEvent"} {
		assert.Equal(t, 1, log.seen[what], "zz_audit saw one %s", what)
	}
	assert.Positive(t, log.seen["events.BrowserStateRequestEvent"])
	for what, results := range raw {
		outcomes, ok := log.outcomes[what]
		if !ok {
			continue
		}
		var wantJSON []string
		for _, r := range results {
			b, _ := json.Marshal(r)
			wantJSON = append(wantJSON, string(b))
		}
		assert.Equal(t, wantJSON, outcomes, "the outcome of %s is what the agent got", what)
	}
	assert.Len(t, log.outcomes, 4)
}

// A plugin that tries to answer an action itself is refused when the
// session starts, with an error naming it and the action's owner.
func TestSecondOwnerOfAnActionIsRefused(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	_, err := standard.Start(ctx, session.Config{TaskID: "takeover", CDPURL: testkit.Endpoint(t)},
		fx.Provide(watchdogs.As(func() takeover { return takeover{} })))
	require.ErrorIs(t, err, bus.ErrOwnerConflict)
	assert.Contains(t, err.Error(), `"takeover"`)
	assert.Contains(t, err.Error(), `"default_action"`)
	assert.Contains(t, err.Error(), "events.ClickCoordinateEvent")
}

// takeover tries to own coordinate clicks.
type takeover struct{}

func (takeover) Name() string { return "takeover" }

func (takeover) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	sub, err := bus.Handle(h.Bus(), "takeover", func(ctx context.Context, e events.ClickCoordinateEvent) (events.ActionResult, error) {
		return events.ActionResult{}, nil
	})
	if err != nil {
		return nil, err
	}
	return watchdogs.DetachFunc(func(context.Context) error { sub.Unsubscribe(); return nil }), nil
}
