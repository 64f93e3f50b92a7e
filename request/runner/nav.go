package runner

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func open(ctx context.Context, b *Browser, q request.Open) (events.NavigationResult, error) {
	return actions.Navigate(ctx, b.s, q.URL, actions.NavigateOptions{WaitUntil: q.Wait})
}

func back(ctx context.Context, b *Browser, q request.Back) (events.NavigationResult, error) {
	return actions.Back(ctx, b.s, actions.NavigateOptions{WaitUntil: q.Wait})
}

func forward(ctx context.Context, b *Browser, q request.Forward) (events.NavigationResult, error) {
	return actions.Forward(ctx, b.s, actions.NavigateOptions{WaitUntil: q.Wait})
}

func reload(ctx context.Context, b *Browser, q request.Reload) (events.NavigationResult, error) {
	return actions.Reload(ctx, b.s, actions.NavigateOptions{WaitUntil: q.Wait})
}
