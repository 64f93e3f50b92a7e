package main

import (
	"fmt"
	"os"
	"sync"

	"github.com/agentbrowser/agentbrowser/internal/rundir"
)

// buildID names this exact build of agentbrowser, so a CLI and a daemon of
// different builds notice each other: the version and the Go build ID the
// linker wrote into the executable (it changes with any change of code or
// flags).
var buildID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return version
	}
	return buildIDOf(exe)
})

// daemonBuild is the build a CLI expects its daemon to be: that of the
// executable it starts daemons from (itself, except in tests that start
// another binary).
func daemonBuild() string {
	exe, err := daemonExecutable()
	if err != nil {
		return ""
	}
	return buildIDOf(exe)
}

// buildIDOf is the build id of the executable at path.
func buildIDOf(path string) string {
	if id := goBuildID(path); id != "" {
		return version + "+" + id
	}
	return version
}

func goBuildID(exe string) string {
	if id := rundir.GoBuildID(exe); id != "" {
		return id
	}
	if fi, err := os.Stat(exe); err == nil {
		return fmt.Sprintf("%d-%d", fi.Size(), fi.ModTime().UnixNano())
	}
	return ""
}
