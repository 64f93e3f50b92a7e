package session

import (
	"net/url"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCookieMatches(t *testing.T) {
	cases := []struct {
		domain, path string
		secure       bool
		url          string
		want         bool
	}{
		{"example.com", "/", false, "https://example.com/", true},
		{"example.com", "/", false, "https://www.example.com/", false}, // host-only
		{".example.com", "/", false, "https://www.example.com/x", true},
		{".example.com", "/", false, "https://example.com/", true},
		{".example.com", "/", false, "https://badexample.com/", false},
		{"example.com", "/app", false, "https://example.com/app", true},
		{"example.com", "/app", false, "https://example.com/app/x", true},
		{"example.com", "/app", false, "https://example.com/apple", false},
		{"example.com", "/app/", false, "https://example.com/app/x", true},
		{"example.com", "/app", false, "https://example.com/", false},
		{"example.com", "/", true, "http://example.com/", false},
		{"example.com", "/", true, "https://example.com/", true},
		{"localhost", "/", true, "http://localhost:8080/", true},
		{"EXAMPLE.com", "/", false, "https://example.COM/", true},
	}
	for _, tc := range cases {
		u, err := url.Parse(tc.url)
		require.NoError(t, err)
		require.Equal(t, tc.want, cookieMatches(tc.domain, tc.path, tc.secure, u), "%+v", tc)
	}
}

// Reap removes a dead session's temporary directory but never its
// persistent profile.
func TestReapKeepsAPersistentProfile(t *testing.T) {
	tmp := t.TempDir()
	scratch := tmp + "/" + profilePrefix + "x"
	profile := tmp + "/mine"
	for _, d := range []string{scratch, profile} {
		require.NoError(t, mkdir(d))
	}
	rec := tmp + "/record"
	require.NoError(t, writeRecord(rec, record{Profile: scratch, UserDataDir: profile}))
	require.NoError(t, Reap(rec))
	require.NoDirExists(t, scratch)
	require.DirExists(t, profile)
	require.NoFileExists(t, rec)
}

func mkdir(d string) error { return os.Mkdir(d, 0o700) }
