package main

import (
	"os"

	"go.uber.org/fx"
)

// --headed shows the launched browser's windows, for a person watching an
// agent or debugging a page; it needs a display.
func init() {
	settingFlags = append(settingFlags,
		Flag{Name: "headed", Kind: Bool, Usage: "session setting: show the launched browser's windows (needs a display: DISPLAY or WAYLAND_DISPLAY); default headless"},
	)
	settingOptions = append(settingOptions, func(settings map[string]string) (fx.Option, error) {
		return nil, checkHeaded(settings)
	})
}

// checkHeaded refuses --headed where no display is, before any daemon
// starts: a headed Chromium without one exits at once, which would read as
// a failed launch.
func checkHeaded(settings map[string]string) error {
	if settings["headed"] != "true" {
		return nil
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return usageErrorf("--headed needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set: run it in a desktop session or under xvfb-run, or leave --headed out to run headless")
	}
	return nil
}
