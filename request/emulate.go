package request

import (
	"github.com/agentbrowser/agentbrowser/events"
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
