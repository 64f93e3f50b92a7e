package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// decodeObject reads what json.Unmarshal reads into a map, the same, and
// nothing it refuses.
func FuzzDecodeObject(f *testing.F) {
	for _, s := range []string{
		`{"value":2,"type":"number","engine":"isolated"}`, ` {"a" : [1, -0, 2.5e-3, 1E+2, true, false, null, {}, []], "b": {"c": "d"}} `,
		`{"s":"a\"b\\c\/\b\f\n\r\t\u00e9\u2028\ud83d\ude00\ud800\udc00\ud800x\udc00\ud800\u0041"}`, "{\"bad\":\"\xff\xfe\xc3\"}",
		`{"k":"v","k":"w"}`, `{"n":1e400}`, `{"n":01}`, `{"n":1.}`, `{"n":.5}`, `{"n":-}`, `{"n":1e}`, `{"x":tru}`, `{"x":nul}`,
		`{"a":1,}`, `{,}`, `{"a"}`, `{"a":}`, `[1]`, `"x"`, `null`, ``, `{}x`, `{} `, "{\"c\":\"\x01\"}", `{"e":"\x"}`, `{"e":"\'"}`,
		`{"u":"\u12G4"}`, `{"u":"\ud800\u12G4"}`, `{"t":"` + strings.Repeat("x", 100) + `\n"}`, "\ufeff{}", `{"a":[1,2,]}`, `{"a":[,]}`,
		`{"d":` + strings.Repeat("[", 1200) + strings.Repeat("]", 1200) + `}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := decodeObject([]byte(s))
		want := map[string]any{}
		err := json.Unmarshal([]byte(s), &want)
		if !ok {
			// Of the objects encoding/json reads, only nesting beyond
			// maxDecodeDepth is left to it.
			object := strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "{")
			if err == nil && object && strings.Count(s, "[")+strings.Count(s, "{") <= maxDecodeDepth {
				t.Fatalf("%q: left to encoding/json, which reads it", s)
			}
			return
		}
		require.NoError(t, err, "%q: read, where encoding/json refuses it", s)
		require.Equal(t, want, got, "%q", s)
	})
}

// A response as a daemon writes it is read by decodeObject itself.
func TestDecodeObjectReadsResponses(t *testing.T) {
	for _, s := range []string{
		`{"value":2,"type":"number","engine":"isolated"}`,
		`{"tab_id":"T","title":"<t> \"q\"","url":"u","snapshot":"- heading \"Hi\" [ref=e1]\n","refs":{"e1":{"role":"heading","name":"Hi"}},"console":{"errors":0,"warnings":1}}`,
		`{"items":[],"n":-1.5e-7,"ok":null,"s":"\u00e9\ud83d\ude00\ud800"}`,
	} {
		got, ok := decodeObject([]byte(s))
		require.True(t, ok, s)
		want := map[string]any{}
		require.NoError(t, json.Unmarshal([]byte(s), &want))
		require.Equal(t, want, got, s)
	}
}
