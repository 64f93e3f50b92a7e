package watchdogs

import (
	"fmt"

	"go.uber.org/fx"
)

// Config is implemented by a watchdog's configuration: Validate reports
// what is wrong with it, WithDefaults returns it with its zero fields
// filled.
type Config[C any] interface {
	Validate() error
	WithDefaults() C
}

// Params are the fx inputs of a watchdog whose configuration is a C, all
// optional: a program supplies one with fx.Supply(&C{...}). A watchdog
// package names it for its users, as in
//
//	type Params = watchdogs.Params[Config]
type Params[C any] struct {
	fx.In
	Config *C `optional:"true"`
}

// Configure returns the configuration given (the zero C when none was),
// checked with its Validate and with its defaults filled: what the New of
// every configurable watchdog starts with. name is the watchdog's, for the
// error.
func Configure[C Config[C]](name string, given *C) (C, error) {
	var c C
	if given != nil {
		c = *given
	}
	if err := c.Validate(); err != nil {
		var zero C
		return zero, fmt.Errorf("invalid %s watchdog config: %w", name, err)
	}
	return c.WithDefaults(), nil
}
