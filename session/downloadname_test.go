package session_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/session"
)

func TestSafeDownloadName(t *testing.T) {
	long := strings.Repeat("é", 150) + ".pdf"
	cases := map[string]string{
		"report.csv":          "report.csv",
		"../../etc/passwd":    "passwd",
		`..\..\boot.ini`:      "boot.ini",
		"/etc/shadow":         "shadow",
		"..":                  "download",
		".":                   "download",
		"":                    "download",
		".bashrc":             "bashrc",
		"...hidden. ":         "hidden",
		"CON":                 "_CON",
		"con.txt":             "_con.txt",
		"LPT9.tar.gz":         "_LPT9.tar.gz",
		"console.txt":         "console.txt",
		"a\x00b\x1bc\x7f.txt": "a_b_c_.txt",
		`what?<>:"|*.txt`:     "what_______.txt",
		"naïve résumé.pdf":    "naïve résumé.pdf",
		"\xff\xfe.bin":        "__.bin",
	}
	for in, want := range cases {
		require.Equal(t, want, session.SafeDownloadName(in), "input %q", in)
	}
	got := session.SafeDownloadName(long)
	require.LessOrEqual(t, len(got), 200)
	require.True(t, strings.HasSuffix(got, ".pdf"), got)
	require.True(t, strings.HasPrefix(long, strings.TrimSuffix(got, ".pdf")), "cut at a character boundary: %q", got)
}
