package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// HoverElement hovers an element with every option of the event (Force).
func HoverElement(ctx context.Context, s *session.BrowserSession, e events.HoverEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Drag drags one element onto another (before or after it with
// e.Position) as a user does, and says in Details.Drag where the dragged
// element ended, read back from the page.
func Drag(ctx context.Context, s *session.BrowserSession, e events.DragEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Drop drops files or data onto an element as if dragged in from outside
// the page, and says in Details.Drop what the page received.
func Drop(ctx context.Context, s *session.BrowserSession, e events.DropEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}

// Mouse moves, presses, releases, clicks, drags or turns the wheel at
// viewport coordinates.
func Mouse(ctx context.Context, s *session.BrowserSession, e events.MouseEvent) (events.ActionResult, error) {
	return Do(ctx, s, e)
}
