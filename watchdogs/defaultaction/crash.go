package defaultaction

import (
	"context"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// crashHint is the next step for a crashed tab; actions.CrashHint says the
// same in target_crashed errors.
const crashHint = "open a URL or reload to recover"

// crashSection describes a crashed tab for the state, and the line its
// snapshot shows instead of a tree (the page cannot answer). It returns nil
// for a tab whose renderer is alive.
func crashSection(tab *session.Target) (*events.CrashInfo, string) {
	status, crashed := tab.Crashed()
	if !crashed {
		return nil, ""
	}
	return &events.CrashInfo{Status: status, NextStep: crashHint},
		"[the renderer of this tab crashed (" + status + "); " + crashHint + "]"
}

// inspectorEnableTimeout bounds Inspector.enable on a new tab.
const inspectorEnableTimeout = 5 * time.Second

// followCrashes listens for Inspector.targetCrashed on a tab's own session,
// which can arrive before the browser's Target.targetCrashed, and marks the
// tab crashed at once (see session.Target.Crashed).
func (a *attachment) followCrashes(_ context.Context, t *session.Target) error {
	if !t.IsPage() {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := t.Client.Inspector.TargetCrashed(ctx)
	if err != nil {
		cancel()
		return fmt.Errorf("following crashes of %s: %w", t.ID, err)
	}
	ectx, ecancel := context.WithTimeout(ctx, inspectorEnableTimeout)
	err = t.Client.Inspector.Enable(ectx)
	ecancel()
	if err != nil {
		// Not every endpoint offers the Inspector domain; the browser's
		// Target.targetCrashed still marks the tab.
		stream.Close()
		cancel()
		return nil
	}
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer cancel()
		defer stream.Close()
		go func() {
			select {
			case <-a.life.Done():
			case <-t.Done():
			case <-ctx.Done():
			}
			cancel()
		}()
		for {
			if _, err := stream.Recv(); err != nil {
				return
			}
			t.MarkCrashed("crashed")
		}
	}()
	return nil
}
