package defaultaction

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/dialogwatch"
)

// Name is the watchdog's name.
const Name = "default_action"

// Config tunes the watchdog.
type Config struct {
	// Logger receives per-action debug records.
	Logger zerolog.Logger
	// NavSettle widens the window after an input within which a
	// navigation the page starts counts as the input's (reported as
	// navigated with its URL): timers the input's handlers queued with a
	// delay up to NavSettle have run before the action returns. Zero (the
	// default, NavSettleWindow) waits only for the zero-delay timers they
	// queued, which costs no fixed time; a page that navigates on a longer
	// timer or on requestAnimationFrame needs a window of at least that
	// delay (a frame is about 17 ms), each input then taking that long.
	NavSettle time.Duration
	// MaxResultBytes caps a screenshot returned inline (without a path):
	// one whose image would clearly not fit (see inlineImageLimit) is
	// refused with result_too_large before it is captured. Zero means
	// events.DefaultMaxResultBytes; negative, no cap.
	MaxResultBytes int64
}

// Params are the watchdog's fx inputs; all optional.
type Params struct {
	fx.In
	Config *Config `optional:"true"`
}

// Watchdog is the process-level DefaultActionWatchdog.
type Watchdog struct {
	cfg Config
}

// New builds the watchdog.
func New(p Params) (*Watchdog, error) {
	w := &Watchdog{}
	if p.Config != nil {
		w.cfg = *p.Config
	}
	return w, nil
}

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach subscribes the session's action handlers and starts following
// every target's JS dialogs, so that a snapshot of a blocked page answers at
// once instead of waiting on it. It drives tabs (opens, closes, switches
// them) and reads frame targets, so it needs a full browser session.
func (w *Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	s, err := watchdogs.HostAs[*session.BrowserSession](h, Name, "a full browser session")
	if err != nil {
		return nil, err
	}
	life, endLife := context.WithCancel(context.Background())
	a := &attachment{
		life:         life,
		endLife:      endLife,
		s:            s,
		log:          s.Logger().With().Str("watchdog", Name).Logger(),
		engines:      map[events.TargetID]*snapshot.Engine{},
		issuedBy:     map[events.Ref]map[events.TargetID]bool{},
		closed:       map[events.TargetID]bool{},
		inputs:       map[events.TargetID]inputLock{},
		navs:         map[events.TargetID]uint64{},
		dlg:          dialogwatch.NewTracker(s.Bus()),
		settleWindow: max(w.cfg.NavSettle, NavSettleWindow),
		maxResult:    w.cfg.MaxResultBytes,
	}
	a.hooks = append(a.hooks,
		s.OnTargetAttached(a.dlg.Follow),
		s.OnTargetAttached(a.followCrashes),
		s.OnTargetAttached(a.installRecorder),
		s.OnTargetDetached(a.targetDetached),
	)
	b := s.Bus()
	a.subs.Add(bus.Handle(b, Name, a.navigate))
	a.subs.Add(bus.Handle(b, Name, a.goBack))
	a.subs.Add(bus.Handle(b, Name, a.goForward))
	a.subs.Add(bus.Handle(b, Name, a.reload))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.clickCoordinate)))
	a.subs.Add(bus.Handle(b, Name, a.newTab))
	a.subs.Add(bus.Handle(b, Name, a.switchTab))
	a.subs.Add(bus.Handle(b, Name, a.closeTab))
	a.subs.Add(bus.Contribute(b, Name, a.state))
	a.subs.Add(bus.Handle(b, Name, a.resolveRef))
	a.subs.Add(bus.Handle(b, Name, a.locate))
	a.subs.Add(bus.Handle(b, Name, a.read))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.clickElement)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.hover)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.typeText)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.pressKey)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.scroll)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.selectOption)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.setChecked)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.uploadFile)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.fill)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.dragElement)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.dropOn)))
	a.subs.Add(bus.Handle(b, Name, serialInput(a, a.mouseAt)))
	a.subs.Add(bus.Handle(b, Name, a.wait))
	a.subs.Add(bus.Handle(b, Name, a.screenshot))
	a.subs.Add(bus.Handle(b, Name, a.pdf))
	a.subs.Add(bus.Handle(b, Name, a.inspect))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// attachment is the watchdog's per-session part.
type attachment struct {
	s     *session.BrowserSession
	log   zerolog.Logger
	subs  bus.Subscriptions
	hooks []func()

	wg sync.WaitGroup
	// life ends at Detach: the dialog followers and background work that
	// is not an action's (see prepareSnapshot) stop with it.
	life    context.Context
	endLife context.CancelFunc

	mu sync.Mutex
	// engines holds one snapshot engine per tab.
	engines map[events.TargetID]*snapshot.Engine
	// issuedBy maps each ref to the tabs whose snapshots issued it, so that
	// a ref is never used on another tab than one it names an element of
	// (each tab's engine numbers its refs from e1).
	issuedBy map[events.Ref]map[events.TargetID]bool
	// closed remembers tabs that went away, for clear errors about their
	// refs.
	closed map[events.TargetID]bool
	// inputs holds each tab's input lock (see lockInput).
	inputs map[events.TargetID]inputLock
	// dlg tells the snapshot that a tab's page is blocked by a dialog.
	dlg *dialogwatch.Tracker
	// settleWindow is how long after an input its handlers' timers may
	// still start a navigation that is the input's (see settle).
	settleWindow time.Duration
	// maxResult is Config.MaxResultBytes.
	maxResult int64
	// navs counts the navigations each tab started (see navGen).
	navs map[events.TargetID]uint64
	// preparing is set while a tab's new document is prepared in full for
	// its snapshot (see prepareSnapshot): one at a time in the session.
	preparing atomic.Bool
	// pointers holds where each tab's mouse pointer was last put (see
	// pointerAt), held the buttons a MouseEvent left pressed in it.
	pointers map[events.TargetID]pointerAt
	held     map[events.TargetID]int
}

// Detach unsubscribes every handler and stops the dialog followers.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	for _, h := range a.hooks {
		h()
	}
	a.endLife()
	a.dlg.Close()
	a.wg.Wait()
	a.mu.Lock()
	for _, e := range a.engines {
		e.Reset()
	}
	a.engines = map[events.TargetID]*snapshot.Engine{}
	a.mu.Unlock()
	return nil
}

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
