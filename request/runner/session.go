package runner

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/session"
)

// closeSession closes the browser session; every later request fails.
func closeSession(ctx context.Context, b *Browser, q request.Close) (request.CloseResult, error) {
	if err := b.s.Close(); err != nil {
		return request.CloseResult{}, events.NewError(events.CodeInternal, err, "closing the browser session: %v", err)
	}
	return request.CloseResult{Closed: true, Session: b.s.TaskID()}, nil
}

func status(ctx context.Context, b *Browser, q request.Status) (request.StatusResult, error) {
	n := len(b.s.Tabs())
	r := request.StatusResult{Session: b.s.TaskID(), Browser: b.s.Version(), Endpoint: b.s.Endpoint(), Tabs: &n}
	if p := b.s.Process(); p != nil {
		r.BrowserPID = p.PID()
	}
	return r, nil
}

func setCredentials(ctx context.Context, b *Browser, q request.SetCredentials) (request.CredentialsResult, error) {
	var c *session.HTTPCredentials
	if !q.Clear {
		c = &session.HTTPCredentials{Username: q.Username, Password: q.Password, Origin: q.Origin}
	}
	if err := b.s.SetHTTPCredentials(ctx, c); err != nil {
		return request.CredentialsResult{}, err
	}
	user, origin, ok := b.s.HTTPCredentialsSet()
	return request.CredentialsResult{Set: ok, Username: user, Origin: origin}, nil
}
