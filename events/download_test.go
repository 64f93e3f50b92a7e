package events_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// The downloads section travels from a daemon to its clients: a page state
// with downloads decodes to what was encoded, and one without has none.
func TestPageStateDownloadsRoundTrip(t *testing.T) {
	ended := time.Date(2026, 12, 2, 5, 0, 1, 0, time.UTC)
	in := events.PageState{TabID: "T", URL: "http://x/", Title: "x", Downloads: []events.Download{
		{ID: "g1", URL: "http://x/f", SuggestedFilename: "f.csv", Path: "/d/f.csv", Bytes: 3, State: events.DownloadCompleted,
			TabID: "T", StartedAt: ended.Add(-time.Second), EndedAt: &ended},
		{ID: "g2", URL: "http://x/big", SuggestedFilename: "big", State: events.DownloadCanceled,
			Error: &events.DownloadError{Code: events.CodeDownloadTooLarge, Message: "too large"}, StartedAt: ended},
	}}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	var out events.PageState
	require.NoError(t, json.Unmarshal(b, &out))
	require.Equal(t, in.Downloads, out.Downloads)
	require.Nil(t, out.Extra, "downloads is a section of its own, not a plugin's")

	b, err = json.Marshal(events.PageState{TabID: "T"})
	require.NoError(t, err)
	require.NotContains(t, string(b), "downloads")
}

// A web storage answer says items (a list, maybe empty), or for one key
// whether it was found and its value; it decodes to what was encoded.
func TestWebStorageResultJSON(t *testing.T) {
	v, found := "1", true
	for _, r := range []events.WebStorageResult{
		{TabID: "T", Origin: "http://x", Kind: "local", Items: []events.StorageItem{{Name: "a", Value: "1"}}},
		{TabID: "T", Origin: "http://x", Kind: "session", Key: "a", Found: &found, Value: &v},
	} {
		b, err := json.Marshal(r)
		require.NoError(t, err)
		var back events.WebStorageResult
		require.NoError(t, json.Unmarshal(b, &back))
		require.Equal(t, r, back)
	}
	b, err := json.Marshal(events.WebStorageResult{Kind: "local"})
	require.NoError(t, err)
	require.Contains(t, string(b), `"items":[]`)
}
