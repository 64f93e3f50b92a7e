package main

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
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

// TestUsageErrorsExitTwo checks the command-line half of the error
// contract without a browser: every syntactic problem is a usage error.
func TestUsageErrorsExitTwo(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"timeout not a number", []string{"--timeout-ms", "abc", "tabs"}},
		{"timeout above the maximum", []string{"--timeout-ms", "3600001", "tabs"}},
		{"timeout that would overflow", []string{"--timeout-ms", "18446744073710", "tabs"}},
		{"timeout beyond int64", []string{"--timeout-ms", "99999999999999999999999", "tabs"}},
		{"cdp without a scheme", []string{"--cdp", "localhost:9222", "tabs"}},
		{"idle timeout", []string{"--idle-timeout", "soon", "tabs"}},
		{"unknown flag", []string{"tabs", "--nope"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := parseArgs(tc.args)
			require.Error(t, err)
			body, exit := errBody(err)
			require.Equal(t, exitUsage, exit, "%v", body)
			msg := errorMessage(t, body)
			require.False(t, strings.HasSuffix(msg, ": ") || strings.HasSuffix(msg, ":"), "trailing separator in %q", msg)
		})
	}
	g, _, _, err := parseArgs([]string{"--timeout-ms", "3600000", "tabs"})
	require.NoError(t, err, "the maximum itself is allowed")
	require.Equal(t, MaxTimeoutMS, g.TimeoutMS)
	_, _, _, err = parseArgs([]string{"--timeout-ms", "0", "tabs"})
	_, exit := errBody(err)
	require.Equal(t, exitAction, exit, "a zero budget stays a bad value (exit 1), as documented")

	_, err = parseRef("@x5")
	var ue *usageError
	require.True(t, errors.As(err, &ue), "a malformed ref is a usage error (exit 2): %v", err)
	require.Contains(t, err.Error(), "css=#save", "the error lists the forms an element takes")
	r, err := parseRef("x5")
	require.NoError(t, err)
	require.Equal(t, "css=x5", string(r), "what is not a ref but reads as CSS is css=")
	r, err = parseRef("@e12")
	require.NoError(t, err)
	require.Equal(t, "e12", string(r))
}

func TestMillisecondSettingsAreBounded(t *testing.T) {
	_, err := parseMS("hold-ms", "86400001", maxSettingMS, true)
	require.Error(t, err)
	_, err = parseMS("hold-ms", "-1", maxSettingMS, true)
	require.Error(t, err)
	n, err := parseMS("hold-ms", "0", maxSettingMS, true)
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
