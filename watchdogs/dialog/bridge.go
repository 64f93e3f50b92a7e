package dialog

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/fetch"
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

// installBridge pauses the bridge's requests on t's session and installs
// the script in every document t will load and in the current one.
func (a *attachment) installBridge(ctx context.Context, t *session.Target) error {
	pattern := bridgeEndpoint + "*"
	enable := fetch.NewEnableArgs().SetPatterns([]fetch.RequestPattern{{URLPattern: &pattern, RequestStage: fetch.RequestStageRequest}})
	if err := t.Client.Fetch.Enable(ctx, enable); err != nil {
		return fmt.Errorf("enabling fetch interception: %w", err)
	}
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

type pausedEvent struct {
	RequestID string `json:"requestId"`
	Request   struct {
		URL string `json:"url"`
	} `json:"request"`
	FrameID string `json:"frameId"`
}

// paused admits a bridge request as a dialog, and lets any other request
// go on untouched (the pattern should let none through).
func (a *attachment) paused(t *session.Target, ev pausedEvent) {
	u, err := url.Parse(ev.Request.URL)
	if err != nil || u.Host != BridgeHost {
		a.spawn(func() {
			ctx, cancel := context.WithTimeout(a.ctx, answerTimeout)
			defer cancel()
			_ = t.Client.Fetch.ContinueRequest(ctx, fetch.NewContinueRequestArgs(fetch.RequestID(ev.RequestID)))
		})
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
