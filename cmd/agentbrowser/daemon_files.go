package main

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// watchFiles ends the daemon when its socket or its lock file is removed
// or replaced (someone cleaned the runtime directory): no client could
// reach it any more, and while it held the lock no other daemon could
// start, so every command would wait for one that never answers.
func (d *daemon) watchFiles(sock, lock os.FileInfo) {
	t := time.NewTicker(filesCheckEvery)
	defer t.Stop()
	for {
		select {
		case <-d.stopped:
			return
		case <-t.C:
		}
		for _, f := range []struct {
			path string
			was  os.FileInfo
		}{{d.paths.Socket, sock}, {d.paths.Lock, lock}} {
			if now, err := os.Stat(f.path); err != nil || !os.SameFile(now, f.was) {
				d.log.Warn().Str("path", f.path).Msg("the daemon's file was removed or replaced; daemon exiting")
				d.shutdown("its socket or lock file was removed")
				return
			}
		}
	}
}

// lock returns the session's lock file, locked: the one the client that
// started this daemon took and handed over (lockFDEnv), or, for a daemon
// started by hand, one it takes now. Either way a session never has two
// daemons: a held lock means another daemon runs, is starting or is on its
// way out, and this one exits at once rather than wait and take over.
func (d *daemon) lock() (*os.File, error) {
	if v := os.Getenv(lockFDEnv); v != "" {
		os.Unsetenv(lockFDEnv) // not for the browser's environment
		fd, err := strconv.Atoi(v)
		if err != nil || fd < 3 {
			return nil, fmt.Errorf("%s=%q is not a descriptor", lockFDEnv, v)
		}
		syscall.CloseOnExec(fd)
		lf := os.NewFile(uintptr(fd), d.paths.Lock)
		if !sameFile(lf, d.paths.Lock) {
			lf.Close()
			return nil, fmt.Errorf("descriptor %d is not the lock of session %s (%s)", fd, d.g.Session, d.paths.Lock)
		}
		// The starter locked it: asking again on the same open file
		// keeps that lock, and fails only if another process holds it.
		if err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			lf.Close()
			return nil, fmt.Errorf("session %q already has a daemon: %w", d.g.Session, err)
		}
		return lf, nil
	}
	lf, err := os.OpenFile(d.paths.Lock, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening lock: %w", err)
	}
	if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lf.Close()
		return nil, events.Errorf(events.CodeInvalidArgument,
			"session %s already has a daemon (or one is starting or stopping); use it, or run 'agentbrowser --session %s close' first", d.g.Session, d.g.Session)
	}
	return lf, nil
}

// sameFile reports whether f is the file at path.
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}
