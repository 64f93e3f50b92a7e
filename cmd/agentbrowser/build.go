package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"sync"
)

// buildID names this exact build of agentbrowser, so a CLI and a daemon of
// different builds notice each other: the version and, when it can be read,
// the Go build ID the linker wrote near the start of the executable (it
// changes with any change of code or flags); else the VCS revision.
var buildID = sync.OnceValue(func() string {
	if id := goBuildID(); id != "" {
		return version + "+" + id
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", ""
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision":
				rev = s.Value
			case s.Key == "vcs.modified" && s.Value == "true":
				dirty = "-dirty"
			}
		}
		if rev != "" {
			return version + "+" + rev + dirty
		}
	}
	return version
})

// goBuildID reads the build ID note that the Go linker puts in the first
// page or so of an executable. Reading 64 KiB costs well under a
// millisecond, unlike hashing the whole binary.
func goBuildID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, _ := f.Read(buf)
	buf = buf[:n]
	const start = "\xff Go build ID: \""
	i := bytes.Index(buf, []byte(start))
	if i < 0 {
		return ""
	}
	rest := buf[i+len(start):]
	j := bytes.IndexByte(rest, '"')
	if j <= 0 {
		return ""
	}
	return string(rest[:j])
}
