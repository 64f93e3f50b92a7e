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
