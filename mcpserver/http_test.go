package mcpserver_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// The bearer scheme is matched in any case (RFC 9110); the token exactly.
func TestRequireTokenMatchesTheSchemeInAnyCase(t *testing.T) {
	h := mcpserver.RequireToken("s3cret", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}))
	for _, tc := range []struct {
		header string
		want   int
	}{
		{"Bearer s3cret", http.StatusNoContent},
		{"bearer s3cret", http.StatusNoContent},
		{"BEARER s3cret", http.StatusNoContent},
		{"  Bearer   s3cret ", http.StatusNoContent},
		{"Bearer S3CRET", http.StatusUnauthorized},
		{"Bearer s3cret2", http.StatusUnauthorized},
		{"Basic s3cret", http.StatusUnauthorized},
		{"s3cret", http.StatusUnauthorized},
		{"Bearer", http.StatusUnauthorized},
		{"", http.StatusUnauthorized},
	} {
		r := httptest.NewRequest(http.MethodPost, "/", nil)
		if tc.header != "" {
			r.Header.Set("Authorization", tc.header)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, tc.want, w.Code, "%q", tc.header)
		if tc.want == http.StatusUnauthorized {
			require.Contains(t, w.Header().Get("WWW-Authenticate"), "Bearer")
		}
	}
	// No token: no check.
	open := mcpserver.RequireToken("", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	w := httptest.NewRecorder()
	open.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", nil))
	require.Equal(t, http.StatusNoContent, w.Code)
}
