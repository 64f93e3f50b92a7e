package runner

import (
	"context"
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// click clicks an element (actions.ClickElement: ClickElementEvent) or
// the viewport at a point (ClickCoordinateEvent).
func click(ctx context.Context, b *Browser, q request.Click) (events.ActionResult, error) {
	if q.At != nil {
		return actions.Do(ctx, b.s, clickAt(q))
	}
	return actions.ClickElement(ctx, b.s, clickElement(q))
}

func clickCount(q request.Click) int {
	if q.Double {
		return 2
	}
	return 1
}

func clickAt(q request.Click) events.ClickCoordinateEvent {
	return events.ClickCoordinateEvent{X: q.At.X, Y: q.At.Y, Button: q.Button, ClickCount: clickCount(q), Modifiers: q.Modifiers}
}

func clickElement(q request.Click) events.ClickElementEvent {
	return events.ClickElementEvent{Ref: q.Ref.AsRef(), Button: q.Button, ClickCount: clickCount(q), Modifiers: q.Modifiers, Force: q.Force}
}

// checkClick is the DefaultActionWatchdog's check of a click's button,
// modifiers, count and coordinates.
func checkClick(q request.Click) error {
	if q.At != nil {
		return defaultaction.Check(clickAt(q))
	}
	return defaultaction.Check(clickElement(q))
}

func hover(ctx context.Context, b *Browser, q request.Hover) (events.ActionResult, error) {
	return actions.HoverElement(ctx, b.s, events.HoverEvent{Ref: q.Ref.AsRef(), Force: q.Force})
}

func typeText(ctx context.Context, b *Browser, q request.Type) (events.ActionResult, error) {
	return actions.Type(ctx, b.s, events.TypeTextEvent{Ref: q.Ref.AsRef(), Text: q.Text, Clear: q.Clear, Submit: q.Submit, Force: q.Force})
}

func press(ctx context.Context, b *Browser, q request.Press) (events.ActionResult, error) {
	return actions.Do(ctx, b.s, events.PressKeyEvent{Key: q.Key, Ref: q.Ref.AsRef()})
}

// checkPress is the DefaultActionWatchdog's check of a key or chord.
func checkPress(q request.Press) error {
	return defaultaction.Check(events.PressKeyEvent{Key: q.Key})
}

func scroll(ctx context.Context, b *Browser, q request.Scroll) (events.ActionResult, error) {
	return actions.Scroll(ctx, b.s, events.ScrollEvent{Ref: q.Ref.AsRef(), DX: float64(q.DX), DY: float64(q.DY)})
}

func selectOptions(ctx context.Context, b *Browser, q request.Select) (events.ActionResult, error) {
	return actions.Select(ctx, b.s, q.Ref.AsRef(), q.Values...)
}

func check(ctx context.Context, b *Browser, q request.Check) (events.ActionResult, error) {
	return actions.SetChecked(ctx, b.s, q.Ref.AsRef(), true)
}

func uncheck(ctx context.Context, b *Browser, q request.Uncheck) (events.ActionResult, error) {
	return actions.SetChecked(ctx, b.s, q.Ref.AsRef(), false)
}

func upload(ctx context.Context, b *Browser, q request.Upload) (events.ActionResult, error) {
	return actions.Upload(ctx, b.s, q.Ref.AsRef(), q.Files...)
}

func screenshotEvent(q request.Screenshot) events.ScreenshotEvent {
	return events.ScreenshotEvent{Path: q.Path, Full: q.Full, Ref: q.Ref.AsRef(), Labels: q.Labels, Format: q.Format, Quality: q.Quality}
}

func screenshot(ctx context.Context, b *Browser, q request.Screenshot) (events.ScreenshotResult, error) {
	return actions.Screenshot(ctx, b.s, screenshotEvent(q))
}

// checkScreenshot is the DefaultActionWatchdog's check of a screenshot's
// format and quality.
func checkScreenshot(q request.Screenshot) error { return defaultaction.Check(screenshotEvent(q)) }

func resize(ctx context.Context, b *Browser, q request.Resize) (request.ResizeResult, error) {
	p, _ := json.Marshal(map[string]any{"width": q.Width, "height": q.Height, "deviceScaleFactor": 0, "mobile": false})
	if _, err := actions.CDP(ctx, b.s, "Emulation.setDeviceMetricsOverride", p, ""); err != nil {
		return request.ResizeResult{}, err
	}
	return request.ResizeResult{Width: q.Width, Height: q.Height}, nil
}

func fill(ctx context.Context, b *Browser, q request.Fill) (events.ActionResult, error) {
	return actions.Fill(ctx, b.s, q.Ref.AsRef(), q.Value)
}
