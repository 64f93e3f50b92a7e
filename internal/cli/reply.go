package cli

import (
	"encoding/json"
	"strconv"

	"github.com/agentbrowser/agentbrowser/request"
)

// ReadReply reads a daemon's reply line as json.Unmarshal reads it into a
// Reply, and fails as it fails. A reply as daemons write it (exit, the
// response, maybe its fault, trim note and replace flag, each once) is
// checked (validJSON) and read without encoding/json's decoder, which
// would build its codec for the reply's fields first: the thin client
// reads one reply per process. Anything else is left to json.Unmarshal.
func ReadReply(b []byte) (Reply, error) {
	if validJSON(b) {
		if r, ok := leanReply(b); ok {
			return r, nil
		}
	}
	var r Reply
	err := json.Unmarshal(b, &r)
	return r, err
}

// leanReply reads b, valid JSON, when it is an object of Reply's keys, as
// they are spelt, each once, and exit an integer and replace a boolean;
// ok is false for anything else. The response, fault and trim note are
// slices of b.
func leanReply(b []byte) (r Reply, ok bool) {
	var trimmed, fault []byte
	var seen [5]bool
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return Reply{}, false
	}
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] != '}' {
		if b[i] == ',' {
			i = skipSpace(b, i+1)
		}
		// A key without escapes (valid JSON: i is at its quote).
		end := skipString(b, i)
		key := b[i+1 : end-1]
		for _, c := range key {
			if c == '\\' {
				return Reply{}, false
			}
		}
		i = skipSpace(b, end)
		i = skipSpace(b, i+1) // past ':'
		end = skipValue(b, i)
		v := b[i:end]
		i = skipSpace(b, end)
		k := -1
		switch string(key) {
		case "exit":
			n, err := strconv.ParseInt(string(v), 10, 64)
			if err != nil || int64(int(n)) != n {
				return Reply{}, false
			}
			k, r.Exit = 0, int(n)
		case "response":
			k, r.Response = 1, v
		case "trimmed":
			k, trimmed = 2, v
		case "fault":
			k, fault = 3, v
		case "replace":
			switch string(v) {
			case "true", "false":
				k, r.Replace = 4, string(v) == "true"
			}
		}
		if k < 0 || seen[k] {
			// Another key, another spelling, a value of another
			// type, or a key twice: encoding/json's rules decide.
			return Reply{}, false
		}
		seen[k] = true
	}
	if present(trimmed) {
		r.Trimmed = new(Trimmed)
		if json.Unmarshal(trimmed, r.Trimmed) != nil {
			return Reply{}, false
		}
	}
	if present(fault) {
		r.Fault = new(request.Fault)
		if json.Unmarshal(fault, r.Fault) != nil {
			return Reply{}, false
		}
	}
	return r, true
}

// skipSpace is the index of the first byte of b from i that is not JSON
// white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString is the index past the JSON string of valid JSON b that
// starts at i.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// skipValue is the index past the JSON value of valid JSON b that starts
// at i.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// validJSON reports whether b is one JSON value, as json.Valid does: the
// thin client checks each reply once, and encoding/json's scanner takes a
// call per byte (a snapshot's reply is tens of kilobytes).
func validJSON(b []byte) bool {
	v := jsonScan{b: b}
	v.space()
	if !v.value(0) {
		return false
	}
	v.space()
	return v.i == len(b)
}

// maxNesting is encoding/json's limit on nesting.
const maxNesting = 10000

// jsonScan checks JSON values in b, from i on.
type jsonScan struct {
	b []byte
	i int
}

func (v *jsonScan) space() {
	for v.i < len(v.b) {
		switch v.b[v.i] {
		case ' ', '\t', '\n', '\r':
			v.i++
		default:
			return
		}
	}
}

// value checks the value at i, nested depth deep.
func (v *jsonScan) value(depth int) bool {
	if v.i >= len(v.b) {
		return false
	}
	switch c := v.b[v.i]; {
	case c == '{':
		return v.container(depth, '}')
	case c == '[':
		return v.container(depth, ']')
	case c == '"':
		return v.str()
	case c == '-' || '0' <= c && c <= '9':
		return v.number()
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(v.b)-v.i >= len(lit) && string(v.b[v.i:v.i+len(lit)]) == lit {
			v.i += len(lit)
			return true
		}
	}
	return false
}

// container checks the object or array at i, its opening brace or
// bracket; end closes it.
func (v *jsonScan) container(depth int, end byte) bool {
	if depth++; depth > maxNesting {
		return false
	}
	v.i++
	v.space()
	if v.i < len(v.b) && v.b[v.i] == end {
		v.i++
		return true
	}
	for {
		if end == '}' {
			if v.i >= len(v.b) || v.b[v.i] != '"' || !v.str() {
				return false
			}
			v.space()
			if v.i >= len(v.b) || v.b[v.i] != ':' {
				return false
			}
			v.i++
			v.space()
		}
		if !v.value(depth) {
			return false
		}
		v.space()
		if v.i >= len(v.b) {
			return false
		}
		switch v.b[v.i] {
		case ',':
			v.i++
			v.space()
		case end:
			v.i++
			return true
		default:
			return false
		}
	}
}

// str checks the string at i, its opening quote.
func (v *jsonScan) str() bool {
	b := v.b
	for i := v.i + 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			v.i = i + 1
			return true
		case c < ' ':
			return false
		case c == '\\':
			if i+1 >= len(b) {
				return false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if hex4(b[i+2:]) < 0 {
					return false
				}
				i += 5
			default:
				return false
			}
		}
	}
	return false
}

// number checks the number at i.
func (v *jsonScan) number() bool {
	end, ok := scanNumber(v.b, v.i)
	v.i = end
	return ok
}
