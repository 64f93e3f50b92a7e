package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
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

// Two tasks on one browser endpoint each own a tab: concurrent actions land
// on their own tab, and dialogs, frames and console never mix.
func TestTwoTasksOnOneBrowser(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.Trim(r.URL.Path, "/")
		if strings.HasPrefix(name, "frame-") {
			fmt.Fprintf(w, "<title>%s</title><p>inner</p>", name)
			return
		}
		fmt.Fprintf(w, `<!doctype html><title>%[1]s</title><style>body{margin:0}</style>
<button style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="n.textContent=+n.textContent+1">add</button>
<p id=n style="margin-top:60px">0</p><iframe src="{{CROSS}}/frame-%[1]s"></iframe>
<script>console.error("only %[1]s")</script>`, name)
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	// The package's shared test browser is the endpoint both tasks use.
	endpoint := testkit.Endpoint(t)

	m, err := standard.NewManager()
	require.NoError(t, err)
	reg := session.NewRegistry(session.StarterFromConfig(session.Config{Extensions: []session.Extension{m}}))
	defer reg.Close()

	tasks := []string{"alpha", "beta"}
	sessions := map[string]*session.BrowserSession{}
	for _, task := range tasks {
		s, err := reg.GetOrStart(ctx, task, endpoint)
		require.NoError(t, err)
		sessions[task] = s
	}
	require.NotEqual(t, sessions["alpha"].Tabs()[0].ID, sessions["beta"].Tabs()[0].ID)

	// Both tasks act at the same time, each on its own page.
	clicks := map[string]int{"alpha": 3, "beta": 5}
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for _, task := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := sessions[task]
			if _, err := actions.Navigate(ctx, s, srv.MainURL("/"+task), actions.NavigateOptions{}); err != nil {
				errs <- err
				return
			}
			for range clicks[task] {
				if _, err := actions.ClickAt(ctx, s, 50, 20); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	for _, task := range tasks {
		s := sessions[task]
		r, err := actions.Evaluate(ctx, s, "document.title + ':' + document.getElementById('n').textContent")
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf("%s:%d", task, clicks[task]), r.Value)

		// Console: each sees only its own page's error.
		cons, err := actions.Console(ctx, s, actions.ConsoleOptions{})
		require.NoError(t, err)
		require.NotEmpty(t, cons.Messages)
		for _, msg := range cons.Messages {
			require.Equal(t, "only "+task, msg.Text)
		}
		// Frames: each sees only its own iframe.
		require.Eventually(t, func() bool {
			fr, err := actions.Frames(ctx, s)
			if err != nil || len(fr.Frames) != 1 {
				return false
			}
			return strings.HasSuffix(fr.Frames[0].URL, "/frame-"+task)
		}, 15*time.Second, 20*time.Millisecond)
	}

	// A dialog in alpha's tab is alpha's alone. It is opened with a plain
	// Runtime.evaluate on the tab, apart from the evaluate engine, whose own
	// race with a dialog that opens as it returns is not under test here.
	alphaTab, err := sessions["alpha"].ActiveTab()
	require.NoError(t, err)
	_, err = session.Evaluate(ctx, alphaTab.Client, "setTimeout(() => alert('for alpha'), 0); 1", false)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		d, err := actions.Dialogs(ctx, sessions["alpha"])
		return err == nil && len(d.Pending) == 1 && d.Pending[0].Message == "for alpha"
	}, 15*time.Second, 10*time.Millisecond)
	d, err := actions.Dialogs(ctx, sessions["beta"])
	require.NoError(t, err)
	require.Empty(t, d.Pending)
	// Beta keeps working while alpha is blocked.
	_, err = actions.ClickAt(ctx, sessions["beta"], 50, 20)
	require.NoError(t, err)
	_, err = actions.ClickAt(ctx, sessions["alpha"], 50, 20)
	require.ErrorIs(t, err, events.ErrDialogBlocking)
	_, err = actions.RespondDialog(ctx, sessions["alpha"], actions.DialogResponse{Accept: true})
	require.NoError(t, err)
}
