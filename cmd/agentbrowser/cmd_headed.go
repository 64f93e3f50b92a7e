package main

import (
	"os"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"go.uber.org/fx"
)

// --headed shows the launched browser's windows, for a person watching an
// agent or debugging a page; it needs a display.

// headedOptions checks --headed; the daemon puts it in the launch config.
func headedOptions(settings map[string]string) (fx.Option, error) {
	return nil, checkHeaded(settings)
}

// checkHeaded refuses --headed where no display is, before any daemon
// starts: a headed Chromium without one exits at once, which would read as
// a failed launch.
func checkHeaded(settings map[string]string) error {
	if settings["headed"] != "true" {
		return nil
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return cli.Usagef("--headed needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set: run it in a desktop session or under xvfb-run, or leave --headed out to run headless")
	}
	return nil
}
