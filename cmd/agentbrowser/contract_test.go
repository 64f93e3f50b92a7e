package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/errcodes"
)

// TestEveryErrorCodeIsDocumented reads every code constant of package
// events and fails when docs/cli.md's table lacks one.
func TestEveryErrorCodeIsDocumented(t *testing.T) {
	codes, err := errcodes.FromDir("../../events")
	require.NoError(t, err)
	require.NotEmpty(t, codes)
	doc, err := os.ReadFile("../../docs/cli.md")
	require.NoError(t, err)
	for _, c := range codes {
		require.Contains(t, string(doc), "| `"+c.Value+"` |", "error code %s (%s) is not documented in docs/cli.md", c.Value, c.Name)
	}
}

func TestMillisecondSettingsAreBounded(t *testing.T) {
	_, err := cli.ParseMS("hold-ms", "86400001", cli.MaxSettingMS, true)
	require.Error(t, err)
	_, err = cli.ParseMS("hold-ms", "-1", cli.MaxSettingMS, true)
	require.Error(t, err)
	n, err := cli.ParseMS("hold-ms", "0", cli.MaxSettingMS, true)
	require.NoError(t, err)
	require.Zero(t, n)
	_, err = dialogOptions(map[string]string{"dialog-timeout-ms": "1e99"})
	require.Error(t, err)
}

func errorMessage(t *testing.T, body map[string]any) string {
	t.Helper()
	eb, ok := body["error"]
	require.True(t, ok, "%v", body)
	return eb.(actions.ErrorBody).Message
}

// A --grid that is not an http(s) URL is a usage error before any daemon
// starts, and it shows the URL without its secrets.
func TestGridURLFormIsCheckedAtStart(t *testing.T) {
	l := cli.Parse([]string{"--grid", "ftp://user:secret@hub:4444/?token=abc", "tabs"})
	require.NoError(t, l.Err)
	err := checkStart(l.G)
	var ue *cli.UsageError
	require.ErrorAs(t, err, &ue)
	require.Contains(t, err.Error(), "want the hub's http:// or https:// URL")
	require.NotContains(t, err.Error(), "secret")
	require.NotContains(t, err.Error(), "abc")
	var out, errw strings.Builder
	require.Equal(t, cli.ExitUsage, cli.Execute(l, &out, &errw, cli.Env{Start: checkStart}))
	require.Contains(t, errw.String(), "error [invalid_argument]: --grid")
}
