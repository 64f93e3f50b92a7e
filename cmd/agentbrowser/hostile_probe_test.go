package main_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// Variants of issue 49's cases through the CLI that the first cases did
// not try: a profile refused must be left as it was found, coordinates and
// pixel ratios past what the browser can represent.

// TestHostileProfileRefusedUnchanged: a --profile that others may only read
// (0755) is made 0700 when it is safe to use, but one refused for what is
// in it (a link, a FIFO) is left as it was found: a mistaken --profile
// (a home directory, /usr as root) must not lose its mode on the way to a
// refusal.
func TestHostileProfileRefusedUnchanged(t *testing.T) {
	c := newCLI(t)
	for name, plant := range map[string]func(dir string) error{
		"link": func(dir string) error { return os.Symlink("/etc", filepath.Join(dir, "etc")) },
		"fifo": func(dir string) error { return syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o600) },
	} {
		profile := filepath.Join(t.TempDir(), "profile-"+name)
		require.NoError(t, os.Mkdir(profile, 0o755))
		require.NoError(t, os.Chmod(profile, 0o755))
		require.NoError(t, plant(profile))
		o := c.json("--profile", profile, "open", "about:blank")
		requireCode(t, o, "profile_unsafe", 2, hostileCeiling)
		st, err := os.Stat(profile)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o755), st.Mode().Perm(), "%s: a refused profile's mode was changed", name)
	}
}

// TestHostileCoordinatesBeyondAnyViewport: a click at coordinates beyond any
// viewport (past what Chromium's float32 input holds, 3.4e38) is refused
// at once with invalid_argument; before, the press never answered, the
// click timed out and every later input of the tab (a key press) timed out
// too, until the tab navigated.
func TestHostileCoordinatesBeyondAnyViewport(t *testing.T) {
	c := newSharedCLI(t)
	c.ok("open", "about:blank")
	for _, xy := range []string{"1e39,10", "10,3.5e38", "1e308,1e308", "16385,1"} {
		o := c.json("--timeout-ms", "5000", "click", "--xy", xy)
		requireCode(t, o, "invalid_argument", 1, 5*time.Second)
		require.Contains(t, o.errMessage(), "viewport", xy)
	}
	c.ok("--timeout-ms", "5000", "click", "--xy", "16384,1")
	c.ok("--timeout-ms", "5000", "press", "a")
}

// TestHostileViewportBelowOnePixel: a device pixel ratio that leaves the
// viewport less than one device pixel wide or high (1e-300, or 0.5 on a
// 1x1 viewport) is refused with invalid_argument: Chromium took 1e-300 as
// 1 while the answer said 1e-300, and with 1e-10 every screenshot timed
// out.
func TestHostileViewportBelowOnePixel(t *testing.T) {
	c := newSharedCLI(t)
	c.ok("open", "about:blank")
	for _, args := range [][]string{
		{"300", "200", "--dpr", "1e-300"},
		{"300", "200", "--dpr", "1e-10"},
		{"1", "1", "--dpr", "0.5"},
		{"5", "5", "--dpr", "0.1"},
	} {
		o := c.json(append([]string{"--timeout-ms", "5000", "set", "viewport"}, args...)...)
		requireCode(t, o, "invalid_argument", 1, 5*time.Second)
	}
	c.ok("--timeout-ms", "5000", "set", "viewport", "300", "200", "--dpr", "0.05")
	c.ok("--timeout-ms", "5000", "screenshot")
}

