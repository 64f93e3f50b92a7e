package session_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestDefaultFlagsDoNotDeferTasksAfterInput: the defaults turn off Chrome's
// deferral of page tasks after input, without which every input action
// waits for a frame before the timers its handlers queued run.
func TestDefaultFlagsDoNotDeferTasksAfterInput(t *testing.T) {
	var features string
	for _, f := range session.DefaultFlags() {
		if v, ok := strings.CutPrefix(f, "--disable-features="); ok {
			require.Empty(t, features, "one --disable-features flag: Chrome keeps only the last")
			features = v
		}
	}
	require.Contains(t, strings.Split(features, ","), "DeferRendererTasksAfterInput")
}

// TestDefaultFlagsLoadNoOmniboxPopup: a browser started with the default
// flags keeps no web UI of the omnibox popup, which Chrome otherwise loads
// in a renderer of its own at start and updates on every navigation.
func TestDefaultFlagsLoadNoOmniboxPopup(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>plain</title><p>plain")
	}))
	s := testkit.Session(t, session.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	_, err = tab.Client.Page.Navigate(ctx, page.NewNavigateArgs(srv.MainURL("/")))
	require.NoError(t, err)
	r, err := s.Browser().Target.GetTargets(ctx, nil)
	require.NoError(t, err)
	var pages int
	for _, ti := range r.TargetInfos {
		require.NotContains(t, ti.URL, "omnibox-popup", "a %s target", ti.Type)
		if ti.Type == "page" {
			pages++
		}
	}
	require.NotZero(t, pages, "the browser lists its pages")
}
