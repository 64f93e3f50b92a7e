package cdpstream_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
	"github.com/mafredri/cdp"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestGroupOpensSyncsAndCloses(t *testing.T) {
	srv := fakecdp.New(t, nil)
	conn, err := cdpmux.Dial(t.Context(), srv.URL(), cdpmux.Options{})
	require.NoError(t, err)
	defer conn.Close()
	c := cdp.NewClient(conn.Browser())

	var g cdpstream.Group
	var a page.FrameAttachedClient
	var n page.FrameNavigatedClient
	cdpstream.Open(t.Context(), &g, &a, c.Page.FrameAttached)
	cdpstream.Open(t.Context(), &g, &n, c.Page.FrameNavigated)
	require.NoError(t, g.Sync(), "generated clients are unwrapped for rpcc.Sync")
	require.NotNil(t, a)
	g.Close()
	_, err = a.Recv()
	require.Error(t, err, "closed streams end")
	g.Close() // idempotent

	// After a failed open, later opens do nothing and Sync reports it.
	var bad cdpstream.Group
	var x page.FrameAttachedClient
	boom := errors.New("boom")
	cdpstream.Open(t.Context(), &bad, &x, func(context.Context) (page.FrameAttachedClient, error) { return nil, boom })
	cdpstream.Open(t.Context(), &bad, &n, c.Page.FrameNavigated)
	require.ErrorIs(t, bad.Sync(), boom)
	bad.Close()
}

// A Reader hands each stream's events to its handler in the order they
// arrived, stops when life ends, and Drain reads what is there without
// waiting.
func TestReaderReadsInOrderUntilLifeEnds(t *testing.T) {
	srv := fakecdp.New(t, nil)
	conn, err := cdpmux.Dial(t.Context(), srv.URL(), cdpmux.Options{})
	require.NoError(t, err)
	defer conn.Close()
	c := cdp.NewClient(conn.Browser())

	var g cdpstream.Group
	var a page.FrameAttachedClient
	var d page.FrameDetachedClient
	cdpstream.Open(t.Context(), &g, &a, c.Page.FrameAttached)
	cdpstream.Open(t.Context(), &g, &d, c.Page.FrameDetached)
	require.NoError(t, g.Sync())
	defer g.Close()

	var got []string
	var r cdpstream.Reader
	cdpstream.On(&r, a, func(ev *page.FrameAttachedReply) { got = append(got, "attached "+string(ev.FrameID)) })
	cdpstream.On(&r, d, func(ev *page.FrameDetachedReply) { got = append(got, "detached "+string(ev.FrameID)) })

	cl, err := srv.WaitClient(t.Context())
	require.NoError(t, err)
	require.NoError(t, cl.Event("", "Page.frameAttached", map[string]any{"frameId": "f1", "parentFrameId": "top"}))
	require.NoError(t, cl.Event("", "Page.frameDetached", map[string]any{"frameId": "f1", "reason": "remove"}))
	require.NoError(t, cl.Event("", "Page.frameAttached", map[string]any{"frameId": "f2", "parentFrameId": "top"}))
	deadline := time.Now().Add(5 * time.Second)
	for len(got) < 3 && time.Now().Before(deadline) {
		require.NoError(t, r.Drain())
		if len(got) < 3 {
			time.Sleep(5 * time.Millisecond) // polling for events the test sent, with a deadline
		}
	}
	require.Equal(t, []string{"attached f1", "detached f1", "attached f2"}, got)

	life, end := context.WithCancel(t.Context())
	end()
	require.NoError(t, r.Read(life), "Read returns nil when life ends")
}
