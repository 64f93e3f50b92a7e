package snapshot

import (
	"context"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
)

// TopWorld returns the client and execution context of agentbrowser's
// isolated world in the tab's current top document, making the world
// when there is none yet: for work that starts from a place in the page
// rather than from a ref (a drag at coordinates watches the document the
// pointer presses in). The caller calls into it with
// Runtime.callFunctionOn on that context; a call that fails because the
// context is gone means the document was replaced.
func (e *Engine) TopWorld(ctx context.Context) (*cdp.Client, runtime.ExecutionContextID, error) {
	w, err := e.topWorld(ctx)
	if err != nil {
		return nil, 0, err
	}
	return w.client, w.ctxID, nil
}
