package events

// Viewport is an emulated screen: its size in CSS pixels, its device
// pixel ratio (DPR; 0 keeps the browser's), whether it is a phone's
// (Mobile: a mobile viewport meta tag and overlay scrollbars) and whether
// it has a touch screen.
type Viewport struct {
	Width  int     `json:"width"`
	Height int     `json:"height"`
	DPR    float64 `json:"dpr,omitempty"`
	Mobile bool    `json:"mobile,omitempty"`
	Touch  bool    `json:"touch,omitempty"`
}

// Geolocation is an emulated position in degrees, with its accuracy in
// metres.
type Geolocation struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Accuracy  float64 `json:"accuracy,omitempty"`
}

// The color schemes a page can be shown in (ColorScheme).
const (
	ColorSchemeDark         = "dark"
	ColorSchemeLight        = "light"
	ColorSchemeNoPreference = "no-preference"
)

// EmulateEvent changes how the session's browser presents itself to its
// pages; a field left at its zero value (nil for pointers) keeps its
// setting. The settings apply to every tab of the session, and to the
// tabs and frames opened later before their first script runs. Device
// sets the viewport, touch and user agent of a built-in device (see the
// emulation watchdog's Devices; an unknown name is invalid_argument
// listing the known ones, in ErrorDetails.Known); Viewport or UserAgent
// given beside it win. Geolocation also grants the geolocation
// permission. Headers are sent with every request (an empty map clears
// them). Timezone is an IANA zone (Europe/Paris), Locale a BCP 47 tag
// (fr-FR, which also sets Accept-Language). Reset first drops every
// setting. Owned by EmulationWatchdog; result Emulation, the settings
// afterwards. Bad input is invalid_argument and changes nothing.
type EmulateEvent struct {
	Reset         bool
	Viewport      *Viewport
	Device        string
	Geolocation   *Geolocation
	Offline       *bool
	ColorScheme   string
	ReducedMotion *bool
	UserAgent     string
	Headers       map[string]string
	Timezone      string
	Locale        string
	// Network throttles or cuts every tab's network (Preset off clears
	// it, and Offline too); CPU slows every tab's renderer by this
	// factor (1 clears it). ForcedColors is active or none, Contrast
	// more, less, no-preference or custom (the forced-colors and
	// prefers-contrast media features; "" keeps, "reset" clears).
	Network      *NetworkConditions
	CPU          *float64
	ForcedColors string
	Contrast     string
}

// EmulationEvent asks for the session's emulation settings. Owned by
// EmulationWatchdog; result Emulation.
type EmulationEvent struct{}

// Emulation is a session's emulation settings; an unset one is left out.
type Emulation struct {
	Viewport      *Viewport          `json:"viewport,omitempty"`
	Device        string             `json:"device,omitempty"`
	Geolocation   *Geolocation       `json:"geolocation,omitempty"`
	Offline       bool               `json:"offline,omitempty"`
	ColorScheme   string             `json:"color_scheme,omitempty"`
	ReducedMotion bool               `json:"reduced_motion,omitempty"`
	UserAgent     string             `json:"user_agent,omitempty"`
	Headers       map[string]string  `json:"headers,omitempty"`
	Timezone      string             `json:"timezone,omitempty"`
	Locale        string             `json:"locale,omitempty"`
	Network       *NetworkConditions `json:"network,omitempty"`
	CPU           float64            `json:"cpu,omitempty"`
	ForcedColors  string             `json:"forced_colors,omitempty"`
	Contrast      string             `json:"contrast,omitempty"`
}
