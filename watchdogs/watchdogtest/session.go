package watchdogtest

import (
	"context"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Attached is a session on a Peer with watchdogs attached to it, each
// through its own Attach, so a test can reach the attachments.
type Attached struct {
	Session     *session.BrowserSession
	Attachments []watchdogs.Attachment
}

// Start connects a BrowserSession to p, attaches ws to it (before its first
// tab, as a real session does) and waits for its tab. The session is closed
// by t's cleanup; closing detaches the watchdogs once.
func Start(t testing.TB, p *Peer, ws ...watchdogs.Watchdog) *Attached {
	t.Helper()
	a := &Attached{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := session.Start(ctx, session.Config{
		TaskID:     t.Name(),
		CDPURL:     p.URL(),
		Extensions: []session.Extension{attachAll{ws: ws, into: a}},
		Logger:     zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel),
	})
	if err != nil {
		t.Fatalf("watchdogtest: starting a session on the fake browser: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	a.Session = s
	return a
}

// attachAll is the session extension that attaches the watchdogs and
// records their attachments.
type attachAll struct {
	ws   []watchdogs.Watchdog
	into *Attached
}

func (e attachAll) Start(ctx context.Context, s *session.BrowserSession) (func(context.Context) error, error) {
	for _, w := range e.ws {
		att, err := w.Attach(ctx, s)
		if err != nil {
			return nil, err
		}
		if att == nil {
			att = watchdogs.DetachFunc(nil)
		}
		e.into.Attachments = append(e.into.Attachments, att)
	}
	atts := e.into.Attachments
	return func(ctx context.Context) error {
		for i := len(atts) - 1; i >= 0; i-- {
			if err := atts[i].Detach(ctx); err != nil {
				return err
			}
		}
		return nil
	}, nil
}
