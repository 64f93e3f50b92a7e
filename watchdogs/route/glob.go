package route

import (
	"fmt"
	"regexp"
	"strings"
)

// compile turns a route's glob into the regular expression that decides
// whether it matches a URL, and into the wider pattern Chrome pauses
// requests by (Fetch's urlPattern, where * matches anything and ? one
// character).
func compile(glob string) (*regexp.Regexp, string, error) {
	if glob == "" {
		return nil, "", fmt.Errorf("the pattern is empty: give a glob such as **/api/*")
	}
	for _, r := range glob {
		if r <= ' ' || r == 0x7f {
			return nil, "", fmt.Errorf("the pattern %q holds white space or a control character", glob)
		}
	}
	if !strings.HasPrefix(glob, "*") && !hasScheme(glob) {
		return nil, "", fmt.Errorf("the pattern %q matches whole URLs, so it must start with * or a scheme (such as **%s or https://...)",
			glob, "/"+strings.TrimPrefix(glob, "/"))
	}
	var re, cdp strings.Builder
	re.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			if i+1 < len(glob) && glob[i+1] == '*' {
				for i+1 < len(glob) && glob[i+1] == '*' {
					i++
				}
				re.WriteString(".*")
			} else {
				re.WriteString("[^/]*")
			}
			cdp.WriteByte('*')
		case '?', '\\':
			re.WriteString(regexp.QuoteMeta(string(c)))
			cdp.WriteByte('\\')
			cdp.WriteByte(c)
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
			cdp.WriteByte(c)
		}
	}
	re.WriteString("$")
	return regexp.MustCompile(re.String()), cdp.String(), nil
}

// hasScheme reports whether s starts with a URL scheme and ":".
func hasScheme(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	for j, c := range s[:i] {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case j > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}
