package pathguard_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/pathguard"
)

// tree makes a client directory with a file, a subdirectory, links that
// stay inside and links that lead out, and a secret outside it.
func tree(t *testing.T) (client, outside string) {
	t.Helper()
	root := t.TempDir()
	client = filepath.Join(root, "client")
	outside = filepath.Join(root, "outside")
	for _, d := range []string{client, outside, filepath.Join(client, "sub")} {
		require.NoError(t, os.Mkdir(d, 0o700))
	}
	for _, f := range []string{filepath.Join(client, "in.txt"), filepath.Join(outside, "secret.txt")} {
		require.NoError(t, os.WriteFile(f, []byte("x"), 0o600))
	}
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(client, "out-link")))
	require.NoError(t, os.Symlink(outside, filepath.Join(client, "out-dir")))
	require.NoError(t, os.Symlink(filepath.Join(client, "in.txt"), filepath.Join(client, "in-link")))
	require.NoError(t, os.Symlink(filepath.Join(root, "nowhere"), filepath.Join(client, "dangling")))
	return client, outside
}

func TestSandboxRead(t *testing.T) {
	client, outside := tree(t)
	s := pathguard.New(pathguard.Config{Dirs: []string{client}})
	for _, tc := range []struct {
		path string
		want string // "" when refused
	}{
		{filepath.Join(client, "in.txt"), filepath.Join(client, "in.txt")},
		{"in.txt", filepath.Join(client, "in.txt")},
		{"sub/../in.txt", filepath.Join(client, "in.txt")},
		{"in-link", filepath.Join(client, "in.txt")},
		{"missing.txt", filepath.Join(client, "missing.txt")},
		{"sub/missing/deeper.txt", filepath.Join(client, "sub", "missing", "deeper.txt")},
		{client, client},
		{"/etc/passwd", ""},
		{"../outside/secret.txt", ""},
		{filepath.Join(outside, "secret.txt"), ""},
		{filepath.Join(outside, "missing.txt"), ""},
		{"out-link", ""},
		{"out-dir/secret.txt", ""},
		{"out-dir/missing.txt", ""},
		{"dangling", ""},
		{"dangling/x", ""},
		{client + "-sibling/x", ""},
	} {
		got, err := s.Read(tc.path)
		if tc.want == "" {
			require.ErrorIs(t, err, events.ErrPathNotAllowed, tc.path)
			require.Contains(t, err.Error(), client, "the message names the allowed directory")
			continue
		}
		require.NoError(t, err, tc.path)
		require.Equal(t, tc.want, got, tc.path)
	}
}

func TestSandboxWrite(t *testing.T) {
	client, outside := tree(t)
	state := filepath.Join(client, "server-state.json")
	s := pathguard.New(pathguard.Config{Dirs: []string{client}, ReadOnly: []string{state}, Hint: "save in your own directory"})
	for _, tc := range []struct {
		path string
		want string
	}{
		{"new.pdf", filepath.Join(client, "new.pdf")},
		{"in.txt", filepath.Join(client, "in.txt")},
		{"sub/new.pdf", filepath.Join(client, "sub", "new.pdf")},
		{"out-link", ""},   // a link in the file's place, even one...
		{"in-link", ""},    // ...that stays inside
		{"dangling", ""},   // a link to nowhere
		{"out-dir/x", ""},  // through a linked directory
		{"/tmp/x.pdf", ""}, // outside
		{filepath.Join(outside, "x"), ""},
		{state, ""}, // the server's storage state
	} {
		got, err := s.Write(tc.path)
		if tc.want == "" {
			require.ErrorIs(t, err, events.ErrPathNotAllowed, tc.path)
			continue
		}
		require.NoError(t, err, tc.path)
		require.Equal(t, tc.want, got, tc.path)
	}
	_, err := s.Write(state)
	require.ErrorContains(t, err, "storage state")
	require.ErrorContains(t, err, "save in your own directory")
	var e *events.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, state, e.Details.Path)
	require.Contains(t, string(e.Details.Extra["allowed_dirs"]), client)

	_, err = s.Write("")
	require.ErrorIs(t, err, events.ErrInvalidArgument)
	_, err = s.Write("a\x00b")
	require.ErrorIs(t, err, events.ErrInvalidArgument)
}

