package network

import (
	"context"
	"errors"

	"github.com/mafredri/cdp/protocol/network"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
	"github.com/agentbrowser/agentbrowser/session"
)

// streams are one target's Network event streams.
type streams struct {
	sent     network.RequestWillBeSentClient
	response network.ResponseReceivedClient
	finished network.LoadingFinishedClient
	failed   network.LoadingFailedClient

	group cdpstream.Group
}

func openStreams(ctx context.Context, t *session.Target) (*streams, error) {
	st := &streams{}
	c := t.Client
	g := &st.group
	cdpstream.Open(ctx, g, &st.sent, c.Network.RequestWillBeSent)
	cdpstream.Open(ctx, g, &st.response, c.Network.ResponseReceived)
	cdpstream.Open(ctx, g, &st.finished, c.Network.LoadingFinished)
	cdpstream.Open(ctx, g, &st.failed, c.Network.LoadingFailed)
	if err := g.Sync(); err != nil {
		g.Close()
		return nil, err
	}
	return st, nil
}

// enable turns on the Network domain of t with the buffers d says: room
// for response bodies until they are fetched at loadingFinished, and
// request bodies in the events up to a size, or none of either when the
// session keeps no bodies. Without sizes Chrome would keep a copy of
// every text response for Network.getResponseBody, up to 100 MB a tab.
func enable(ctx context.Context, t *session.Target, d events.NetworkDomain) error {
	return t.Client.Network.Enable(ctx, network.NewEnableArgs().
		SetMaxPostDataSize(int(d.MaxPostDataSize)).SetMaxTotalBufferSize(int(d.MaxTotalBufferSize)).SetMaxResourceBufferSize(int(d.MaxResourceBufferSize)))
}

// close closes every stream that was opened; mafredri/cdp streams buffer
// without bound until closed.
func (st *streams) close() { st.group.Close() }

// read files t's requests until life ends (the target is gone or the
// watchdog detached) or a stream fails.
func (a *attachment) read(life context.Context, t *session.Target, st *streams) {
	var r cdpstream.Reader
	cdpstream.On(&r, st.sent, func(ev *network.RequestWillBeSentReply) { a.sent(t, ev) })
	cdpstream.On(&r, st.response, func(ev *network.ResponseReceivedReply) {
		a.store.update(t, key{t.SessionID, string(ev.RequestID)}, func(e *entry) {
			e.req.Status = ev.Response.Status
			e.req.StatusText = ev.Response.StatusText
			e.req.MIMEType = ev.Response.MimeType
			if e.req.ResourceType == "" {
				e.req.ResourceType = string(ev.Type)
			}
			e.responded(&ev.Response)
		})
	})
	cdpstream.On(&r, st.finished, func(ev *network.LoadingFinishedReply) {
		a.store.finish(t, key{t.SessionID, string(ev.RequestID)}, func(e *entry) {
			e.req.State = events.NetworkFinished
			e.req.Size = int64(ev.EncodedDataLength)
			e.req.DurationMS = ms(float64(ev.Timestamp) - e.start)
			e.end = float64(ev.Timestamp)
			a.finished(t, e)
		})
	})
	cdpstream.On(&r, st.failed, func(ev *network.LoadingFailedReply) {
		a.store.finish(t, key{t.SessionID, string(ev.RequestID)}, func(e *entry) {
			e.req.State = events.NetworkFailed
			e.req.Failure = ev.ErrorText
			if ev.BlockedReason != "" {
				e.req.Failure += " (blocked: " + string(ev.BlockedReason) + ")"
			}
			e.req.Canceled = ev.Canceled != nil && *ev.Canceled
			e.req.DurationMS = ms(float64(ev.Timestamp) - e.start)
			e.end = float64(ev.Timestamp)
			a.failed(e)
		})
	})
	if err := r.Read(life); err != nil && !errors.Is(err, context.Canceled) {
		a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("network event stream ended")
	}
}

func (a *attachment) sent(t *session.Target, ev *network.RequestWillBeSentReply) {
	url := ev.Request.URL
	if ev.Request.URLFragment != nil {
		url += *ev.Request.URLFragment
	}
	if len(url) > a.cfg.MaxURL {
		url = url[:a.cfg.MaxURL] + "..."
	}
	r := events.NetworkRequest{
		ID: string(ev.RequestID), Method: ev.Request.Method, URL: url,
		ResourceType: string(ev.Type), State: events.NetworkPending, At: ev.WallTime.Time(),
	}
	if ev.FrameID != nil {
		r.FrameID = events.FrameID(*ev.FrameID)
	}
	e := &entry{req: r, start: float64(ev.Timestamp), target: t}
	e.reqHeaders = ev.Request.Headers
	e.setPostData(&ev.Request)
	a.store.sent(t, key{t.SessionID, string(ev.RequestID)}, e, ev.RedirectResponse)
}
