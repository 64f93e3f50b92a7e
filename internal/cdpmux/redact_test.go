package cdpmux_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

func TestRedactURLHidesCredentials(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ws://127.0.0.1:9222/devtools/browser/abc", "ws://127.0.0.1:9222/devtools/browser/abc"},
		{"wss://host/x?token=SECRET", "wss://host/x?token=REDACTED"},
		{"wss://user:SECRET@host/x", "wss://user:REDACTED@host/x"},
		{"wss://host/x?a=1&token=SECRET", "wss://host/x?a=REDACTED&token=REDACTED"},
		{"://bad?token=SECRET", "://bad?REDACTED"},
	} {
		got := cdpmux.RedactURL(tc.in)
		assert.Equal(t, tc.want, got, tc.in)
		assert.NotContains(t, got, "SECRET")
	}
}