func TestSandboxUnrestrictedAndWith(t *testing.T) {
	client, outside := tree(t)
	open := pathguard.New(pathguard.Config{Base: client, Unrestricted: true})
	got, err := open.Read(filepath.Join(outside, "secret.txt"))
	require.NoError(t, err)
	require.Equal(t, filepath.Join(outside, "secret.txt"), got)
	got, err = open.Write("x.pdf")
	require.NoError(t, err)
	require.Equal(t, filepath.Join(client, "x.pdf"), got)
	_, err = open.Write("out-link")
	require.ErrorIs(t, err, events.ErrInvalidArgument, "never written through a link, even unrestricted")

	s := pathguard.New(pathguard.Config{Dirs: []string{client}})
	_, err = s.Read(filepath.Join(outside, "secret.txt"))
	require.ErrorIs(t, err, events.ErrPathNotAllowed)
	wide := s.With(outside)
	_, err = wide.Read(filepath.Join(outside, "secret.txt"))
	require.NoError(t, err)
	_, err = s.Read(filepath.Join(outside, "secret.txt"))
	require.ErrorIs(t, err, events.ErrPathNotAllowed, "With does not change the sandbox it was made from")
	got, err = wide.Dir(outside)
	require.NoError(t, err)
	require.Equal(t, outside, got)

	none := pathguard.New(pathguard.Config{})
	_, err = none.Read("x")
	require.ErrorIs(t, err, events.ErrInvalidArgument, "a relative path with nowhere to resolve it")
	_, err = none.Read("/etc/passwd")
	require.ErrorIs(t, err, events.ErrPathNotAllowed)
}

func TestOverlapAndFileURIs(t *testing.T) {
	require.Equal(t, []string{"/srv/share/a"}, pathguard.Overlap([]string{"/srv/share/a"}, []string{"/srv/share"}))
	require.Equal(t, []string{"/srv/share"}, pathguard.Overlap([]string{"/srv"}, []string{"/srv/share"}))
	require.Empty(t, pathguard.Overlap([]string{"/home/me"}, []string{"/srv/share"}))
	require.Empty(t, pathguard.Overlap([]string{"/srv/shared"}, []string{"/srv/share"}))
	require.Empty(t, pathguard.Overlap([]string{"/srv"}, nil))

	for uri, want := range map[string]string{
		"file:///home/me/proj":       "/home/me/proj",
		"file://localhost/home/me":   "/home/me",
		"file:///home/me/a%20b/../c": "/home/me/c",
		"file://other-host/home/me":  "",
		"https://example.com/":       "",
		"file:relative":              "",
	} {
		got, err := pathguard.FileURIPath(uri)
		if want == "" {
			require.ErrorIs(t, err, pathguard.ErrNotFileURI, uri)
			continue
		}
		require.NoError(t, err, uri)
		require.Equal(t, want, got, uri)
	}
}

// TestSandboxPrivate: a private directory of the server inside an allowed
// one is reached only through the client's own directories inside it,
// never through the allowed directory or a root that names another
// client's part.
func TestSandboxPrivate(t *testing.T) {
	share := t.TempDir()
	runtime := filepath.Join(share, "runtime")
	mine, theirs := filepath.Join(runtime, "c-mine"), filepath.Join(runtime, "c-theirs")
	for _, d := range []string{runtime, mine, theirs} {
		require.NoError(t, os.Mkdir(d, 0o700))
	}
	s := pathguard.New(pathguard.Config{Dirs: []string{share, theirs}, Own: []string{mine}, Private: []string{runtime}})
	for _, p := range []string{filepath.Join(share, "x"), filepath.Join(mine, "x"), filepath.Join(mine, "sub", "x")} {
		_, err := s.Read(p)
		require.NoError(t, err, p)
		_, err = s.Write(p)
		require.NoError(t, err, p)
	}
	for _, p := range []string{runtime, filepath.Join(runtime, "x.sock"), filepath.Join(theirs, "state.json"), filepath.Join(mine, "..", "c-theirs", "x")} {
		_, err := s.Read(p)
		require.ErrorIs(t, err, events.ErrPathNotAllowed, p)
		require.ErrorContains(t, err, "keeps for itself", p)
		_, err = s.Write(p)
		require.ErrorIs(t, err, events.ErrPathNotAllowed, p)
		_, err = s.Dir(p)
		require.ErrorIs(t, err, events.ErrPathNotAllowed, p)
	}
	open := pathguard.New(pathguard.Config{Base: share, Private: []string{runtime}, Unrestricted: true})
	_, err := open.Read(filepath.Join(theirs, "x"))
	require.NoError(t, err, "unrestricted lets everything through")
}
