//go:build linux || darwin

package rundir

import (
	"os"
	"strconv"
	"syscall"
)

// ExeIdentity names the file at path by its device, inode, size and
// modification time, or "" when it cannot be read. The thin client sends
// that of the full binary it would run, and the daemon compares it with
// that of its own executable: a rebuild (a new file in place of the old
// one) changes it, so a daemon of an older build is not handed command
// lines it would parse with its old code. Reading it costs one stat, where
// the ELF build ID would mean reading the executable.
func ExeIdentity(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	return strconv.FormatUint(uint64(st.Dev), 10) + ":" + strconv.FormatUint(st.Ino, 10) + ":" +
		strconv.FormatInt(fi.Size(), 10) + ":" + strconv.FormatInt(fi.ModTime().UnixNano(), 10)
}
