package cdpmux

import (
	"net/url"
	"strings"
)

// RedactURL returns raw with its secrets hidden, for logs and errors: the
// password of its user info and the value of every query parameter (hosted
// endpoints carry tokens there, as in ?token=...). A URL that does not parse
// is cut at its first '?' or '@'.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		if i := strings.IndexAny(raw, "?@"); i >= 0 {
			return raw[:i] + "?REDACTED"
		}
		return raw
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "REDACTED")
		}
	}
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			q[k] = []string{"REDACTED"}
		}
		u.RawQuery = q.Encode()
	}
	return u.String()
}
