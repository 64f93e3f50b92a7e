package request

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/emulation"
)

// Set changes the session's emulation, for every tab and those opened
// later (see events.EmulateEvent); a field left empty keeps its setting,
// and a Set with none returns the settings as they are.
type Set struct {
	Returns[events.Emulation]
	Reset         bool                `json:"reset,omitempty"`
	Viewport      *events.Viewport    `json:"viewport,omitempty"`
	Device        string              `json:"device,omitempty"`
	Geolocation   *events.Geolocation `json:"geolocation,omitempty"`
	Offline       *bool               `json:"offline,omitempty"`
	ColorScheme   string              `json:"color_scheme,omitempty"`
	ReducedMotion *bool               `json:"reduced_motion,omitempty"`
	UserAgent     string              `json:"user_agent,omitempty"`
	Headers       map[string]string   `json:"headers"`
	Timezone      string              `json:"timezone,omitempty"`
	Locale        string              `json:"locale,omitempty"`
	// Network throttles or cuts the network (Preset off clears it), CPU
	// slows the renderers by a factor (1 clears it); ForcedColors and
	// Contrast emulate those media features ("reset" clears them).
	Network      *events.NetworkConditions `json:"network,omitempty"`
	CPU          *float64                  `json:"cpu,omitempty"`
	ForcedColors string                    `json:"forced_colors,omitempty"`
	Contrast     string                    `json:"contrast,omitempty"`
}

func (Set) Command() string { return "set" }

func (q Set) event() events.EmulateEvent {
	return events.EmulateEvent{Reset: q.Reset, Viewport: q.Viewport, Device: q.Device, Geolocation: q.Geolocation,
		Offline: q.Offline, ColorScheme: q.ColorScheme, ReducedMotion: q.ReducedMotion, UserAgent: q.UserAgent,
		Headers: q.Headers, Timezone: q.Timezone, Locale: q.Locale,
		Network: q.Network, CPU: q.CPU, ForcedColors: q.ForcedColors, Contrast: q.Contrast}
}

func (q Set) empty() bool {
	return !q.Reset && q.Viewport == nil && q.Device == "" && q.Geolocation == nil && q.Offline == nil &&
		q.ColorScheme == "" && q.ReducedMotion == nil && q.UserAgent == "" && q.Headers == nil && q.Timezone == "" && q.Locale == "" &&
		q.Network == nil && q.CPU == nil && q.ForcedColors == "" && q.Contrast == ""
}

// Validate implements Validator.
func (q Set) Validate() error { return emulation.Check(q.event()) }

func init() {
	Handle(func(ctx context.Context, b *Browser, q Set) (events.Emulation, error) {
		if q.empty() {
			return actions.Do(ctx, b.s, events.EmulationEvent{})
		}
		return actions.Emulate(ctx, b.s, q.event())
	})
}
