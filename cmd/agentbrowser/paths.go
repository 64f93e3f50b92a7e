package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/internal/rundir"
)

// runtimeDir is where daemons keep their sockets, locks and logs:
// $XDG_RUNTIME_DIR/agentbrowser, or a per-user directory under the temp dir.
// AGENTBROWSER_HOME overrides both (tests use it to stay apart). The
// directory is created 0700 and checked on every use (see checkRuntimeDir):
// whoever controls it could answer our requests.
func runtimeDir() (string, error) {
	dir := rundir.Path()
	// Mkdir, not MkdirAll: the parent is the user's or the system's, and
	// only the last element is ours to create.
	if err := os.Mkdir(dir, 0o700); err != nil && !os.IsExist(err) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return "", fmt.Errorf("creating runtime directory: %w", err)
		}
	}
	if err := checkRuntimeDir(dir); err != nil {
		return "", err
	}
	return dir, nil
}

type sessionPaths struct {
	Socket, Lock, Log, Crashed string
}

func pathsFor(name string) (sessionPaths, error) {
	dir, err := runtimeDir()
	if err != nil {
		return sessionPaths{}, err
	}
	base := filepath.Join(dir, name)
	return sessionPaths{Socket: base + ".sock", Lock: base + ".lock", Log: base + ".log", Crashed: base + ".crashed"}, nil
}
