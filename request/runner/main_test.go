package runner_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }
