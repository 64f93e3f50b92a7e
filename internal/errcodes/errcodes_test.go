package errcodes_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/errcodes"
)

func TestFromDirFindsTheEventsCodes(t *testing.T) {
	codes, err := errcodes.FromDir("../../events")
	require.NoError(t, err)
	seen := map[string]string{}
	for _, c := range codes {
		require.NotEmpty(t, c.Value, c.Name)
		prev, dup := seen[c.Value]
		require.False(t, dup, "code %q declared twice (%s, %s)", c.Value, prev, c.Name)
		seen[c.Value] = c.Name
	}
	for _, want := range []string{"timeout", "internal", "stale_ref", "canceled", "connect_failed", "result_too_large", "page_unstable"} {
		require.Contains(t, seen, want)
	}
}
