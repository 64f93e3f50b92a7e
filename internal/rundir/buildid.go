package rundir

import (
	"bytes"
	"encoding/binary"
)

// GoBuildID reads the Go build ID the linker wrote into the ELF executable
// at path (its .note.go.buildid note, which the linker places at the start
// of the file), or "" when there is none to read there. The full CLI sends
// it with the version as its build (see the daemon's checkBuild), and the
// thin client sends the full binary's, so that a daemon of another build
// runs nothing, whichever client reached it. It reads the first
// buildIDHead bytes only, where debug/elf would read the section headers
// at the file's end.
func GoBuildID(path string) string {
	var b [buildIDHead]byte
	n, ok := readHead(path, b[:])
	if !ok {
		return ""
	}
	return elfGoBuildID(b[:n])
}

// buildIDHead is how much of an executable GoBuildID reads.
const buildIDHead = 8 << 10

// elfGoBuildID finds the Go build ID note in the program headers' PT_NOTE
// segments of a little-endian ELF64 file's first bytes b.
func elfGoBuildID(b []byte) string {
	const (
		ptNote      = 4
		noteGoBuild = 4
	)
	if len(b) < 64 || !bytes.HasPrefix(b, []byte("\x7fELF\x02\x01")) {
		return ""
	}
	le := binary.LittleEndian
	phoff, phentsize, phnum := le.Uint64(b[32:]), int(le.Uint16(b[54:])), int(le.Uint16(b[56:]))
	for i := range phnum {
		p := int(phoff) + i*phentsize
		if phentsize < 56 || p < 0 || p+56 > len(b) || le.Uint32(b[p:]) != ptNote {
			continue
		}
		off, size := le.Uint64(b[p+8:]), le.Uint64(b[p+32:])
		if off > uint64(len(b)) || size > uint64(len(b))-off {
			continue
		}
		notes := b[off : off+size]
		for len(notes) >= 12 {
			namesz, descsz, typ := le.Uint32(notes), le.Uint32(notes[4:]), le.Uint32(notes[8:])
			name := 12 + int((namesz+3)&^3)
			end := name + int((descsz+3)&^3)
			if namesz > 64 || descsz > 1024 || end > len(notes) {
				break
			}
			if typ == noteGoBuild && bytes.Equal(notes[12:12+namesz], []byte("Go\x00\x00")[:namesz]) {
				return string(notes[name : name+int(descsz)])
			}
			notes = notes[end:]
		}
	}
	return ""
}
