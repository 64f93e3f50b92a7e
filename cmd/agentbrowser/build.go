package main

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
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

// goBuildID reads the build ID note the Go linker writes into an ELF
// executable (.note.go.buildid: namesz, descsz, type, "Go\x00\x00", id);
// it changes with any change of code or flags. Reading one section costs
// well under a millisecond, unlike hashing the whole binary. Elsewhere it
// falls back to the executable's size and modification time.
func goBuildID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if sec := f.Section(".note.go.buildid"); sec != nil {
			if b, err := sec.Data(); err == nil && len(b) > 16 {
				namesz := binary.LittleEndian.Uint32(b[0:4])
				descsz := binary.LittleEndian.Uint32(b[4:8])
				off := 12 + int((namesz+3)&^3)
				if off+int(descsz) <= len(b) {
					return string(b[off : off+int(descsz)])
				}
			}
		}
	}
	if fi, err := os.Stat(exe); err == nil {
		return fmt.Sprintf("%d-%d", fi.Size(), fi.ModTime().UnixNano())
	}
	return ""
}
