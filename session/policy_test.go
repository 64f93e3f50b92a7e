package session_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

func TestNormalizeURL(t *testing.T) {
	for in, want := range map[string]string{
		"example.com":          "http://example.com",
		"localhost:8080/x":     "http://localhost:8080/x",
		"https://a.test/":      "https://a.test/",
		"about:blank":          "about:blank",
		"file:/etc/passwd":     "file:/etc/passwd",
		"JavaScript:alert(1)":  "JavaScript:alert(1)",
		" data:text/html,hi ":  "data:text/html,hi",
		"view-source:http://x": "view-source:http://x",
	} {
		got, err := session.NormalizeURL(in)
		assert.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

func TestCheckNavigation(t *testing.T) {
	def := session.URLPolicy{}
	withFile := session.URLPolicy{AllowSchemes: []string{"FILE", "javascript"}}
	for _, tc := range []struct {
		p    session.URLPolicy
		url  string
		code events.Code // "" allowed
	}{
		{def, "http://a.test/", ""},
		{def, "https://a.test/", ""},
		{def, "a.test", ""},
		{def, "about:blank", ""},
		{def, "about:blank#x", ""},
		{def, "about:version", events.CodeURLNotAllowed},
		{def, "file:///etc/passwd", events.CodeURLNotAllowed},
		{def, "file:/etc/passwd", events.CodeURLNotAllowed},
		{def, "chrome://settings", events.CodeURLNotAllowed},
		{def, "view-source:http://a.test/", events.CodeURLNotAllowed},
		{def, "data:text/html,hi", events.CodeURLNotAllowed},
		{def, "javascript:alert(1)", events.CodeURLNotAllowed},
		{def, "JAVASCRIPT:alert(1)", events.CodeURLNotAllowed},
		{def, "javascript:1", events.CodeURLNotAllowed},
		{def, "localhost:8080", ""},
		{def, "", events.CodeInvalidArgument},
		{withFile, "file:///etc/passwd", ""},
		{withFile, "javascript:alert(1)", events.CodeURLNotAllowed},
		{withFile, "data:text/html,hi", events.CodeURLNotAllowed},
	} {
		err := tc.p.CheckNavigation(tc.url)
		if tc.code == "" {
			assert.NoError(t, err, tc.url)
			continue
		}
		var ce *events.Error
		if assert.ErrorAs(t, err, &ce, tc.url) {
			assert.Equal(t, tc.code, ce.Code, tc.url)
		}
	}
	err := def.CheckNavigation("file:///etc/passwd")
	assert.ErrorContains(t, err, "--allow-scheme file", "the message names the flag")
	assert.ErrorContains(t, def.CheckNavigation("javascript:1+1;"), "eval")
}

func TestCheckOrigin(t *testing.T) {
	p := session.URLPolicy{
		AllowedOrigins: []string{"http://127.0.0.1:8080", "https://*.example.com", "docs.test"},
		BlockedOrigins: []string{"https://evil.example.com"},
	}
	assert.NoError(t, p.Validate())
	for url, ok := range map[string]bool{
		"http://127.0.0.1:8080/x":        true,
		"http://127.0.0.1:8081/x":        false,
		"https://127.0.0.1:8080/x":       false,
		"http://localhost:8080/":         false,
		"https://example.com/":           true,
		"https://a.b.example.com/":       true,
		"http://a.example.com/":          false,
		"https://evil.example.com/":      false,
		"https://notexample.com/":        false,
		"http://docs.test:9999/":         true,
		"https://docs.test/":             true,
		"about:blank":                    true,
		"data:text/html,x":               true,
		"https://example.com.evil.test/": false,
	} {
		err := p.CheckOrigin(url)
		if ok {
			assert.NoError(t, err, url)
		} else {
			assert.ErrorIs(t, err, events.ErrURLNotAllowed, url)
		}
	}
	for _, bad := range []string{"http://a.test/path", "*", "http://*a.test", "1x://a.test", "http://"} {
		assert.Error(t, session.URLPolicy{AllowedOrigins: []string{bad}}.Validate(), bad)
	}
	assert.Error(t, session.URLPolicy{AllowSchemes: []string{"fi le"}}.Validate())
}
