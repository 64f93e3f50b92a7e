package cli

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The hand-written request reads back as encoding/json reads its own
// encoding of it, whatever its strings hold.
func FuzzWireRequestJSON(f *testing.F) {
	for _, s := range []string{"eval", "", "a\"b\\c\n\x01\té😀\u2028</script>&", "\xff\xfe", "\u2029x"} {
		f.Add(s, s, 5)
	}
	f.Fuzz(func(t *testing.T, cmd, tab string, ms int) {
		w := WireRequest{Command: cmd, Request: json.RawMessage(`{"expression":"1"}`), TimeoutMS: ms, Tab: tab, Build: tab, Exe: cmd}
		var got, want WireRequest
		require.NoError(t, json.Unmarshal(w.AppendJSON(nil), &got), "%s", w.AppendJSON(nil))
		b, err := json.Marshal(w)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &want))
		require.Equal(t, want, got)
	})
}

// A reply reads its fault and trim note when it has them, and leaves
// them nil when it does not.
func TestReplyReadsWhatItHas(t *testing.T) {
	var r Reply
	require.NoError(t, json.Unmarshal([]byte(`{"exit":0,"response":{"value":1}}`), &r))
	require.Equal(t, Reply{Response: json.RawMessage(`{"value":1}`)}, r)
	require.NoError(t, json.Unmarshal([]byte(`{"exit":1,"fault":{"code":"stale_ref","message":"m","next":"take a new snapshot"},"trimmed":null}`), &r))
	require.Equal(t, Reply{Exit: 1, Fault: &request.Fault{Code: events.CodeStaleRef, Message: "m", Next: events.StepSnapshot}}, r)
	require.NoError(t, json.Unmarshal([]byte(`{"exit":0,"response":{},"trimmed":{"fields":["a"],"size":9,"cap":8,"message":"x"},"replace":true}`), &r))
	require.Equal(t, &Trimmed{Fields: []string{"a"}, Size: 9, Cap: 8, Message: "x"}, r.Trimmed)
	require.True(t, r.Replace)
	require.Error(t, json.Unmarshal([]byte(`{"exit":"x"}`), &r))
	// Encoded by the daemon with encoding/json, read back the same.
	in := Reply{Exit: 1, Fault: &request.Fault{Code: events.CodeTimeout, Message: "late"}, Replace: true}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	var back Reply
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, in, back)
}
