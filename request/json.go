package request

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Marshal is json.Marshal without HTML escaping: text for people and
// models keeps its <, > and & as they are ("<p>Hi</p>", never
// "\u003cp\u003eHi..."), including inside values whose own MarshalJSON
// escaped them.
func Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return UnescapeHTML(b), nil
}

// UnescapeHTML turns the \u003c, \u003e and \u0026 escapes that
// encoding/json writes for <, > and & back into those characters. b must be
// JSON text; an escaped backslash followed by "u003c" is left alone.
func UnescapeHTML(b []byte) []byte {
	i := bytes.IndexByte(b, '\\')
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	out = append(out, b[:i]...)
	for ; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 >= len(b) {
			out = append(out, c)
			continue
		}
		if b[i+1] == 'u' && i+5 < len(b) && b[i+2] == '0' && b[i+3] == '0' {
			switch string(bytes.ToLower(b[i+4 : i+6])) {
			case "3c":
				out = append(out, '<')
				i += 5
				continue
			case "3e":
				out = append(out, '>')
				i += 5
				continue
			case "26":
				out = append(out, '&')
				i += 5
				continue
			}
		}
		// Any other escape is copied whole, so its second byte is never
		// read as the start of one.
		out = append(out, c, b[i+1])
		i++
	}
	return out
}

// Body is a response as the CLI prints it and a daemon answers it: the
// response's JSON object with "ok":true first.
func Body(v any) ([]byte, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding the response: %w", err)
	}
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("encoding the response: %T is not a JSON object", v)
	}
	inner := bytes.TrimSpace(b[1 : len(b)-1])
	out := make([]byte, 0, len(b)+10)
	out = append(out, `{"ok":true`...)
	if len(inner) > 0 {
		out = append(out, ',')
		out = append(out, inner...)
	}
	return append(out, '}'), nil
}
