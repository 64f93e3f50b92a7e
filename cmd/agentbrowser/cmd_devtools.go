package main

import (
	"fmt"
	"strconv"
	"strings"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/session"
)

// The launched browser is driven over --remote-debugging-pipe and listens on
// no port. --remote-debugging-port opts in to a DevTools TCP port for a
// person to attach DevTools; status then warns that every local user can
// drive the browser through it.

// devtoolsOptions checks --remote-debugging-port; the daemon puts it in
// the launch config.
func devtoolsOptions(settings map[string]string) (fx.Option, error) {
	_, _, err := debuggingPort(settings)
	return nil, err
}

// debuggingPort reads --remote-debugging-port as a LaunchConfig value.
func debuggingPort(settings map[string]string) (port int, set bool, err error) {
	v, ok := settings["remote-debugging-port"]
	if !ok {
		return 0, false, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 65535 {
		return 0, false, cli.Usagef("--remote-debugging-port %q: want a port number from 0 (any free port) to 65535", v)
	}
	if n == 0 {
		return session.AnyDebuggingPort, true, nil
	}
	return n, true, nil
}

// browserRecord is where the daemon's launch notes its browser's pid and
// profile, so that the next daemon of the session reaps what a killed one
// left (session.Reap).
func browserRecord(p sessionPaths) string {
	return strings.TrimSuffix(p.Socket, ".sock") + ".browser"
}

// devtoolsWarning is status's warning while the opt-in DevTools port is open.
func devtoolsWarning(s *session.BrowserSession) string {
	if !s.Piped() || s.Endpoint() == "" {
		return ""
	}
	return fmt.Sprintf("the DevTools port of this session's browser is open (%s): every local user can drive the browser, read its pages and the files it can open; start the session without --remote-debugging-port to close it", s.Endpoint())
}
