package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The build id names this executable, not just the version string, so two
// builds of one version still notice each other.
func TestBuildIDNamesThisExecutable(t *testing.T) {
	id := buildID()
	require.True(t, strings.HasPrefix(id, version+"+"), "build id %q", id)
	if runtime.GOOS == "linux" {
		require.Greater(t, len(id), len(version)+10, "the ELF build id note was read: %q", id)
	}
}
