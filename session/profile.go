package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/agentbrowser/agentbrowser/events"
)

// profileLockName is the file of a persistent profile that the session using
// it holds locked (flock) for as long as it runs. Chromium's own
// SingletonLock tells only that some browser uses the profile, and a second
// browser started on it hands its work to the first and exits; our lock
// says which session holds it, and is checked before anything starts.
const profileLockName = "agentbrowser.lock"

// profileHolder is what the lock file says about its holder.
type profileHolder struct {
	Session string `json:"session"`
	PID     int    `json:"pid"`
}

// profileLock is a persistent profile held by this process.
type profileLock struct {
	dir string
	f   *os.File
}

// lockProfile makes dir (created 0700 when new; its parent must exist) the
// profile of session task, or says who holds it: profile_in_use naming
// the session, profile_unsafe when it is not private (CheckProfile), or
// invalid_argument when dir cannot be a profile.
func lockProfile(dir, task string) (*profileLock, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, events.Errorf(events.CodeInvalidArgument, "profile %q: %v", dir, err)
	}
	if err := CheckProfile(abs); err != nil {
		return nil, err
	}
	if err := os.Mkdir(abs, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, events.Errorf(events.CodeInvalidArgument, "creating profile directory %s: %v (its parent directory must exist)", abs, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, events.Errorf(events.CodeInvalidArgument, "profile %s: %v", abs, err)
	}
	if !st.IsDir() {
		return nil, events.Errorf(events.CodeInvalidArgument, "profile %s is not a directory", abs)
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Getuid() {
		return nil, events.Errorf(events.CodeInvalidArgument, "profile %s belongs to another user (uid %d); a profile holds cookies and must be yours", abs, sys.Uid)
	}
	f, err := os.OpenFile(filepath.Join(abs, profileLockName), os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, events.Errorf(events.CodeInvalidArgument, "locking profile %s: %v", abs, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		var h profileHolder
		b, _ := io.ReadAll(io.LimitReader(f, 4096))
		_ = json.Unmarshal(b, &h)
		f.Close()
		who := "another session"
		if h.Session != "" {
			who = fmt.Sprintf("session %q", h.Session)
		}
		if h.PID > 0 {
			who += fmt.Sprintf(" (pid %d)", h.PID)
		}
		e := events.Errorf(events.CodeProfileInUse,
			"profile %s is in use by %s; close that session first or give another --profile; nothing was started", abs, who)
		if h.Session != "" {
			e = e.WithExtra("session", h.Session)
		}
		return nil, e
	}
	if pid, ok := chromiumHolder(abs); ok {
		f.Close()
		return nil, events.Errorf(events.CodeProfileInUse,
			"profile %s is in use by a browser outside agentbrowser (pid %d); close it or give another --profile; nothing was started", abs, pid)
	}
	b, _ := json.Marshal(profileHolder{Session: task, PID: os.Getpid()})
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt(b, 0)
	}
	return &profileLock{dir: abs, f: f}, nil
}

// chromiumHolder reports a live Chromium on this host that holds dir: its
// SingletonLock is a symbolic link to "host-pid". A lock left by a browser
// that died is stale, and Chromium takes it over itself.
func chromiumHolder(dir string) (int, bool) {
	target, err := os.Readlink(filepath.Join(dir, "SingletonLock"))
	if err != nil {
		return 0, false
	}
	i := strings.LastIndexByte(target, '-')
	if i < 0 {
		return 0, false
	}
	host, _ := os.Hostname()
	pid, err := strconv.Atoi(target[i+1:])
	if err != nil || pid <= 0 || target[:i] != host {
		return 0, false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return 0, false
	}
	return pid, true
}

// release lets another session use the profile. The file stays: removing
// a lock file races with a process that just opened it.
func (l *profileLock) release() {
	if l == nil || l.f == nil {
		return
	}
	_ = l.f.Truncate(0)
	_ = l.f.Close()
	l.f = nil
}
