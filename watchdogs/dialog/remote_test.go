package dialog_test

import (
	"context"
	"github.com/agentbrowser/agentbrowser/actions"
	"net/url"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
)

// pageClient connects a second, plain CDP client to tab's page websocket,
// with the Page domain enabled so that it sees and may answer dialogs.
func pageClient(t testing.TB, s *session.BrowserSession, tab events.TargetID) *cdp.Client {
	t.Helper()
	u, err := url.Parse(s.Endpoint())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := rpcc.DialContext(ctx, "ws://"+u.Host+"/devtools/page/"+string(tab))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	c := cdp.NewClient(conn)
	require.NoError(t, c.Page.Enable(ctx))
	return c
}

func TestClosedByRemote(t *testing.T) {
	// The other client needs a websocket: the shared browser has one.
	e := newEnv(t, dialog.Config{})
	tab := e.open("/plain")
	other := pageClient(t, e.s, tab.ID)

	e.eval("", `ask('confirm', 'who answers?')`)
	d := e.waitOpened()
	require.NoError(t, other.Page.HandleJavaScriptDialog(e.ctx(), page.NewHandleJavaScriptDialogArgs(true)))
	closed := e.waitClosed()
	require.Equal(t, d.ID, closed.ID)
	require.Equal(t, events.ClosedByRemote, closed.ClosedBy)
	require.NotNil(t, closed.Accepted)
	require.True(t, *closed.Accepted)
	require.Equal(t, true, e.next("")["result"])

	// Answering it now says it is gone, and how.
	_, err := e.respond(true, nil, d.ID)
	require.Equal(t, events.CodeNoDialog, code(err))
	require.ErrorContains(t, err, "closed by remote")
	_, err = e.respond(true, nil, "")
	require.Equal(t, events.CodeNoDialog, code(err))
}

// TestTwoSessionsOneBrowser runs two tasks on one browser endpoint: each
// sees, numbers and answers only its own dialogs.
func TestTwoSessionsOneBrowser(t *testing.T) {
	endpoint := testkit.Endpoint(t)
	srv := testutil.Serve(t, pages())
	a := newEnvWith(t, dialog.Config{}, session.Config{TaskID: "a", CDPURL: endpoint}, srv)
	b := newEnvWith(t, dialog.Config{}, session.Config{TaskID: "b", CDPURL: endpoint}, srv)
	a.open("/plain")
	b.open("/plain")

	a.eval("", `ask('alert', 'for a')`)
	da := a.waitOpened()
	b.eval("", `ask('confirm', 'for b')`)
	db := b.waitOpened()
	require.Equal(t, "d-1", da.ID)
	require.Equal(t, "d-1", db.ID)
	require.Equal(t, "for a", da.Message)
	require.Equal(t, "for b", db.Message)

	ra, rb := a.dialogs(), b.dialogs()
	require.Len(t, ra.Pending, 1)
	require.Len(t, rb.Pending, 1)
	require.Equal(t, "for a", ra.Pending[0].Message)
	require.Equal(t, "for b", rb.Pending[0].Message)

	_, err := a.respond(true, nil, "")
	require.NoError(t, err)
	require.Equal(t, "alert", a.next("")["kind"])
	require.Equal(t, events.ClosedByAgent, a.waitClosed().ClosedBy)
	require.Len(t, b.dialogs().Pending, 1, "b's dialog must still be held")
	select {
	case d := <-b.closed:
		t.Fatalf("b saw a's dialog close: %+v", d)
	default:
	}
	_, err = b.respond(false, nil, "")
	require.NoError(t, err)
	require.Equal(t, false, b.next("")["result"])
	require.Len(t, a.dialogs().Recent, 1)
	require.Len(t, b.dialogs().Recent, 1)
}

func TestTabClosedWithPendingDialog(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	e.open("/plain")
	second := e.openTab("/plain")
	e.eval(second.ID, `ask('alert', 'closing')`)
	d := e.waitOpened()
	_, err := actions.Do(e.ctx(), e.s, events.CloseTabEvent{ID: second.ID})
	require.NoError(t, err)
	closed := e.waitClosed()
	require.Equal(t, d.ID, closed.ID)
	require.Equal(t, events.ClosedByRemote, closed.ClosedBy)
	require.Empty(t, e.dialogs().Pending)
}
