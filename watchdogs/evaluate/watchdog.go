package evaluate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "evaluate"

// Config tunes the watchdog. Start from DefaultConfig: the zero value has
// evaluation switched off.
type Config struct {
	// Enabled turns evaluation on. Off, every EvaluateEvent fails with
	// evaluate_disabled (the evaluate_enabled session setting).
	Enabled bool
	// DialTimeout bounds opening the engine's own connection, within the
	// caller's budget. Default 2 s.
	DialTimeout time.Duration
	// RedialAfter is how long evaluations stay on the fallback after the
	// engine failed to open its own connection, before it tries again.
	// Default 10 s.
	RedialAfter time.Duration
	// CleanupTimeout bounds stopping a script and detaching its session
	// after a timeout or cancellation. The cleanup normally takes a few
	// milliseconds, well inside the budget's reserve. Default 2 s.
	CleanupTimeout time.Duration
	// MaxResultBytes caps an evaluation's result as the browser sends it:
	// a larger one fails with result_too_large, naming its size and the
	// cap, and is dropped as it arrives rather than held. 0 means
	// events.DefaultMaxResultBytes; a negative value removes the cap.
	MaxResultBytes int64
}

// DefaultConfig is the configuration used when none is supplied.
func DefaultConfig() Config {
	return Config{Enabled: true, DialTimeout: 2 * time.Second, RedialAfter: 10 * time.Second, CleanupTimeout: 2 * time.Second}
}

// Validate reports what is wrong with c.
func (c Config) Validate() error {
	var errs []error
	if c.DialTimeout < 0 {
		errs = append(errs, errors.New("dial timeout must not be negative"))
	}
	if c.RedialAfter < 0 {
		errs = append(errs, errors.New("redial interval must not be negative"))
	}
	if c.CleanupTimeout < 0 {
		errs = append(errs, errors.New("cleanup timeout must not be negative"))
	}
	return errors.Join(errs...)
}

func (c *Config) defaults() {
	d := DefaultConfig()
	if c.DialTimeout == 0 {
		c.DialTimeout = d.DialTimeout
	}
	if c.RedialAfter == 0 {
		c.RedialAfter = d.RedialAfter
	}
	if c.CleanupTimeout == 0 {
		c.CleanupTimeout = d.CleanupTimeout
	}
	if c.MaxResultBytes == 0 {
		c.MaxResultBytes = events.DefaultMaxResultBytes
	}
}

// Params are the watchdog's fx inputs.
type Params struct {
	fx.In
	Config *Config `optional:"true"`
}

// Watchdog is the process-level EvaluateWatchdog; each session it attaches
// to gets its own engine (connection, sessions, counters).
type Watchdog struct {
	cfg Config
}

// New builds the watchdog with p.Config, or DefaultConfig when none is
// given.
func New(p Params) (*Watchdog, error) {
	cfg := DefaultConfig()
	if p.Config != nil {
		cfg = *p.Config
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid evaluate config: %w", err)
	}
	cfg.defaults()
	return &Watchdog{cfg: cfg}, nil
}

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach starts the session's engine: it subscribes the evaluate and stats
// handlers and follows every target's dialogs. The engine's own connection
// is opened on first use, on the session's transport, so it needs a full
// browser session.
func (w *Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	s, err := watchdogs.HostAs[*session.BrowserSession](h, Name, "a full browser session")
	if err != nil {
		return nil, err
	}
	return attach(w.cfg, s)
}

var _ watchdogs.Watchdog = (*Watchdog)(nil)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
