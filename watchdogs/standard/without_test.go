package standard_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/watchdogs/console"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func TestWithoutLeavesOutTheNamedWatchdogs(t *testing.T) {
	all, err := standard.NewManagerFrom(standard.Module)
	require.NoError(t, err)
	some, err := standard.NewManagerFrom(standard.Without(network.Name, console.Name))
	require.NoError(t, err)
	assert.Contains(t, all.Names(), network.Name)
	assert.Contains(t, all.Names(), console.Name)
	assert.NotContains(t, some.Names(), network.Name)
	assert.NotContains(t, some.Names(), console.Name)
	assert.Contains(t, some.Names(), defaultaction.Name)
	assert.Len(t, some.Names(), len(all.Names())-2)
}

func TestWithoutRefusesOtherNames(t *testing.T) {
	for _, name := range []string{defaultaction.Name, "nope"} {
		_, err := standard.NewManagerFrom(standard.Without(name))
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), `"`+name+`"`)
		assert.Contains(t, err.Error(), "console, network, route, emulation, initscript, perf and record")
	}
}
