package emulation

import (
	"slices"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
)

// Device is a built-in device: its screen and its browser's user agent.
type Device struct {
	Name      string
	Viewport  events.Viewport
	UserAgent string
}

const (
	iosUA     = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	ipadUA    = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	androidUA = "Mozilla/5.0 (Linux; Android 14; %s) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 %sSafari/537.36"
)

func android(model string, mobile bool) string {
	m := ""
	if mobile {
		m = "Mobile "
	}
	return strings.NewReplacer("%s) ", model+") ", "%sSafari", m+"Safari").Replace(androidUA)
}

func phone(w, h int, dpr float64) events.Viewport {
	return events.Viewport{Width: w, Height: h, DPR: dpr, Mobile: true, Touch: true}
}

// devices is the table of built-in devices: current phones and tablets,
// their CSS viewports in portrait and their device pixel ratios.
var devices = []Device{
	{"iPhone 15", phone(393, 852, 3), iosUA},
	{"iPhone 15 Pro Max", phone(430, 932, 3), iosUA},
	{"iPhone SE", phone(375, 667, 2), iosUA},
	{"Pixel 8", phone(412, 915, 2.625), android("Pixel 8", true)},
	{"Pixel 7", phone(412, 915, 2.625), android("Pixel 7", true)},
	{"Galaxy S24", phone(360, 780, 3), android("SM-S921B", true)},
	{"iPad", phone(820, 1180, 2), ipadUA},
	{"iPad Mini", phone(744, 1133, 2), ipadUA},
	{"iPad Pro 11", phone(834, 1194, 2), ipadUA},
	{"Galaxy Tab S9", phone(800, 1280, 2), android("SM-X710", false)},
}

// Devices lists the built-in devices.
func Devices() []Device { return slices.Clone(devices) }

// DeviceNames lists the built-in devices' names.
func DeviceNames() []string {
	out := make([]string, len(devices))
	for i, d := range devices {
		out[i] = d.Name
	}
	return out
}

// key folds a device name: case, spaces, dashes and underscores do not
// count ("iphone-15" is "iPhone 15").
func key(s string) string {
	return strings.ToLower(strings.NewReplacer(" ", "", "-", "", "_", "").Replace(s))
}

// LookupDevice finds a built-in device by name.
func LookupDevice(name string) (Device, bool) {
	k := key(name)
	for _, d := range devices {
		if key(d.Name) == k {
			return d, true
		}
	}
	return Device{}, false
}
