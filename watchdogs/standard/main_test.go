package standard_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
)

// Tests that need a browser but not a launch of their own share one
// headless Chromium (internal/testkit), each with a session and tab of its
// own; Main also fails the run when a goroutine outlived the tests.
func TestMain(m *testing.M) { testkit.Main(m) }
