package mcpserver_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// lines is what LineReader should give for data: each line's content
// without its "\n" or "\r\n", or nil for one longer than max.
func lines(data []byte, max int) [][]byte {
	var out [][]byte
	segs := bytes.Split(data, []byte("\n"))
	for i, seg := range segs {
		if i == len(segs)-1 && len(seg) == 0 {
			break // nothing after the last newline
		}
		seg = bytes.TrimSuffix(seg, []byte("\r"))
		if len(seg) > max {
			out = append(out, nil)
			continue
		}
		out = append(out, append([]byte{}, seg...))
	}
	return out
}

func readAll(t testing.TB, data []byte, max int) [][]byte {
	lr := mcpserver.NewLineReader(bytes.NewReader(data), max)
	var out [][]byte
	for {
		l, err := lr.Next()
		switch {
		case errors.Is(err, io.EOF):
			return out
		case errors.Is(err, mcpserver.ErrLineTooLong):
			out = append(out, nil)
		case err != nil:
			t.Fatalf("%q: %v", data, err)
		default:
			out = append(out, append([]byte{}, l...))
		}
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // over the reader's buffer
	for _, data := range []string{
		"", "\n", "a", "a\nb", "a\nb\n", "a\r\nb\r\n", "\r\n\r\n", "a\r\r\n",
		"12345\n123456\n1234\n", long + "\nok\n", "ok\n" + long, "x\r",
	} {
		require.Equal(t, lines([]byte(data), 5<<10), readAll(t, []byte(data), 5<<10), "%.40q", data)
		require.Equal(t, lines([]byte(data), 5), readAll(t, []byte(data), 5), "%.40q", data)
	}
}

func FuzzLineReader(f *testing.F) {
	for _, s := range []string{"", "\n", "abc\ndef", "abcdefghij\nk\r\n", "\r\r\n\n", `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"} {
		f.Add([]byte(s), uint8(4))
	}
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		m := int(max) + 1
		require.Equal(t, lines(data, m), readAll(t, data, m))
		// Every line is either handed on or answered, never both, and an
		// answer is one JSON-RPC error object.
		for _, l := range lines(data, m) {
			msg, reply := mcpserver.Classify(l)
			if msg != nil && reply != nil {
				t.Fatalf("%q: both a message and a reply", l)
			}
			if reply != nil {
				var r struct {
					JSONRPC string          `json:"jsonrpc"`
					ID      json.RawMessage `json:"id"`
					Error   struct{ Code int }
				}
				require.NoError(t, json.Unmarshal(reply, &r), "%s", reply)
				require.Equal(t, "2.0", r.JSONRPC)
				require.NotNil(t, r.ID, "%s", reply)
				require.Contains(t, []int{-32700, -32600}, r.Error.Code)
			}
		}
	})
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		line string
		code int    // 0: a message
		id   string // the reply's id
	}{
		{`{oops`, -32700, "null"},
		{`not json at all`, -32700, "null"},
		{`[]`, -32600, "null"},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600, "null"},
		{`{"jsonrpc":"1.0","id":3,"method":"ping"}`, -32600, "3"},
		{`{"id":4}`, -32600, "4"},
		{`{"jsonrpc":"2.0","id":5}`, -32600, "5"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":"s","method":""}`, -32600, `"s"`},
		{`"a string"`, -32600, "null"},
		{`42`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":6,"result":{},"error":{"code":1,"message":"x"}}`, -32600, "6"},
		{`{"jsonrpc":"2.0","id":7,"method":"ping"}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, ""},
		{`{"jsonrpc":"2.0","id":8,"result":{}}`, 0, ""},
	} {
		msg, reply := mcpserver.Classify([]byte(tc.line))
		if tc.code == 0 {
			require.NotNil(t, msg, tc.line)
			require.Nil(t, reply, tc.line)
			continue
		}
		require.Nil(t, msg, tc.line)
		var r struct {
			ID    json.RawMessage
			Error struct {
				Code    int
				Message string
			}
		}
		require.NoError(t, json.Unmarshal(reply, &r), "%s", reply)
		require.Equal(t, tc.code, r.Error.Code, tc.line)
		require.Equal(t, tc.id, string(r.ID), tc.line)
		require.NotEmpty(t, r.Error.Message)
	}
	msg, reply := mcpserver.Classify([]byte("  \t "))
	require.Nil(t, msg)
	require.Nil(t, reply)
}
