package defaultaction_test

import (
	"sync"
	"testing"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// TestEveryNewDocumentIsPrepared navigates several tabs at once, so that
// their documents' background preparations for a first snapshot overlap,
// and checks that each document gets our snapshot script before any
// snapshot is asked of it: the preparations take turns, none is dropped
// because another was running (which left a third of the first snapshots
// of 32 busy tabs doing it all themselves).
func TestEveryNewDocumentIsPrepared(t *testing.T) {
	const n = 6
	envs := make([]*env, n)
	for i := range envs {
		envs[i] = newEnv(t, "")
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, e := range envs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = do(e, events.NavigateToURLEvent{TabID: e.tab.ID, URL: e.srv.MainURL("/click.html")})
		}()
	}
	wg.Wait()
	for i, e := range envs {
		require.NoError(t, errs[i], "navigating tab %d", i)
		// The snapshot's world, asked for by its name, is the one the
		// preparation made; its script is there once the document is
		// prepared.
		e.poll("tab "+string(e.tab.ID)+"'s document to be prepared", func() bool {
			w, err := e.tab.Client.Page.CreateIsolatedWorld(e.ctx(), page.NewCreateIsolatedWorldArgs(page.FrameID(e.tab.ID)).SetWorldName("agentbrowser"))
			require.NoError(t, err)
			r, err := e.tab.Client.Runtime.Evaluate(e.ctx(), runtime.NewEvaluateArgs("typeof globalThis.__ab").
				SetContextID(w.ExecutionContextID).SetReturnByValue(true))
			require.NoError(t, err)
			return string(r.Result.Value) == `"object"`
		})
	}
	// And the first snapshot of each reads its page.
	for _, e := range envs {
		e.ref("button", "Plain")
	}
}
