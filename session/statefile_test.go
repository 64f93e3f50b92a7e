package session_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// A state in Playwright's form decodes with its defaults: no expiry is a
// session cookie, no path is "/"; unknown keys are ignored.
func TestParseStorageState(t *testing.T) {
	st, err := session.ParseStorageState([]byte(`{
  "cookies": [
    {"name": "sid", "value": "a=b", "domain": ".example.com", "path": "/app", "expires": 1893456000.5, "httpOnly": true, "secure": true, "sameSite": "Strict"},
    {"name": "theme", "value": "dark", "domain": "example.com", "_crHasCrossSiteAncestor": false}
  ],
  "origins": [{"origin": "https://example.com", "localStorage": [{"name": "token", "value": "t"}], "indexedDB": []}]
}`))
	require.NoError(t, err)
	require.Equal(t, events.StorageState{
		Cookies: []events.Cookie{
			{Name: "sid", Value: "a=b", Domain: ".example.com", Path: "/app", Expires: 1893456000.5, HTTPOnly: true, Secure: true, SameSite: "Strict"},
			{Name: "theme", Value: "dark", Domain: "example.com", Path: "/", Expires: -1},
		},
		Origins: []events.OriginState{{Origin: "https://example.com", LocalStorage: []events.StorageItem{{Name: "token", Value: "t"}}}},
	}, st)

	empty, err := session.ParseStorageState([]byte(`{"cookies": [], "origins": []}`))
	require.NoError(t, err)
	require.Empty(t, empty.Cookies)
}

func TestParseStorageStateRefuses(t *testing.T) {
	cases := map[string]string{
		``:                   "not JSON",
		`{"cookies": []} {}`: "text follows",
		`{"cookies": [1]}`:   "cookies[0]: want an object, got the number 1",
		`{"cookies": [{"name": "a", "value": "b", "domain": "x", "expires": 0}]}`:          "cookies[0].expires: 0",
		`{"cookies": [{"name": "a;b", "value": "b", "domain": "x"}]}`:                      "cookies[0].name",
		`{"cookies": [{"name": "a", "value": "b\n", "domain": "x"}]}`:                      "cookies[0].value",
		`{"cookies": [{"name": "a", "value": "b", "domain": "http://x"}]}`:                 "cookies[0].domain",
		`{"cookies": [{"name": "a", "value": "b", "domain": "x", "partitionKey": "x y"}]}`: "cookies[0].partitionKey",
		`{"origins": [{"origin": "https://a.test?x=1"}]}`:                                  "origins[0].origin",
		`{"origins": [{"localStorage": []}]}`:                                              "origins[0].origin: missing",
		`{"origins": [{"origin": "https://a.test", "localStorage": {}}]}`:                  "origins[0].localStorage: want a list",
	}
	for doc, want := range cases {
		_, err := session.ParseStorageState([]byte(doc))
		require.Error(t, err, doc)
		require.ErrorIs(t, err, events.ErrInvalidArgument, doc)
		require.Contains(t, err.Error(), want, doc)
		require.Contains(t, err.Error(), "nothing was loaded", doc)
	}
	// Many problems: the first few, and how many more.
	many := `{"cookies": [` + `{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"},{"name": "a"}` + `]}`
	_, err := session.ParseStorageState([]byte(many))
	require.ErrorContains(t, err, "more")
}

func TestReadStorageState(t *testing.T) {
	dir := t.TempDir()
	_, err := session.ReadStorageState(filepath.Join(dir, "none.json"))
	require.ErrorIs(t, err, events.ErrInvalidArgument)
	require.ErrorContains(t, err, "none.json")
	_, err = session.ReadStorageState(dir)
	require.ErrorContains(t, err, "not a regular file")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"cookies": {}}`), 0o600))
	_, err = session.ReadStorageState(bad)
	require.ErrorContains(t, err, "storage state "+bad+": cookies: want a list, got an object")
}
