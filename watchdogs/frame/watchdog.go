package frame

import (
	"context"
	"errors"
	"fmt"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "frame"

// Config tunes the frame_tree section of the page state. Zero fields take
// their defaults.
type Config struct {
	// MaxChildren caps the frames listed below the top frame. Default 30.
	MaxChildren int
	// MaxOOPIFDepth cuts out-of-process iframes nested deeper than this
	// (an OOPIF in an OOPIF is depth 2). Default 2.
	MaxOOPIFDepth int
	// CDPDisabled refuses every CDPCallEvent (the raw cdp command) with
	// cdp_disabled; the rest of the watchdog works as usual.
	CDPDisabled bool
	// MaxResultBytes caps the reply of a raw CDP call (CDPCallEvent): a
	// larger one fails with result_too_large and is dropped as it
	// arrives. 0 means events.DefaultMaxResultBytes; negative, no cap.
	MaxResultBytes int64
}

// Validate reports what is wrong with c.
func (c Config) Validate() error {
	var errs []error
	if c.MaxChildren < 0 {
		errs = append(errs, errors.New("max children must not be negative"))
	}
	if c.MaxOOPIFDepth < 0 {
		errs = append(errs, errors.New("max OOPIF depth must not be negative"))
	}
	return errors.Join(errs...)
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.MaxChildren == 0 {
		c.MaxChildren = 30
	}
	if c.MaxOOPIFDepth == 0 {
		c.MaxOOPIFDepth = 2
	}
	if c.MaxResultBytes == 0 {
		c.MaxResultBytes = events.DefaultMaxResultBytes
	}
	return c
}

// Params are the watchdog's fx inputs; all optional.
type Params = watchdogs.Params[Config]

// Watchdog is the process-level FrameWatchdog. Its per-session state lives
// in the attachment Attach returns.
type Watchdog struct {
	cfg Config
}

// New builds the watchdog.
func New(p Params) (*Watchdog, error) {
	cfg, err := watchdogs.Configure(Name, p.Config)
	if err != nil {
		return nil, err
	}
	return &Watchdog{cfg: cfg}, nil
}

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach starts following the frames of every target s attaches from now
// on and subscribes the watchdog's handlers.
func (w *Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	s, err := watchdogs.HostAs[host](h, Name, "a browser session that can look targets up and make raw CDP calls")
	if err != nil {
		return nil, err
	}
	a := &attachment{
		cfg:   w.cfg,
		s:     s,
		log:   s.Logger().With().Str("watchdog", Name).Logger(),
		store: newStore(),
	}
	a.targets = watchdogs.FollowTargets(s, Name, a.follow, a.store.removeTarget)
	b := s.Bus()
	a.subs.Add(bus.Contribute(b, Name, a.state))
	a.subs.Add(bus.Handle(b, Name, a.frames))
	a.subs.Add(bus.Handle(b, Name, a.lookup))
	a.subs.Add(bus.Handle(b, Name, a.cdpCall))
	if w.cfg.CDPDisabled {
		a.subs.Keep(bus.Guard(b, Name, CDPGuardOrder, refuseCDP))
	}
	if ic, ok := h.(contextHost); ok {
		// On a browser shared with other sessions, raw CDP stays within
		// this session's own context (confine.go).
		a.subs.Keep(bus.Guard(b, Name, ConfineGuardOrder, a.confineCDP(ic)))
	}
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// attachment is the watchdog's per-session part: the frame map of the
// session's tabs and one event-reading goroutine per attached target.
type attachment struct {
	cfg     Config
	s       host
	log     zerolog.Logger
	store   *store
	subs    bus.Subscriptions
	targets *watchdogs.Targets
}

// Detach unsubscribes the handlers, stops every target's reader and waits
// for them.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	return a.targets.Detach(ctx)
}

// follow runs before the target is resumed: it opens the target's event
// streams first and then reads its current frame tree, so that no frame
// falls between the two.
func (a *attachment) follow(ctx, life context.Context, t *session.Target) (func(), error) {
	st, err := openStreams(life, t)
	if err != nil {
		return nil, fmt.Errorf("opening event streams on %s: %w", t.ID, err)
	}
	a.store.addTarget(t)
	if tree, err := t.Client.Page.GetFrameTree(ctx); err == nil {
		a.store.seed(t, tree.FrameTree)
	} else {
		a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("reading frame tree failed")
	}
	return func() {
		defer st.close()
		a.read(life, t, st)
	}, nil
}

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))

// frameNotFound is the error for a frame id the tab does not have.
func frameNotFound(tab events.TargetID, id events.FrameID) error {
	where := "this session's tabs"
	if tab != "" {
		where = "tab " + string(tab)
	}
	return events.Errorf(events.CodeFrameNotFound,
		"frame %s not found in %s: it may have been detached", id, where).WithNext(events.StepListFrames).
		WithDetails(events.ErrorDetails{FrameID: id})
}
