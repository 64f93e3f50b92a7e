package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// defaultActionHandler is the handler name of the DefaultActionWatchdog,
// which takes snapshots (defaultaction.Name; actions does not import the
// watchdogs).
const defaultActionHandler = "default_action"

// Snapshot returns the active tab's accessibility snapshot shaped by opts.
// While a dialog blocks the page, or after its renderer crashed, the text
// is a line saying so and there are no refs. A snapshot that could not be
// taken is an error.
func Snapshot(ctx context.Context, s *session.BrowserSession, opts events.SnapshotOptions) (events.Snapshot, error) {
	st, err := State(ctx, s, events.BrowserStateRequestEvent{Snapshot: opts})
	if err != nil {
		return events.Snapshot{}, err
	}
	if st.Tree == nil {
		// The section of the watchdog that takes snapshots failed: its
		// error is the answer.
		for _, se := range st.StateErrors {
			if se.Handler == defaultActionHandler || len(st.StateErrors) == 1 {
				return events.Snapshot{}, events.Errorf(se.Error.Code, "%s", se.Error.Message)
			}
		}
		return events.Snapshot{}, events.Errorf(events.CodeInternal, "no snapshot: no watchdog took one (is the DefaultActionWatchdog attached?)")
	}
	return *st.Tree, nil
}

// ResolveRef says which element a ref names in the active tab.
func ResolveRef(ctx context.Context, s *session.BrowserSession, ref events.Ref) (events.ResolvedRef, error) {
	return Do(ctx, s, events.ResolveRefEvent{Ref: ref})
}

// Click clicks the element ref names in the active tab.
func Click(ctx context.Context, s *session.BrowserSession, ref events.Ref) (events.ActionResult, error) {
	return Do(ctx, s, events.ClickElementEvent{Ref: ref})
}

// ClickElement clicks an element with every option of the event.
func ClickElement(ctx context.Context, s *session.BrowserSession, e events.ClickElementEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Hover moves the mouse over the element ref names in the active tab.
func Hover(ctx context.Context, s *session.BrowserSession, ref events.Ref) (events.ActionResult, error) {
	return Do(ctx, s, events.HoverEvent{Ref: ref})
}

// Type types text into the element ref names in the active tab.
func Type(ctx context.Context, s *session.BrowserSession, e events.TypeTextEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Press presses a key or chord ("Enter", "Control+A") in the active tab.
func Press(ctx context.Context, s *session.BrowserSession, key string) (events.ActionResult, error) {
	return Do(ctx, s, events.PressKeyEvent{Key: key})
}

// Scroll scrolls the page or an element.
func Scroll(ctx context.Context, s *session.BrowserSession, e events.ScrollEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Select selects options of a <select> by value or label.
func Select(ctx context.Context, s *session.BrowserSession, ref events.Ref, values ...string) (events.ActionResult, error) {
	return Do(ctx, s, events.SelectOptionEvent{Ref: ref, Values: values})
}

// SetChecked checks or unchecks a checkbox, radio button or switch.
func SetChecked(ctx context.Context, s *session.BrowserSession, ref events.Ref, checked bool) (events.ActionResult, error) {
	return Do(ctx, s, events.SetCheckedEvent{Ref: ref, Checked: checked})
}

// Upload sets the files of a file input.
func Upload(ctx context.Context, s *session.BrowserSession, ref events.Ref, files ...string) (events.ActionResult, error) {
	return Do(ctx, s, events.UploadFileEvent{Ref: ref, Files: files})
}

// Wait waits for a condition in the active tab.
func Wait(ctx context.Context, s *session.BrowserSession, e events.WaitEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Screenshot captures the active tab (or a tab, a full page, an element).
func Screenshot(ctx context.Context, s *session.BrowserSession, e events.ScreenshotEvent) (events.ScreenshotResult, error) {
	return Do(ctx, s, e)
}

// Back goes one step back in the active tab's history.
func Back(ctx context.Context, s *session.BrowserSession, opts NavigateOptions) (events.NavigationResult, error) {
	return Do(ctx, s, events.GoBackEvent{WaitUntil: opts.WaitUntil})
}

// Forward goes one step forward in the active tab's history.
func Forward(ctx context.Context, s *session.BrowserSession, opts NavigateOptions) (events.NavigationResult, error) {
	return Do(ctx, s, events.GoForwardEvent{WaitUntil: opts.WaitUntil})
}

// Reload reloads the active tab.
func Reload(ctx context.Context, s *session.BrowserSession, opts NavigateOptions) (events.NavigationResult, error) {
	return Do(ctx, s, events.ReloadEvent{WaitUntil: opts.WaitUntil})
}

// NewTab opens a tab (at url when not empty) and makes it active.
func NewTab(ctx context.Context, s *session.BrowserSession, url string) (events.NewTabResult, error) {
	return Do(ctx, s, events.NewTabEvent{URL: url})
}

// SwitchTab makes a tab the active one.
func SwitchTab(ctx context.Context, s *session.BrowserSession, id events.TargetID) (events.TabInfo, error) {
	return Do(ctx, s, events.SwitchTabEvent{ID: id})
}

// CloseTab closes a tab.
func CloseTab(ctx context.Context, s *session.BrowserSession, id events.TargetID) (events.CloseTabResult, error) {
	return Do(ctx, s, events.CloseTabEvent{ID: id})
}
