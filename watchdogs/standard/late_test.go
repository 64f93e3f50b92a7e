package standard_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// lateSite serves testdata/late.html, whose buttons change the page only
// after a request to /late, which answers after 300 ms; /held is a long
// poll, answered after heldFor (or when the page goes).
func lateSite(t *testing.T) *testutil.Servers {
	t.Helper()
	testutil.RequireChrome(t)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata")))
	mux.HandleFunc("/late", func(w http.ResponseWriter, r *http.Request) {
		// The server's think time, not a wait of the test's.
		select {
		case <-time.After(300 * time.Millisecond):
		case <-r.Context().Done():
		}
		_, _ = w.Write([]byte("Order 7: " + r.URL.Query().Get("what")))
	})
	mux.HandleFunc("/held", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(heldFor):
		case <-r.Context().Done():
			return
		}
		_, _ = w.Write([]byte("news"))
	})
	return testutil.Serve(t, mux)
}

// heldFor is how long the server holds a long poll: past the bound on
// requests that began after the input's own (scriptreq.Chained), short of
// the bound on the input's own requests (scriptreq.Wait).
const heldFor = 4 * time.Second

// openLate starts a session on the full set of watchdogs and opens
// late.html.
func openLate(t *testing.T) (context.Context, *session.BrowserSession) {
	t.Helper()
	srv := lateSite(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	t.Cleanup(cancel)
	s, err := standard.Start(ctx, session.Config{TaskID: "late-" + t.Name(), CDPURL: testkit.Endpoint(t)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	_, err = actions.Navigate(ctx, s, srv.MainURL("/late.html"), actions.NavigateOptions{})
	require.NoError(t, err)
	return ctx, s
}

// refOf is the ref of the button named name in a fresh snapshot.
func refOf(t *testing.T, ctx context.Context, s *session.BrowserSession, name string) events.Ref {
	t.Helper()
	snap, err := actions.Snapshot(ctx, s, events.SnapshotOptions{})
	require.NoError(t, err)
	for ref, r := range snap.Refs {
		if r.Role == "button" && r.Name == name {
			return ref
		}
	}
	t.Fatalf("no button %q in the snapshot:\n%s", name, snap.Text)
	return ""
}

// text is what the page shows now, read once (never polled: the action's
// answer must already be after the change).
func text(t *testing.T, ctx context.Context, s *session.BrowserSession, expr string) string {
	t.Helper()
	r, err := actions.Evaluate(ctx, s, expr)
	require.NoError(t, err)
	v, _ := r.Value.(string)
	return v
}

// TestClickWaitsForTheServersAnswer: a click whose handler asks the
// server (fetch, XMLHttpRequest) and changes the page with the answer
// returns once the page shows that answer, and says it changed the page:
// an agent that looks right after the click sees the server's answer,
// not the page as it was (before, the click answered at once and the
// page still showed nothing).
func TestClickWaitsForTheServersAnswer(t *testing.T) {
	ctx, s := openLate(t)
	for _, c := range []struct{ button, want string }{
		{"Load details", "Order 7: details"},
		{"Save", "Order 7: saved"},
	} {
		res, err := actions.Click(ctx, s, refOf(t, ctx, s, c.button))
		require.NoError(t, err, c.button)
		require.Equal(t, c.want, text(t, ctx, s, "document.getElementById('out').textContent"), "%s: right after the click", c.button)
		require.NotNil(t, res.Details.Changed, c.button)
		require.True(t, *res.Details.Changed, "%s: the click says it changed the page", c.button)
	}
}

// TestDialogAnswerWaitsForTheServersAnswer: accepting a confirm that lets
// the page send a delete to the server returns once the page has applied
// the server's answer (here a row that fades out, then goes): before, the
// answer came at once and the row was still there.
func TestDialogAnswerWaitsForTheServersAnswer(t *testing.T) {
	ctx, s := openLate(t)
	res, err := actions.Click(ctx, s, refOf(t, ctx, s, "Delete"))
	require.NoError(t, err)
	require.NotNil(t, res.Dialog, "the click opens the confirm")
	_, err = actions.RespondDialog(ctx, s, actions.DialogResponse{Accept: true, ID: res.Dialog.ID})
	require.NoError(t, err)
	require.Equal(t, "gone", text(t, ctx, s, "document.getElementById('it') ? 'there' : 'gone'"), "right after the answer")
}

// TestTypeWaitsForADebouncedSearch: typing into a search field whose page
// asks the server a pause after the last key is released (keyup, then a
// timer) returns once the page shows the server's answer: the text is
// followed by its last key's release, and the action waits for the timer
// its handler queued and the request that timer sent (before, no keyup
// came at all, and the answer came at once with nothing found).
func TestTypeWaitsForADebouncedSearch(t *testing.T) {
	ctx, s := openLate(t)
	snap, err := actions.Snapshot(ctx, s, events.SnapshotOptions{})
	require.NoError(t, err)
	var box events.Ref
	for ref, r := range snap.Refs {
		if r.Role == "searchbox" {
			box = ref
		}
	}
	require.NotEmpty(t, box, snap.Text)
	_, err = actions.Type(ctx, s, events.TypeTextEvent{Ref: box, Text: "lamp"})
	require.NoError(t, err)
	require.Equal(t, "Order 7: lamp", text(t, ctx, s, "document.getElementById('found').textContent"), "right after typing")
	// Replacing what the field holds takes the full path (clear, then
	// the text): the same.
	_, err = actions.Type(ctx, s, events.TypeTextEvent{Ref: box, Text: "desk", Clear: true})
	require.NoError(t, err)
	require.Equal(t, "Order 7: desk", text(t, ctx, s, "document.getElementById('found').textContent"), "right after typing with clear")
}

// TestClickDoesNotWaitForALongPoll: a click whose request's answer makes
// the page ask for news on a request the server holds (a long poll)
// answers once its own request's answer is shown, not when the server
// gives news: the page shows the first answer and not yet the news (a
// wait as long as the bound on the input's own requests would have let
// the news in).
func TestClickDoesNotWaitForALongPoll(t *testing.T) {
	ctx, s := openLate(t)
	_, err := actions.Click(ctx, s, refOf(t, ctx, s, "Follow order"))
	require.NoError(t, err)
	require.Equal(t, "Order 7: followed", text(t, ctx, s, "document.getElementById('out').textContent"), "right after the click")
	require.Equal(t, "", text(t, ctx, s, "document.getElementById('news').textContent"), "the click waited for the long poll")
}
