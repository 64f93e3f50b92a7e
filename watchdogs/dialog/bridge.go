package dialog

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// BridgeHost is the reserved host the bridge script calls. The .invalid
// top-level domain never resolves (RFC 2606), so a request that somehow
// escaped interception fails instead of reaching anyone.
const BridgeHost = "agentbrowser-dialog.invalid"

// bridgeEndpoint uses https so that the request is not blocked as mixed
// content on https pages; it is answered by the browser itself, so no
// certificate is involved.
const bridgeEndpoint = "https://" + BridgeHost + "/"

//go:embed bridge.js
var bridgeJS string

// bridgeScript is the init script with its endpoint filled in.
var bridgeScript = strings.ReplaceAll(bridgeJS, "{{ENDPOINT}}", bridgeEndpoint)

// addScriptArgs adds runImmediately, which the generated client lacks.
type addScriptArgs struct {
	Source         string `json:"source"`
	RunImmediately bool   `json:"runImmediately"`
}

// bridgeFetchOwner pauses the bridge's requests on every target through
// the session's interception, before the target runs. Handle is nil: each
// target's watcher reads Fetch.requestPaused itself, so that a bridge
// dialog is never admitted after the navigation that ended it.
var bridgeFetchOwner = session.FetchOwner{
	Name:     "dialog_bridge",
	Patterns: []session.FetchPattern{{URLPattern: bridgeEndpoint + "*", RequestStage: "Request"}},
	Claims:   isBridgeRequest,
}

// isBridgeRequest tells the bridge's requests from those other owners of
// the session's interception paused.
func isBridgeRequest(r session.PausedRequest) bool {
	u, err := url.Parse(r.Request.URL)
	return err == nil && u.Host == BridgeHost
}

// installBridge installs the script in every document t will load and in
// the current one; the session already pauses the bridge's requests.
func (a *attachment) installBridge(ctx context.Context, t *session.Target) error {
	if err := rpcc.Invoke(ctx, "Page.addScriptToEvaluateOnNewDocument", addScriptArgs{Source: bridgeScript, RunImmediately: true}, nil, t.Conn); err != nil {
		return fmt.Errorf("adding bridge script: %w", err)
	}
	// The current document may predate the script. Evaluating waits for a
	// target paused before its first script, so it must not hold up the
	// attach; the script ignores a second run.
	a.spawn(func() {
		ctx, cancel := context.WithTimeout(a.ctx, answerTimeout)
		defer cancel()
		_, _ = t.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(bridgeScript))
	})
	return nil
}

type pausedEvent = session.PausedRequest

// paused admits a bridge request as a dialog. Requests of other owners of
// the session's interception (the origin policy's documents) are theirs to
// answer.
func (a *attachment) paused(t *session.Target, ev pausedEvent) {
	if !isBridgeRequest(ev) {
		return
	}
	u, err := url.Parse(ev.Request.URL)
	if err != nil {
		return
	}
	q := u.Query()
	typ := q.Get("type")
	switch typ {
	case events.DialogAlert, events.DialogConfirm, events.DialogPrompt:
	default:
		typ = events.DialogAlert
	}
	d := &dialog{t: t, requestID: ev.RequestID, info: events.DialogInfo{
		Type:     typ,
		Message:  q.Get("message"),
		URL:      q.Get("url"),
		OpenedAt: time.Now(),
		FrameID:  events.FrameID(ev.FrameID),
		TabID:    t.TabID,
	}}
	if typ == events.DialogPrompt {
		d.info.DefaultPrompt = q.Get("default")
	}
	if d.info.FrameID == "" {
		d.info.FrameID = events.FrameID(t.ID)
	}
	a.admit(d)
}

// frameGone closes the bridge dialogs of a frame that navigated or went
// away: their requests died with the document that made them.
func (a *attachment) frameGone(frame events.FrameID) {
	a.gone(func(d *dialog) bool { return d.requestID != "" && d.info.FrameID == frame })
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
