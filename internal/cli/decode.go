package cli

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeObject reads b, a JSON object, as json.Unmarshal reads it into a
// map[string]any: objects as map[string]any, arrays as []any, numbers as
// float64. It checks b as it reads it, and ok is false for anything that
// is not a valid object, and for what it leaves to json.Unmarshal (a
// number beyond float64, nesting deeper than maxDecodeDepth), which then
// says what is wrong. encoding/json would scan b twice and allocate per
// value through reflect; a response is read once per process, and the
// printing needs all of it.
func decodeObject(b []byte) (m map[string]any, ok bool) {
	d := anyDecoder{b: b}
	d.space()
	if d.i >= len(d.b) || d.b[d.i] != '{' {
		return nil, false
	}
	m, ok = d.object()
	if !ok {
		return nil, false
	}
	d.space()
	return m, d.i == len(d.b)
}

// maxDecodeDepth bounds the nesting decodeObject reads.
const maxDecodeDepth = 1000

// anyDecoder reads JSON values from b, from i on.
type anyDecoder struct {
	b     []byte
	i     int
	depth int
}

// space skips JSON white space.
func (d *anyDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value reads the value at i.
func (d *anyDecoder) value() (any, bool) {
	if d.i >= len(d.b) {
		return nil, false
	}
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		return d.str()
	case c == '-' || '0' <= c && c <= '9':
		return d.number()
	}
	for _, lit := range [...]struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(d.b)-d.i >= len(lit.text) && string(d.b[d.i:d.i+len(lit.text)]) == lit.text {
			d.i += len(lit.text)
			return lit.v, true
		}
	}
	return nil, false
}

// object reads the object at i, its opening brace.
func (d *anyDecoder) object() (map[string]any, bool) {
	if d.depth++; d.depth > maxDecodeDepth {
		return nil, false
	}
	defer func() { d.depth-- }()
	m := make(map[string]any)
	d.i++
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return m, true
	}
	for {
		if d.i >= len(d.b) || d.b[d.i] != '"' {
			return nil, false
		}
		k, ok := d.str()
		if !ok {
			return nil, false
		}
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != ':' {
			return nil, false
		}
		d.i++
		d.space()
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		m[k] = v
		d.space()
		if d.i >= len(d.b) {
			return nil, false
		}
		switch d.b[d.i] {
		case ',':
			d.i++
			d.space()
		case '}':
			d.i++
			return m, true
		default:
			return nil, false
		}
	}
}

// array reads the array at i, its opening bracket.
func (d *anyDecoder) array() ([]any, bool) {
	if d.depth++; d.depth > maxDecodeDepth {
		return nil, false
	}
	defer func() { d.depth-- }()
	a := make([]any, 0)
	d.i++
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return a, true
	}
	for {
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		a = append(a, v)
		d.space()
		if d.i >= len(d.b) {
			return nil, false
		}
		switch d.b[d.i] {
		case ',':
			d.i++
			d.space()
		case ']':
			d.i++
			return a, true
		default:
			return nil, false
		}
	}
}

// number reads the number at i, as encoding/json reads one into an
// interface: a float64.
func (d *anyDecoder) number() (any, bool) {
	end, ok := scanNumber(d.b, d.i)
	if !ok {
		return nil, false
	}
	f, err := strconv.ParseFloat(string(d.b[d.i:end]), 64)
	if err != nil {
		return nil, false
	}
	d.i = end
	return f, true
}

// scanNumber is the index past the JSON number of b at i, and whether
// there is one (JSON's grammar: no leading zeros, digits after a point
// and in an exponent).
func scanNumber(b []byte, i int) (int, bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = digits(b, i)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		if i = digits(b, i+1); b[i-1] == '.' {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		at := i
		if i = digits(b, i); i == at {
			return i, false
		}
	}
	return i, true
}

// digits is the index past the decimal digits of b from i.
func digits(b []byte, i int) int {
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	return i
}

// str reads the string at i, its opening quote, as encoding/json
// unquotes one: bytes that are not UTF-8, and lone surrogates, become
// U+FFFD.
func (d *anyDecoder) str() (string, bool) {
	b := d.b
	start := d.i + 1
	i := start
	for i < len(b) {
		c := b[i]
		if c == '"' {
			d.i = i + 1
			return string(b[start:i]), true
		}
		if c == '\\' || c < ' ' {
			break
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	return d.unquote(start, i)
}

// unquote reads the rest of a string that holds escapes or bytes that are
// not UTF-8: b[start:i] is read already, as it is.
func (d *anyDecoder) unquote(start, i int) (string, bool) {
	b := d.b
	out := make([]byte, 0, i-start+16)
	out = append(out, b[start:i]...)
	for i < len(b) {
		switch c := b[i]; {
		case c == '"':
			d.i = i + 1
			return string(out), true
		case c < ' ':
			return "", false
		case c == '\\':
			if i+1 >= len(b) {
				return "", false
			}
			switch e := b[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(b[i+2:])
				if r < 0 {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if r2 := hex4pair(b[i:]); r2 >= 0 {
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							i += 6
							out = utf8.AppendRune(out, dec)
							continue
						}
					}
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
				continue
			default:
				return "", false
			}
			i += 2
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			out = utf8.AppendRune(out, r)
			i += size
		}
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape, or -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// hex4pair reads a \u escape that may end a surrogate pair, or -1.
func hex4pair(b []byte) rune {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return -1
	}
	return hex4(b[2:])
}
