package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
)

// printed is a reply as the CLI prints it: the response with "ok":true
// and output_trimmed.
func printed(t *testing.T, rep cli.Reply) []byte {
	t.Helper()
	var body map[string]any
	require.NoError(t, json.Unmarshal(rep.Response, &body))
	body["ok"] = true
	if rep.Trimmed != nil {
		body["output_trimmed"] = rep.Trimmed
	}
	b, err := request.Marshal(body)
	require.NoError(t, err)
	return b
}

func TestTrimToFit(t *testing.T) {
	value := strings.Repeat("é\"\x01", 20000)
	resp := func() map[string]any {
		return map[string]any{"tab_id": "T1", "url": "http://x/",
			"details": map[string]any{"value": value, "options": []any{"a", strings.Repeat("b", 3000)}}}
	}
	for _, limit := range []int{1024, 4096, 50000} {
		b, note, ok := trimToFit(resp(), 100000, limit)
		require.True(t, ok, "cap %d", limit)
		out := printed(t, cli.Reply{Response: b, Trimmed: note})
		require.LessOrEqual(t, len(out), limit)
		var got map[string]any
		require.NoError(t, json.Unmarshal(out, &got))
		require.Equal(t, "T1", got["tab_id"], "short fields stay")
		require.Equal(t, true, got["ok"])
		v := got["details"].(map[string]any)["value"].(string)
		require.True(t, strings.HasSuffix(v, trimmedMark))
		require.True(t, strings.HasPrefix(value, strings.TrimSuffix(v, trimmedMark)), "a prefix is kept, whole runes")
		n := got["output_trimmed"].(map[string]any)
		require.Contains(t, n["fields"], "details.value")
		require.Equal(t, float64(limit), n["cap"])
	}
	// What cannot fit by cutting strings does not fit.
	many := make([]any, 5000)
	for i := range many {
		many[i] = i
	}
	_, _, ok := trimToFit(map[string]any{"n": many}, 100000, 1024)
	require.False(t, ok)
}

func TestFitOutput(t *testing.T) {
	resp, err := json.Marshal(map[string]any{"value": strings.Repeat("x", 5000)})
	require.NoError(t, err)
	rep, err := fitOutput("type", resp, 1024)
	require.NoError(t, err)
	require.LessOrEqual(t, len(printed(t, rep)), 1024)
	require.Contains(t, trimmedNotice(rep.Trimmed), "value")
	_, err = fitOutput("snapshot", resp, 1024)
	require.ErrorContains(t, err, "nothing was changed")
	_, err = fitOutput("eval", resp, 1024)
	require.ErrorContains(t, err, "stays changed")
}
