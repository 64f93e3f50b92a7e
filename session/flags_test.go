package session_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

func TestDefaultFlagsAreAFreshValue(t *testing.T) {
	a := session.DefaultFlags()
	a[0] = "--changed"
	require.NotEqual(t, "--changed", session.DefaultFlags()[0], "changing one caller's copy changes nothing else")
}

func TestLaunchConfigChromeFlags(t *testing.T) {
	hasPrefix := func(flags []string, p string) []string {
		var out []string
		for _, f := range flags {
			if len(f) >= len(p) && f[:len(p)] == p {
				out = append(out, f)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name       string
		cfg        session.LaunchConfig
		window     []string
		contains   []string
		notContain []string
	}{
		{name: "defaults", cfg: session.LaunchConfig{}, window: []string{"--window-size=1280,800"}, contains: []string{"--headless", "--disable-background-networking"}},
		{name: "window size replaced", cfg: session.LaunchConfig{WindowSize: "800,600"}, window: []string{"--window-size=800,600"}},
		{name: "additions", cfg: session.LaunchConfig{SitePerProcess: true, Flags: []string{"--lang=de"}}, window: []string{"--window-size=1280,800"}, contains: []string{"--headless", "--site-per-process", "--lang=de"}},
		{name: "explicit set without window size", cfg: session.LaunchConfig{BaseFlags: []string{"--headless"}}, window: nil, contains: []string{"--headless"}, notContain: []string{"--no-sandbox"}},
		{name: "explicit empty set", cfg: session.LaunchConfig{BaseFlags: []string{}}, window: nil, notContain: []string{"--headless"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.cfg.ChromeFlags()
			require.Equal(t, tc.window, hasPrefix(got, "--window-size="))
			for _, f := range tc.contains {
				require.True(t, slices.Contains(got, f), "%s in %v", f, got)
			}
			for _, f := range tc.notContain {
				require.False(t, slices.Contains(got, f), "%s not in %v", f, got)
			}
		})
	}
}

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
