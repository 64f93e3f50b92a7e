package watchdogs_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// fakeHost is a hand-written watchdogs.Host: a real bus, tabs from a map,
// and the attach hooks kept so the test can announce a target. No browser
// and no CDP peer.
type fakeHost struct {
	b      *bus.Bus
	mu     sync.Mutex
	hooks  []session.AttachHook
	active events.TargetID
	tabs   map[events.TargetID]*session.Target
}

func newFakeHost() *fakeHost {
	return &fakeHost{b: bus.New(bus.Config{}), tabs: map[events.TargetID]*session.Target{}}
}

func (h *fakeHost) Bus() *bus.Bus          { return h.b }
func (h *fakeHost) Logger() zerolog.Logger { return zerolog.Nop() }

func (h *fakeHost) OnTargetAttached(f session.AttachHook) (remove func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.hooks = append(h.hooks, f)
	return func() {}
}

func (h *fakeHost) OnTargetDetached(session.DetachHook) (remove func()) { return func() {} }

func (h *fakeHost) Tab(id events.TargetID) (*session.Target, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if id == "" {
		id = h.active
	}
	if t, ok := h.tabs[id]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("%w: %s", session.ErrTabNotFound, id)
}

// attach plays a tab being attached: it runs the hooks and makes it active.
func (h *fakeHost) attach(ctx context.Context, id events.TargetID) error {
	t := &session.Target{ID: id, Type: "page", TabID: id}
	h.mu.Lock()
	h.tabs[id], h.active = t, id
	hooks := append([]session.AttachHook(nil), h.hooks...)
	h.mu.Unlock()
	for _, f := range hooks {
		if err := f(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// SeenEvent asks which tabs the seen watchdog saw attached, and which is
// active.
type SeenEvent struct{}

// Returns makes SeenEvent a request answered with a string.
func (SeenEvent) Returns(string) {}

// seen is a watchdog that needs only watchdogs.Host: it counts attached
// tabs through the attach hook and answers SeenEvent on the bus.
type seen struct{}

func (seen) Name() string { return "seen" }

func (seen) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	var mu sync.Mutex
	var ids []events.TargetID
	remove := h.OnTargetAttached(func(ctx context.Context, t *session.Target) error {
		mu.Lock()
		defer mu.Unlock()
		ids = append(ids, t.ID)
		return nil
	})
	sub, err := bus.Handle(h.Bus(), "seen", func(ctx context.Context, _ SeenEvent) (string, error) {
		tab, err := h.Tab("")
		if err != nil {
			return "", err
		}
		mu.Lock()
		defer mu.Unlock()
		return fmt.Sprintf("seen %v, active %s", ids, tab.ID), nil
	})
	if err != nil {
		remove()
		return nil, err
	}
	return watchdogs.DetachFunc(func(context.Context) error {
		sub.Unsubscribe()
		remove()
		return nil
	}), nil
}

// A watchdog that needs only the bus, the target hooks and tab lookup can be
// attached to a hand-written Host: no browser, no fake CDP peer.
func ExampleHost() {
	ctx := context.Background()
	h := newFakeHost()
	defer h.Bus().Close()

	att, err := seen{}.Attach(ctx, h)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer att.Detach(ctx)
	_ = h.attach(ctx, "tab-1")
	_ = h.attach(ctx, "tab-2")

	answer, err := bus.Ask(ctx, h.Bus(), SeenEvent{})
	fmt.Println(answer, err)
	// Output: seen [tab-1 tab-2], active tab-2 <nil>
}

// A session is a Host; a fake host is not a session, and a watchdog that
// asks for one gets an error that says what it needs.
func TestHostAs(t *testing.T) {
	var h watchdogs.Host = newFakeHost()
	defer h.Bus().Close()
	_, err := watchdogs.HostAs[*session.BrowserSession](h, "mine", "a full browser session")
	require.ErrorIs(t, err, watchdogs.ErrHostUnsupported)
	require.Equal(t, "the mine watchdog needs a full browser session: the host does not offer it", err.Error())

	got, err := watchdogs.HostAs[interface{ Bus() *bus.Bus }](h, "mine", "a bus")
	require.NoError(t, err)
	require.Same(t, h.Bus(), got.Bus())
	require.False(t, errors.Is(err, watchdogs.ErrHostUnsupported))
}
