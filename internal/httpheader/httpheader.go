// Package httpheader checks HTTP headers as Chromium checks them, before
// they reach the browser: a name must be an RFC 7230 token, a value must
// hold no NUL, CR or LF, and a request may not set the headers Chromium
// keeps for itself. A header that fails here would otherwise be sent on
// (CR/LF: a second header injected), fail every later load, or make the
// browser drop the request without a word.
package httpheader

import (
	"fmt"
	"strings"
)

// Check checks a header's name and value, for a request or a response.
func Check(name, value string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	return CheckValue(name, value)
}

// CheckName checks that name is a token: one or more of the letters,
// digits and !#$%&'*+-.^_`|~.
func CheckName(name string) error {
	if name == "" {
		return fmt.Errorf("a header needs a name")
	}
	for i := 0; i < len(name); i++ {
		if !isTokenChar(name[i]) {
			return fmt.Errorf("header name %q: %s is not allowed in a header name (letters, digits and !#$%%&'*+-.^_`|~ only)", name, describeByte(name[i]))
		}
	}
	return nil
}

// CheckValue checks that a header's value holds no NUL, CR or LF: a line
// break would end the header and start another.
func CheckValue(name, value string) error {
	if i := strings.IndexAny(value, "\r\n\x00"); i >= 0 {
		return fmt.Errorf("header %s: its value holds %s, which a header value cannot hold (a line break would end the header and start another)", name, describeByte(value[i]))
	}
	return nil
}

// CheckRequest checks a header an agent adds to the browser's requests:
// Check, and not one of the headers Chromium sets itself and refuses from
// anyone else (Host, Content-Length, Connection, Keep-Alive, TE, Trailer,
// Transfer-Encoding, Upgrade, Set-Cookie, Cookie2, Proxy-*); with one of
// those set, every load fails with net::ERR_INVALID_ARGUMENT (measured
// with Chromium 156 and Network.setExtraHTTPHeaders).
func CheckRequest(name, value string) error {
	if err := Check(name, value); err != nil {
		return err
	}
	if Forbidden(name) {
		return fmt.Errorf("header %s is one the browser sets itself and refuses from anyone else (every load would fail); leave it out", name)
	}
	return nil
}

// forbidden are the request headers Chromium refuses to take from a
// client, lower case.
var forbidden = map[string]bool{
	"host": true, "content-length": true, "connection": true, "keep-alive": true, "te": true,
	"trailer": true, "transfer-encoding": true, "upgrade": true, "set-cookie": true, "cookie2": true,
}

// Forbidden reports whether name is a request header Chromium refuses to
// take from a client.
func Forbidden(name string) bool {
	l := strings.ToLower(name)
	return forbidden[l] || strings.HasPrefix(l, "proxy-")
}

func isTokenChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// describeByte names a byte for a message: visible ones quoted, others by
// name or code.
func describeByte(c byte) string {
	switch c {
	case '\r':
		return "a carriage return (CR)"
	case '\n':
		return "a line feed (LF)"
	case 0:
		return "a NUL byte"
	case ' ':
		return "a space"
	case '\t':
		return "a tab"
	}
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("the byte 0x%02x", c)
	}
	return fmt.Sprintf("%q", string(c))
}

// SplitLine reads a "Name: value" header line as a command line gives it:
// spaces and tabs around the name and the value are trimmed (a CR or LF
// stays in the value, and is refused there rather than sent on), and the
// header is checked (Check). An error never shows the value.
func SplitLine(l string) (name, value string, err error) {
	name, value, ok := strings.Cut(l, ":")
	name = strings.Trim(name, " \t")
	if !ok || name == "" {
		return "", "", fmt.Errorf("header %q: want 'Name: value'", redactLine(l))
	}
	value = strings.Trim(value, " \t")
	if err := Check(name, value); err != nil {
		return "", "", err
	}
	return name, value, nil
}

// redactLine keeps a header line's name and hides its value; a line
// without a colon is cut to its first four bytes.
func redactLine(l string) string {
	if name, _, ok := strings.Cut(l, ":"); ok {
		return name + ": REDACTED"
	}
	if len(l) > 8 {
		return l[:4] + "..."
	}
	return "REDACTED"
}
