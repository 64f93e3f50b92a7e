package httpheader_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/httpheader"
)

func TestCheck(t *testing.T) {
	for _, ok := range [][2]string{{"X-Test", "1"}, {"Authorization", "Bearer a b"}, {"Cookie", "a=1"}, {"x!#$%&'*+-.^_`|~9", "é\x01\x7f"}, {"X", ""}} {
		require.NoError(t, httpheader.CheckRequest(ok[0], ok[1]), "%q", ok)
	}
	bad := map[[2]string]string{
		{"", "1"}:                       "needs a name",
		{"X(A", "1"}:                    `"(" is not allowed`,
		{"X A", "1"}:                    "a space is not allowed",
		{"X\x00A", "1"}:                 "a NUL byte is not allowed",
		{"X:A", "1"}:                    `":" is not allowed`,
		{"X-Ä", "1"}:                    "the byte 0xc3",
		{"X-A", "b\r\nSet-Cookie: a=1"}: "carriage return (CR)",
		{"X-A", "b\nSet-Cookie: a=1"}:   "line feed (LF)",
		{"X-A", "b\x00c"}:               "NUL byte",
	}
	for h, want := range bad {
		err := httpheader.Check(h[0], h[1])
		require.ErrorContains(t, err, want, "%q", h)
		require.Error(t, httpheader.CheckRequest(h[0], h[1]))
	}
	for _, name := range []string{"Host", "content-length", "Connection", "Keep-Alive", "TE", "Trailer", "Transfer-Encoding", "Upgrade", "Set-Cookie", "Cookie2", "Proxy-Authorization", "proxy-connection"} {
		require.NoError(t, httpheader.Check(name, "1"), "a response may carry %s", name)
		require.ErrorContains(t, httpheader.CheckRequest(name, "1"), "sets itself", name)
	}
}
