package mcpserver

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progress sends progress notifications every second while a long call
// runs, when the client asked for them with a progress token. The returned
// stop ends them.
func progress(ctx context.Context, req *mcp.CallToolRequest, what string) (stop func()) {
	tok := req.Params.GetProgressToken()
	if tok == nil || req.Session == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		start := time.Now()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				el := time.Since(start).Seconds()
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
					ProgressToken: tok, Progress: el, Message: fmt.Sprintf("%s: %.0fs", what, el),
				})
			}
		}
	}()
	return func() { cancel(); <-done }
}
