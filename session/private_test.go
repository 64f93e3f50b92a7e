package session_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestProfileDirIsPrivate: a launched browser's profile (cookies, history)
// is readable by its owner only.
func TestProfileDirIsPrivate(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	p, err := session.Launch(ctx, session.LaunchConfig{Path: chrome})
	require.NoError(t, err)
	defer p.Close()
	fi, err := os.Stat(p.DataDir())
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
}
