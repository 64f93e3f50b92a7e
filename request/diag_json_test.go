package request_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The diagnostics requests survive their trip over the wire, and their
// checks refuse what is missing.
func TestDiagRequestsRoundTrip(t *testing.T) {
	cpu := 4.0
	for _, q := range []request.Request{
		request.NetworkGet{ID: "1.2", Save: "/tmp/b"}, request.ConsoleGet{ID: "c-1"},
		request.TraceStart{}, request.TraceStop{Path: "/tmp/t.json"}, request.Vitals{},
		request.HARStart{}, request.HARStop{Path: "/tmp/s.har"}, request.RecordStart{}, request.RecordStop{Dir: "/tmp/rec"},
		request.InitScriptAdd{Source: "window.x = 1", Name: "x.js"}, request.InitScriptRemove{ID: "s-1"}, request.InitScripts{},
		request.Set{Network: &events.NetworkConditions{DownloadKbps: 1, UploadKbps: 2, LatencyMS: 3}, CPU: &cpu, ForcedColors: "active", Contrast: "more"},
		request.Set{Network: &events.NetworkConditions{Preset: "slow-3g"}},
	} {
		b, err := request.Marshal(q)
		require.NoError(t, err)
		back, err := request.Decode(q.Command(), b)
		require.NoError(t, err, "%s: %s", q.Command(), b)
		require.Equal(t, q, back, "%s: %s", q.Command(), b)
		require.NoError(t, request.Validate(back), "%s", q.Command())
	}
	bad := 0.5
	for _, q := range []request.Request{
		request.NetworkGet{}, request.ConsoleGet{}, request.InitScriptAdd{}, request.InitScriptRemove{},
		request.Set{Network: &events.NetworkConditions{Preset: "warp"}}, request.Set{CPU: &bad}, request.Set{Contrast: "loud"},
	} {
		require.ErrorIs(t, request.Validate(q), events.ErrInvalidArgument, "%T %+v", q, q)
	}
}