// TestHostileDownloadDirOthersReach: an existing --download-dir that other
// users may write to (where they could swap what the agent downloads
// before it is used), or that reaches another user's directory through
// their link, is refused with invalid_argument before anything is
// downloaded; a private one of ours is used. As root the test plants
// the other user's directory and link as the user nobody.
func TestHostileDownloadDirOthersReach(t *testing.T) {
	c := newCLI(t)
	open := filepath.Join(t.TempDir(), "open")
	require.NoError(t, os.Mkdir(open, 0o700))
	require.NoError(t, os.Chmod(open, 0o777))
	o := c.json("--download-dir", open, "open", "about:blank")
	require.Equal(t, "invalid_argument", o.errCode(), o.Stdout)
	require.Contains(t, o.errMessage(), open)

	mine := filepath.Join(t.TempDir(), "mine")
	require.NoError(t, os.Mkdir(mine, 0o700))
	c2 := newCLI(t)
	c2.ok("--download-dir", mine, "open", "about:blank")

	t.Run("another user's directory and link", func(t *testing.T) {
		testutil.RequireRoot(t)
		shared := testutil.NobodyDir(t)
		require.NoError(t, os.Chmod(shared, 0o1777))
		theirs := filepath.Join(shared, "theirs")
		out, err := testutil.AsNobody("mkdir", "-m", "0700", theirs).CombinedOutput()
		require.NoError(t, err, "%s", out)
		link := filepath.Join(shared, "dl")
		out, err = testutil.AsNobody("ln", "-s", theirs, link).CombinedOutput()
		require.NoError(t, err, "%s", out)
		for _, dir := range []string{theirs, link} {
			c := newCLI(t)
			o := c.json("--download-dir", dir, "open", "about:blank")
			require.Equal(t, "invalid_argument", o.errCode(), "%s: %s", dir, o.Stdout)
		}
	})
}

// TestHostileProfileParentOthersWrite: a --profile whose parent directory
// others may write to (group-writable without the sticky bit) or that
// belongs to another user is refused with profile_unsafe: whoever may
// rename entries there could swap the profile for a directory of theirs
// while the browser runs, and collect what it writes next. As root the
// test makes the user nobody the parent's owner.
func TestHostileProfileParentOthersWrite(t *testing.T) {
	c := newCLI(t)
	group := filepath.Join(t.TempDir(), "group")
	require.NoError(t, os.Mkdir(group, 0o700))
	require.NoError(t, os.Chmod(group, 0o775))
	o := c.json("--profile", filepath.Join(group, "profile"), "open", "about:blank")
	requireCode(t, o, "profile_unsafe", 2, hostileCeiling)
	require.Contains(t, o.errMessage(), group)

	t.Run("another user's parent", func(t *testing.T) {
		testutil.RequireRoot(t)
		theirs := filepath.Join(testutil.NobodyDir(t), "theirs")
		out, err := testutil.AsNobody("mkdir", "-m", "0755", theirs).CombinedOutput()
		require.NoError(t, err, "%s", out)
		o := newCLI(t).json("--profile", filepath.Join(theirs, "profile"), "open", "about:blank")
		requireCode(t, o, "profile_unsafe", 2, hostileCeiling)
	})
}

// TestHostileRegularFileThatWaits: a regular file whose reader waits for data
// (/proc/kmsg, which the kernel lets pollers wait on) is answered within
// the budget, as FIFOs are: O_NONBLOCK alone did not help, since Go's
// runtime turns the EAGAIN of a pollable file into a wait. Before, state
// load overran a 5 s budget by 30 s and --storage-state, --body-file and
// batch --file never answered. /proc/kmsg is root's to read, so the test
// runs as root and says so otherwise.
func TestHostileRegularFileThatWaits(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root: /proc/kmsg, a regular file whose reads wait for data, is readable by root only; CI runs as root")
	}
	const kmsg = "/proc/kmsg"
	st, err := os.Stat(kmsg)
	require.NoError(t, err)
	require.True(t, st.Mode().IsRegular())
	c := newSharedCLI(t, "default", "kmsg")
	for _, args := range [][]string{
		{"state", "load", kmsg},
		{"--session", "kmsg", "--storage-state", kmsg, "open", "about:blank"},
		{"route", "**/x", "--status", "200", "--body-file", kmsg},
		{"batch", "--file", kmsg},
	} {
		o := c.json(append([]string{"--timeout-ms", "5000"}, args...)...)
		require.NotEmpty(t, o.errCode(), "%v: %s", args, o.Stdout)
		require.NotEqual(t, "timeout", o.errCode(), "%v: %s", args, o.Stdout)
		require.Less(t, o.Dur, 5*time.Second, "%v answered after %v: %s", args, o.Dur, o.Stdout)
	}
}
