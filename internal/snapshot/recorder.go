package snapshot

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/internal/jstext"
)

// The listener record. An element that page script made something to act
// on (a palette node with mouse handlers, a sortable item with pointer
// handlers) has no role and often no style that says so; the listeners are
// the evidence. Reading them through CDP (DOMDebugger.getEventListeners)
// costs a round trip per element, so a script installed in every document
// before the page's own (js/listeners.js, in the main world, where the
// page adds its listeners) notes the elements that get input listeners,
// and the walk in the isolated world collects them through events of a
// secret type (see js/listeners.js) at the start of each document's walk.
// Elements the page gave listeners before the record was installed (a
// page loaded before the session attached) are not known.

//go:embed js/listeners.js
var listenersSrc string

// recorderSecret names the events through which the record and the walk
// meet. It is the same for every world of the process, so that the
// script that installs a world (defineInstall) stays one text; pages
// never see it.
var recorderSecret = newToken()

// recorderJS is the record's script, with its secret.
var recorderJS = "(" + jstext.Compact(listenersSrc) + ")(\"" + recorderSecret + "\")"

// addScriptArgs adds runImmediately, which the generated client lacks.
type addScriptArgs struct {
	Source         string `json:"source"`
	RunImmediately bool   `json:"runImmediately"`
}

// InstallRecorder installs the listener record in every document the
// target of conn (a tab or an out-of-process frame) loads from now on,
// and in its current documents. Call it while the target waits for the
// debugger (an attach hook), so that the record is in place before the
// first script of its first document.
func InstallRecorder(ctx context.Context, conn *rpcc.Conn) error {
	if err := rpcc.Invoke(ctx, "Page.addScriptToEvaluateOnNewDocument", addScriptArgs{Source: recorderJS, RunImmediately: true}, nil, conn); err != nil {
		return fmt.Errorf("installing the listener record: %w", err)
	}
	return nil
}
