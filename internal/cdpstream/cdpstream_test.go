package cdpstream_test

import (
	"context"
	"errors"
	"testing"

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
