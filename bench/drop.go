package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// dropped names the standard watchdogs the bench leaves out of its
// sessions (-drop): a diagnosis of what each costs, never a published row.
var dropped []string

// noBodies makes the sessions keep no bodies (-no-bodies).
var noBodies bool

// startOurs starts a session with the standard watchdogs less the dropped
// ones (standard.Without says which may be), keeping bodies unless
// -no-bodies.
func startOurs(ctx context.Context) (*session.BrowserSession, error) {
	return startOursBodies(ctx, !noBodies)
}

// startOursBodies is startOurs, keeping the default bodies or none.
func startOursBodies(ctx context.Context, bodies bool) (*session.BrowserSession, error) {
	var extra []fx.Option
	if !bodies {
		extra = append(extra, fx.Supply(&network.Config{BodyBudget: network.NoBodies}))
	}
	m, err := standard.NewManagerFrom(standard.Without(dropped...), extra...)
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
