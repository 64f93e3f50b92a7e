package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTrimToFit(t *testing.T) {
	body := map[string]any{"ok": true, "tab_id": "T1", "url": "http://x/",
		"details": map[string]any{"value": strings.Repeat("é\"\x01", 20000), "options": []any{"a", strings.Repeat("b", 3000)}}}
	for _, limit := range []int{1024, 4096, 50000} {
		b, ok := trimToFit(body, limit)
		require.True(t, ok, "cap %d", limit)
		require.LessOrEqual(t, len(b), limit)
		var got map[string]any
		require.NoError(t, json.Unmarshal(b, &got))
		require.Equal(t, "T1", got["tab_id"], "short fields stay")
		require.Equal(t, true, got["ok"])
		v := got["details"].(map[string]any)["value"].(string)
		require.True(t, strings.HasSuffix(v, trimmedMark))
		require.True(t, strings.HasPrefix(strings.Repeat("é\"\x01", 20000), strings.TrimSuffix(v, trimmedMark)), "a prefix is kept, whole runes")
		note := got["output_trimmed"].(map[string]any)
		require.Contains(t, note["fields"], "details.value")
		require.Equal(t, float64(limit), note["cap"])
	}
	// What cannot fit by cutting strings does not fit.
	many := make([]any, 5000)
	for i := range many {
		many[i] = i
	}
	_, ok := trimToFit(map[string]any{"ok": true, "n": many}, 1024)
	require.False(t, ok)
}

func TestFitOutput(t *testing.T) {
	body, err := json.Marshal(map[string]any{"ok": true, "value": strings.Repeat("x", 5000)})
	require.NoError(t, err)
	b, err := fitOutput("type", body, 1024)
	require.NoError(t, err)
	require.LessOrEqual(t, len(b), 1024)
	require.Contains(t, trimmedNotice(json.RawMessage(`{"fields":["value"],"size":5000,"cap":1024}`)), "value")
	_, err = fitOutput("snapshot", body, 1024)
	require.ErrorContains(t, err, "nothing was changed")
	_, err = fitOutput("eval", body, 1024)
	require.ErrorContains(t, err, "stays changed")
}
