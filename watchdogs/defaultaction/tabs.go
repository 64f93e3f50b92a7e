package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
)

// newTab opens a tab, makes it active and loads e.URL in it. When any step
// after the tab opened fails (a navigation that times out, a page Chrome
// refuses), the tab is closed again and the tab that was active before is
// active again: a failed 'tab new' leaves no tab behind.
func (a *attachment) newTab(ctx context.Context, e events.NewTabEvent) (events.NewTabResult, error) {
	var prev events.TargetID
	if t, err := a.s.ActiveTab(); err == nil {
		prev = t.ID
	}
	t, err := a.s.NewTab(ctx, "about:blank")
	if err != nil {
		return events.NewTabResult{}, err
	}
	// It opened behind the active tab; as the new active tab it goes in
	// front.
	if err := a.s.Activate(ctx, t.ID); err != nil {
		return events.NewTabResult{}, a.abandonTab(ctx, t.ID, prev, err)
	}
	// A tab already at e.URL (about:blank, where it opened) is not loaded
	// again: that would only cost a navigation (60 ms here).
	if e.URL != "" && e.URL != t.URL() {
		if _, err := a.navigate(ctx, events.NavigateToURLEvent{TabID: t.ID, URL: e.URL}); err != nil {
			return events.NewTabResult{}, a.abandonTab(ctx, t.ID, prev, err)
		}
	}
	a.s.RefreshTitles(ctx)
	info, err := a.s.TabInfo(t.ID)
	return events.NewTabResult{Tab: info}, err
}

// abandonTab closes tab id, which a 'tab new' that failed with cause
// opened, and makes prev the active tab again at once. The close runs in
// the background, and the answer waits for it only while the caller's
// deadline allows: the tab must go even if the answer cannot wait. The
// error is cause, its message saying that the tab was closed.
func (a *attachment) abandonTab(ctx context.Context, id, prev events.TargetID, cause error) error {
	if prev != "" {
		_ = a.s.SetActive(prev)
	}
	closed := make(chan error, 1)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopGrace)
		defer cancel()
		if prev != "" {
			_ = a.s.Activate(cctx, prev) // back in front, so its timers run at full speed
		}
		closed <- a.s.CloseTab(cctx, id)
	}()
	wait := time.NewTimer(max(0, time.Until(budget.FromContext(ctx).Deadline())-answerTime))
	defer wait.Stop()
	note := "; the tab it opened was closed again"
	select {
	case err := <-closed:
		if err != nil {
			a.log.Warn().Err(err).Str("tab", string(id)).Msg("closing the tab of a failed 'tab new'")
			note = "; the tab it opened is being closed"
		}
	case <-wait.C:
		note = "; the tab it opened is being closed"
	}
	var ce *events.Error
	if errors.As(cause, &ce) {
		return events.NewError(ce.Code, cause, "%s%s", ce.Error(), note).WithDetails(ce.Details)
	}
	return fmt.Errorf("%w%s", cause, note)
}
func (a *attachment) switchTab(ctx context.Context, e events.SwitchTabEvent) (events.TabInfo, error) {
	// In front, so that its timers and rendering run at full speed.
	if err := a.s.Activate(ctx, e.ID); err != nil {
		return events.TabInfo{}, err
	}
	a.s.RefreshTitles(ctx)
	return a.s.TabInfo(e.ID)
}

func (a *attachment) closeTab(ctx context.Context, e events.CloseTabEvent) (events.CloseTabResult, error) {
	t, err := a.s.Tab(e.ID)
	if err != nil {
		return events.CloseTabResult{}, err
	}
	if err := a.s.CloseTab(ctx, t.ID); err != nil {
		return events.CloseTabResult{}, err
	}
	res := events.CloseTabResult{Closed: t.ID}
	if act, err := a.s.ActiveTab(); err == nil {
		res.Active = act.ID
	}
	return res, nil
}
