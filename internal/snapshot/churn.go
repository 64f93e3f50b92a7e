package snapshot

import (
	"context"
	"fmt"
	"time"
)

// PageUnstableError reports a page whose documents kept replacing each
// other (a reload loop, a redirect chain) for the whole budget of a
// snapshot: no document lived long enough to be read.
type PageUnstableError struct {
	// Documents is how many documents came and went during the attempts.
	Documents int
	// Waited is how long the snapshot kept trying.
	Waited time.Duration
}

func (e *PageUnstableError) Error() string {
	return fmt.Sprintf("the page replaced its document %d times in %v, so no snapshot could be taken: wait for it to settle (wait --load) or open another page",
		e.Documents, e.Waited.Round(time.Millisecond))
}

// churnBackoff bounds the pause between attempts on a page whose document
// was replaced: long enough for a new document to get going, short against
// any budget.
const (
	churnBackoffFirst = 10 * time.Millisecond
	churnBackoffMax   = 200 * time.Millisecond
)

// captureTop reads the top document, starting over with a fresh world each
// time the document is replaced under it, until one read completes or ctx
// ends. A ctx that ends while documents keep coming and going is a
// PageUnstableError, never an empty result.
func (e *Engine) captureTop(ctx context.Context, c *capture, maxDepth int) (*records, []line, error) {
	start := time.Now()
	gone := 0
	pause := churnBackoffFirst
	for {
		w, err := e.topWorld(ctx)
		if err == nil {
			var recs *records
			var lines []line
			recs, lines, err = c.collect(ctx, w, 0, maxDepth, 0, 0)
			if err == nil && len(lines) == 0 && w.loading(ctx) {
				// A document that has only just started and has nothing
				// yet (a reload in progress): not a tree to answer with;
				// wait for it like for a replaced one.
				err = errWorldGone
			}
			if err == nil {
				return recs, lines, nil
			}
			if isWorldGone(err) {
				e.kill(w)
			}
		}
		if !isWorldGone(err) {
			if gone > 0 && ctx.Err() != nil {
				return nil, nil, &PageUnstableError{Documents: gone, Waited: time.Since(start)}
			}
			return nil, nil, err
		}
		// A new document: start over with a fresh world.
		gone++
		e.replaced.Add(1)
		if gone == 1 {
			continue // the common case, a navigation just committed
		}
		t := time.NewTimer(pause)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, nil, &PageUnstableError{Documents: gone, Waited: time.Since(start)}
		}
		pause = min(2*pause, churnBackoffMax)
	}
}
