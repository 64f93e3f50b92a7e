package bus

import (
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"
)

// Defaults applied by New to zero Config fields.
const (
	DefaultHistorySize = 200
	DefaultTimeout     = 30 * time.Second
)

// Config configures a Bus. The zero value is usable: New fills in defaults.
type Config struct {
	// Name labels the bus in logs so that the buses of several sessions can
	// be told apart.
	Name string
	// HistorySize is how many of the most recent dispatches History keeps.
	// Zero means DefaultHistorySize; the ring is bounded so that a long
	// session cannot grow it without limit.
	HistorySize int
	// DefaultTimeout is the deadline of a dispatch whose context has none
	// and whose event does not implement DefaultTimeouter. Zero means
	// DefaultTimeout; it exists so that a forgotten context.Background can
	// never hang a caller forever.
	DefaultTimeout time.Duration
	// Logger receives one debug line per dispatch and a warning per panic.
	// The zero value discards everything, like zerolog.Nop, so the bus is
	// quiet by default.
	Logger zerolog.Logger
}

// Validate reports every invalid field at once, joined with errors.Join.
func (c Config) Validate() error {
	var errs []error
	if c.HistorySize < 0 {
		errs = append(errs, fmt.Errorf("history size %d is negative", c.HistorySize))
	}
	if c.DefaultTimeout < 0 {
		errs = append(errs, fmt.Errorf("default timeout %s is negative", c.DefaultTimeout))
	}
	return errors.Join(errs...)
}

// withDefaults returns c with zero or invalid fields replaced by defaults.
// New cannot return an error, so an invalid value falls back to the default
// rather than producing a bus that misbehaves; callers that care call
// Validate first.
func (c Config) withDefaults() Config {
	if c.HistorySize <= 0 {
		c.HistorySize = DefaultHistorySize
	}
	if c.DefaultTimeout <= 0 {
		c.DefaultTimeout = DefaultTimeout
	}
	return c
}

// DefaultTimeouter is implemented by event types that need a deadline other
// than Config.DefaultTimeout when the dispatching context has none; a
// navigation may allow longer than a click, for example. It never extends or
// shortens a deadline the caller's context already carries, because one
// deadline must cover the whole dispatch.
type DefaultTimeouter interface {
	DefaultTimeout() time.Duration
}
