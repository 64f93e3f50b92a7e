package rundir_test

import (
	"bufio"
	"errors"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/rundir"
)

func TestCheck(t *testing.T) {
	mk := func(mode os.FileMode) string {
		d := filepath.Join(t.TempDir(), "rt")
		require.NoError(t, os.Mkdir(d, 0o700))
		require.NoError(t, os.Chmod(d, mode))
		return d
	}
	require.NoError(t, rundir.Check(mk(0o700)))

	readable := mk(0o755)
	require.NoError(t, rundir.Check(readable), "a readable directory of ours is tightened")
	fi, err := os.Stat(readable)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm())

	for _, mode := range []os.FileMode{0o777, 0o770, 0o702} {
		var u *rundir.Unsafe
		require.True(t, errors.As(rundir.Check(mk(mode)), &u), "mode %04o", mode)
		require.Equal(t, mode, u.Mode.Perm())
	}

	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(mk(0o700), link))
	var u *rundir.Unsafe
	require.True(t, errors.As(rundir.Check(link), &u))
	require.Contains(t, u.Error(), "symbolic link")
}

func TestSamePeer(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer ln.Close()
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
		}
	}()
	c, err := net.Dial("unix", sock)
	require.NoError(t, err)
	defer c.Close()
	same, known, uid, err := rundir.SamePeer(c)
	require.NoError(t, err)
	require.True(t, known)
	require.True(t, same)
	require.Equal(t, os.Getuid(), uid)

	// The thin client's socket, dialled without the net package.
	f, err := rundir.Dial(sock, time.Minute)
	require.NoError(t, err)
	defer f.Close()
	same, known, uid, err = rundir.SamePeer(f)
	require.NoError(t, err)
	require.True(t, known)
	require.True(t, same)
	require.Equal(t, os.Getuid(), uid)

	// Something that is no socket tells nothing.
	same, known, _, err = rundir.SamePeer(struct{}{})
	require.NoError(t, err)
	require.False(t, known)
	require.False(t, same)
}

func TestDialCarriesALine(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer ln.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		line, err := bufio.NewReader(c).ReadString('\n')
		if err == nil {
			c.Write([]byte("got " + line))
		}
	}()
	f, err := rundir.Dial(sock, time.Minute)
	require.NoError(t, err)
	defer f.Close()
	_, err = f.Write([]byte("hello\n"))
	require.NoError(t, err)
	got, err := bufio.NewReader(f).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "got hello\n", got)
	<-done

	_, err = rundir.Dial(filepath.Join(t.TempDir(), "none.sock"), time.Minute)
	require.ErrorIs(t, err, syscall.ENOENT)
}
