package execctx_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/execctx"
)

func TestMap(t *testing.T) {
	m := execctx.New()
	m.Created("s1", 1, "u1", "F1")
	m.Created("s1", 2, "u2", "F1")
	m.Created("s1", 3, "", "F2")
	m.Created("s2", 1, "x", "G")

	f, ok := m.Frame("s1", 3)
	require.True(t, ok)
	require.Equal(t, "F2", string(f))
	require.Equal(t, int64(2), m.Newest("s1", "F1"))

	m.Destroyed("s1", 0, "u2") // by unique id only
	require.Equal(t, int64(1), m.Newest("s1", "F1"))
	m.Destroyed("s1", 1, "")
	require.Zero(t, m.Newest("s1", "F1"))

	m.Forget("s1")
	_, ok = m.Frame("s1", 3)
	require.False(t, ok)
	_, ok = m.Frame("s2", 1)
	require.True(t, ok, "other sessions are untouched")
}

func TestAux(t *testing.T) {
	f, def, ok := execctx.Aux(json.RawMessage(`{"frameId":"F","isDefault":true,"type":"default"}`))
	require.True(t, ok)
	require.True(t, def)
	require.Equal(t, "F", string(f))
	_, _, ok = execctx.Aux(nil)
	require.False(t, ok)
	_, _, ok = execctx.Aux(json.RawMessage(`{"isDefault":true}`))
	require.False(t, ok)
}
