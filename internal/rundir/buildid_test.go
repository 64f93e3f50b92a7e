package rundir_test

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/rundir"
)

// GoBuildID reads what debug/elf reads in the whole file: the test binary's
// own Go build ID.
func TestGoBuildIDReadsTheNote(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	f, err := elf.Open(exe)
	require.NoError(t, err)
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	require.NotNil(t, sec)
	b, err := sec.Data()
	require.NoError(t, err)
	namesz, descsz := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])
	off := 12 + int((namesz+3)&^3)
	want := string(b[off : off+int(descsz)])
	require.NotEmpty(t, want)
	require.Equal(t, want, rundir.GoBuildID(exe))
	require.Empty(t, rundir.GoBuildID("/nonexistent"))
	require.Empty(t, rundir.GoBuildID("/etc/hostname"))
}
