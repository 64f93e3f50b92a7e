package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/rundir"
)

// runtimeDir is where daemons keep their sockets, locks and logs:
// $XDG_RUNTIME_DIR/agentbrowser, or a per-user directory under the temp dir.
// AGENTBROWSER_HOME overrides both (tests use it to stay apart). The
// directory is created 0700, in an existing directory only, and checked on
// every use (see checkRuntimeDir): whoever controls it could answer our
// requests. One that cannot be created or written is dir_unusable, naming
// the variable that chose it.
func runtimeDir() (string, error) {
	dir := rundir.Path()
	unusable := func(err error) error {
		v, val := rundir.Source()
		return events.DirUnusable("the runtime directory", dir, v, val, err)
	}
	// Mkdir, not MkdirAll: the parent is the user's or the system's, and
	// only the last element is ours to create.
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", unusable(err)
	}
	if err := checkRuntimeDir(dir); err != nil {
		return "", err
	}
	if err := writable(dir); err != nil {
		return "", unusable(err)
	}
	return dir, nil
}

// writable reports why the current user cannot create files in dir, or
// nil.
func writable(dir string) error {
	if err := syscall.Access(dir, 0x2|0x1); err != nil { // W_OK|X_OK
		return &fs.PathError{Op: "access", Path: dir, Err: err}
	}
	return nil
}

// maxSocketPath is the longest path a unix socket may have: sun_path holds
// 108 bytes on Linux (104 on macOS), one of them the terminating NUL.
const maxSocketPath = 103

type sessionPaths struct {
	Socket, Lock, Log, Crashed string
}

func pathsFor(name string) (sessionPaths, error) {
	dir, err := runtimeDir()
	if err != nil {
		return sessionPaths{}, err
	}
	base := filepath.Join(dir, name)
	if sock := base + ".sock"; len(sock) > maxSocketPath {
		v, val := rundir.Source()
		return sessionPaths{}, events.DirUnusable("the runtime directory", dir, v, val,
			fmt.Errorf("the socket path %s would be %d bytes, more than the %d a unix socket path may hold (a shorter directory, or session name, fits)", sock, len(sock), maxSocketPath))
	}
	return sessionPaths{Socket: base + ".sock", Lock: base + ".lock", Log: base + ".log", Crashed: base + ".crashed"}, nil
}
