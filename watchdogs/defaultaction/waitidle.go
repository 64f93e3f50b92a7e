package defaultaction

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/session"
)

// idleQuiet is how long a tab's network must be quiet to be idle, as
// Playwright's networkidle counts it.
const idleQuiet = 500 * time.Millisecond

// networkIdle follows the tab's requests from now on (Network events,
// which the network watchdog enables on every target) and returns a check
// that reports whether the network has been idle: no request started or
// ended for idleQuiet, and none it saw start still open. stop ends the
// following.
func (a *attachment) networkIdle(ctx context.Context, tab *session.Target) (idle func() bool, stop func(), err error) {
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var streams []rpcc.Stream
	closeAll := func() {
		cancel()
		for _, s := range streams {
			s.Close()
		}
	}
	type reqID struct {
		RequestID string `json:"requestId"`
	}
	names := []string{"Network.requestWillBeSent", "Network.loadingFinished", "Network.loadingFailed"}
	for _, n := range names {
		s, err := rpcc.NewStream(sctx, n, tab.Conn)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("following the tab's requests: %w", err)
		}
		streams = append(streams, s)
	}
	var (
		mu   sync.Mutex
		open = map[string]bool{}
		last = time.Now()
		wg   sync.WaitGroup
	)
	for i, s := range streams {
		started := i == 0
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var ev reqID
				if err := s.RecvMsg(&ev); err != nil {
					return
				}
				mu.Lock()
				last = time.Now()
				if started {
					open[ev.RequestID] = true
				} else {
					delete(open, ev.RequestID)
				}
				mu.Unlock()
			}
		}()
	}
	idle = func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(open) == 0 && time.Since(last) >= idleQuiet
	}
	stop = func() {
		closeAll()
		wg.Wait()
	}
	return idle, stop, nil
}
