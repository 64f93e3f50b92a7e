package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// dropped names the standard watchdogs the bench leaves out of its
// sessions (-drop): a diagnosis of what each costs, never a published row.
var dropped []string

// startOurs starts a session with the standard watchdogs less the dropped
// ones (standard.Without says which may be).
func startOurs(ctx context.Context) (*session.BrowserSession, error) {
	if len(dropped) == 0 {
		return standard.Start(ctx, oursConfig())
	}
	m, err := standard.NewManagerFrom(standard.Without(dropped...))
	if err != nil {
		return nil, fmt.Errorf("-drop %s: %w", strings.Join(dropped, ","), err)
	}
	cfg := oursConfig()
	cfg.Extensions = []session.Extension{m}
	return session.Start(ctx, cfg)
}

// closeOurs closes a session started by startOurs and waits until its
// browser's processes are gone (see waitGroupGone), as chrome.close does
// for the other libraries' browsers. It returns how long Close took,
// without the wait.
func closeOurs(s *session.BrowserSession) time.Duration {
	t := time.Now()
	s.Close()
	d := time.Since(t)
	if p := s.Process(); p != nil {
		waitGroupGone(p.PID())
	}
	return d
}
