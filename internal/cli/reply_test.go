package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// ReadReply reads any line as json.Unmarshal reads it into a Reply, and
// fails as it fails.
func FuzzReadReply(f *testing.F) {
	for _, s := range []string{
		`{"exit":0,"response":{"value":2,"type":"number","engine":"isolated"}}`,
		` { "exit" : 1 , "fault" : {"code":"stale_ref","message":"m","next":"take a new snapshot"}, "trimmed" : null } `,
		`{"exit":0,"response":{"a":"}\"]{"},"trimmed":{"fields":["a"],"size":9,"cap":8,"message":"x"},"replace":true}`,
		`{"exit":2,"replace":false,"response":null}`, `{"exit":"x"}`, `{"exit":1.5}`, `{"exit":1e2}`, `{"exit":99999999999999999999}`,
		`{"Exit":1}`, `{"exit":1,"exit":2}`, `{"\u0065xit":1}`, `{"other":1,"exit":1}`, `{"replace":null}`, `{"replace":"true"}`,
		`{"fault":{"code":1}}`, `{"trimmed":[]}`, `{"response":[1,{"x":[]}],"exit":-0}`, `null`, `[]`, `{}`, ``, `{`, `{"exit":1}x`,
		"{\"exit\":0}\n", `{"response":"\u2028"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want Reply
		wantErr := json.Unmarshal([]byte(s), &want)
		got, err := ReadReply([]byte(s))
		if wantErr != nil {
			require.EqualError(t, err, wantErr.Error(), "%q", s)
			return
		}
		require.NoError(t, err, "%q", s)
		require.Equal(t, want, got, "%q", s)
	})
}

// A reply as a daemon writes it is read without encoding/json's decoder.
func TestReadReplyReadsDaemonRepliesItself(t *testing.T) {
	for _, rep := range []Reply{
		{Response: json.RawMessage(`{"value":2,"type":"number","engine":"isolated"}`)},
		{Exit: ExitAction, Fault: &request.Fault{Code: events.CodeStaleRef, Message: "m <&>", Next: events.StepSnapshot}},
		{Response: json.RawMessage(`{"text":"a…"}`), Trimmed: &Trimmed{Fields: []string{"text"}, Size: 9, Cap: 8, Message: "x"}},
		{Exit: ExitUsage, Replace: true},
	} {
		b, err := request.Marshal(rep)
		require.NoError(t, err)
		got, ok := leanReply(b)
		require.True(t, ok, "%s", b)
		require.Equal(t, rep, got, "%s", b)
	}
}

// validJSON says what json.Valid says.
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,-0,2.5e-3,1E+2,true,false,null,{},[]],"b":{"c":"d"}}`, ` "x" `, `1`, `-`, `01`, `1.`, `.5`, `1e`, `1e+`, `tru`, `nul`,
		`{"a":1,}`, `[1,]`, `{"a"}`, `{"a":}`, `{"a" 1}`, `[1 2]`, "\"\x01\"", `"\x"`, `"\'"`, `"\u12G4"`, `"\u12"`, `"\"`, "\"\xff\"",
		`{} {}`, ``, ` `, `[`, `]`, `{`, `}`, `"\/\b\f\n\r\t\\\""`, strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), `{"a":{"b":[{"c":"\ud800"}]}}`, "\ufeff1", "1\x00",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validJSON([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Fatalf("%q: validJSON %v, json.Valid %v", s, got, want)
		}
	})
}
