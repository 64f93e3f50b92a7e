package defaultaction

import (
	"context"
	"errors"
	"time"

	"github.com/mafredri/cdp/protocol/page"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// churnMargin is how much earlier than its caller's deadline
// captureSettled gives up.
const churnMargin = 50 * time.Millisecond

// captureSettled takes a snapshot of tab, starting over each time the
// tab's main frame commits a new document during an attempt (a reload
// loop, a redirect chain), until one attempt completes or ctx ends. When
// ctx ends after documents came and went, the error is a
// snapshot.PageUnstableError that counts them.
func (a *attachment) captureSettled(ctx context.Context, tab *session.Target, eng *snapshot.Engine, opts snapshot.Options) (*snapshot.Result, error) {
	if dl, ok := ctx.Deadline(); ok {
		// End a little before the caller's race does, so that the caller
		// sees this function's verdict rather than its own deadline.
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-churnMargin))
		defer cancel()
	}
	start := time.Now()
	docs := 0
	navs, err := tab.Client.Page.FrameNavigated(ctx)
	if err != nil {
		return eng.Capture(ctx, opts)
	}
	defer navs.Close()
	main := page.FrameID(tab.ID)
	type outcome struct {
		res *snapshot.Result
		err error
	}
	for {
		actx, cancel := context.WithCancel(ctx)
		done := make(chan outcome, 1)
		go func() {
			r, err := eng.Capture(actx, opts)
			done <- outcome{r, err}
		}()
		restart := false
		for !restart {
			select {
			case o := <-done:
				cancel()
				var pu *snapshot.PageUnstableError
				switch {
				case o.err == nil:
					return o.res, nil
				case errors.As(o.err, &pu):
					pu.Documents += docs
					pu.Waited = time.Since(start)
					return nil, pu
				case ctx.Err() != nil && docs > 0:
					return nil, &snapshot.PageUnstableError{Documents: docs, Waited: time.Since(start)}
				}
				return nil, o.err
			case <-navs.Ready():
				ev, err := navs.Recv()
				if err == nil && ev.Frame.ID == main {
					docs++
					restart = true
				}
			case <-ctx.Done():
				cancel()
				if docs > 0 {
					return nil, &snapshot.PageUnstableError{Documents: docs, Waited: time.Since(start)}
				}
				return nil, ctx.Err()
			}
		}
		// The document this attempt was reading is gone: stop it and
		// read the next one.
		// read the next one. An attempt does not always stop at once
		// (a call the page holds); the budget does not wait for it.
		cancel()
		select {
		case <-done:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			return nil, &snapshot.PageUnstableError{Documents: docs, Waited: time.Since(start)}
		}
	}
}
