package session_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

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
