package main

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The thin client speaks its one request and reads its one reply without
// encoding/json: that package (and reflect behind it) is most of what the
// client would initialise and page in before main, on every command. The
// request is {"argv":[...],"exe":"..."}; of the reply it reads exit, argv,
// fallback, stdout and stderr and skips the rest. FuzzWire holds both to
// encoding/json's reading of the same bytes.

// maxReplyBytes bounds one reply line (the daemon caps a command's output
// well below it).
const maxReplyBytes = 1 << 30

// errNotJSON is the error of a reply that is not the JSON object expected.
var errNotJSON = errors.New("the reply is not a JSON object")

// reply is the part of the daemon's answer the thin client reads.
type reply struct {
	Exit     int
	Argv     bool
	Stdout   string
	Stderr   string
	Fallback bool
}

// encodeRequest is the request line for a command line and the identity
// of the full binary (empty: none).
func encodeRequest(args []string, exe string) []byte {
	b := append(make([]byte, 0, 64), `{"argv":[`...)
	for i, a := range args {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, a)
	}
	b = append(b, ']')
	if exe != "" {
		b = append(b, `,"exe":`...)
		b = appendString(b, exe)
	}
	return append(b, "}\n"...)
}

// appendString appends s as a JSON string; bytes that are not UTF-8 become
// U+FFFD, as encoding/json writes them.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}

// readReply reads the reply line: io.EOF when the daemon closed without a
// byte, io.ErrUnexpectedEOF when it closed inside the line. Its buffer
// starts at a page and doubles: most replies are a few hundred bytes, and a
// fresh process pays for every page it touches.
func readReply(r io.Reader) (reply, error) {
	line := make([]byte, 0, 4096)
	for {
		if len(line) == cap(line) {
			if len(line) > maxReplyBytes {
				return reply{}, errors.New("the reply is too long")
			}
			line = slices.Grow(line, len(line))
		}
		n, err := r.Read(line[len(line):cap(line)])
		if i := bytes.IndexByte(line[len(line):len(line)+n], '\n'); i >= 0 {
			return parseReply(line[:len(line)+i+1])
		}
		line = line[:len(line)+n]
		switch {
		case err == nil:
		case errors.Is(err, io.EOF):
			if len(line) == 0 {
				return reply{}, io.EOF
			}
			if rep, perr := parseReply(line); perr == nil {
				return rep, nil
			}
			return reply{}, io.ErrUnexpectedEOF
		default:
			return reply{}, err
		}
	}
}

// parseReply reads the fields the client needs from one JSON object,
// skipping every other one; the last of duplicate keys wins.
func parseReply(b []byte) (reply, error) {
	p := parser{b: b}
	var rep reply
	p.ws()
	if !p.eat('{') {
		return rep, errNotJSON
	}
	p.ws()
	if p.eat('}') {
		return rep, p.end()
	}
	for {
		p.ws()
		key, ok := p.str()
		if !ok {
			return rep, errNotJSON
		}
		p.ws()
		if !p.eat(':') {
			return rep, errNotJSON
		}
		p.ws()
		switch key {
		case "exit":
			if p.null() {
				break
			}
			n, ok := p.num()
			if !ok {
				return rep, errNotJSON
			}
			exit, err := strconv.Atoi(n)
			if err != nil {
				return rep, errNotJSON
			}
			rep.Exit = exit
		case "argv", "fallback":
			if p.null() {
				break
			}
			v, ok := p.boolean()
			if !ok {
				return rep, errNotJSON
			}
			if key == "argv" {
				rep.Argv = v
			} else {
				rep.Fallback = v
			}
		case "stdout", "stderr":
			if p.null() {
				break
			}
			v, ok := p.str()
			if !ok {
				return rep, errNotJSON
			}
			if key == "stdout" {
				rep.Stdout = v
			} else {
				rep.Stderr = v
			}
		default:
			if !p.skip(0) {
				return rep, errNotJSON
			}
		}
		p.ws()
		if p.eat(',') {
			continue
		}
		if p.eat('}') {
			return rep, p.end()
		}
		return rep, errNotJSON
	}
}

// parser reads JSON text in b from i.
type parser struct {
	b []byte
	i int
}

func (p *parser) ws() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *parser) eat(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// end accepts only white space after the object.
func (p *parser) end() error {
	p.ws()
	if p.i != len(p.b) {
		return errNotJSON
	}
	return nil
}

func (p *parser) lit(s string) bool {
	if len(p.b)-p.i >= len(s) && string(p.b[p.i:p.i+len(s)]) == s {
		p.i += len(s)
		return true
	}
	return false
}

func (p *parser) null() bool { return p.lit("null") }

func (p *parser) boolean() (bool, bool) {
	switch {
	case p.lit("true"):
		return true, true
	case p.lit("false"):
		return false, true
	}
	return false, false
}

// num reads a JSON number and returns its text.
func (p *parser) num() (string, bool) {
	start := p.i
	p.eat('-')
	digits := func() int {
		n := 0
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	switch {
	case p.eat('0'):
	case digits() == 0:
		return "", false
	}
	if p.eat('.') && digits() == 0 {
		return "", false
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if !p.eat('+') {
			p.eat('-')
		}
		if digits() == 0 {
			return "", false
		}
	}
	return string(p.b[start:p.i]), true
}

// str reads a JSON string: escapes decoded, a lone surrogate and bytes
// that are not UTF-8 made U+FFFD, as encoding/json reads them.
func (p *parser) str() (string, bool) {
	if !p.eat('"') {
		return "", false
	}
	var out []byte
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return string(out), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if p.i+1 >= len(p.b) {
				return "", false
			}
			e := p.b[p.i+1]
			p.i += 2
			switch e {
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
				r, ok := p.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) {
					save := p.i
					if p.lit(`\u`) {
						if r2, ok := p.hex4(); ok {
							if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
								out = utf8.AppendRune(out, d)
								continue
							}
						}
					}
					p.i = save
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", false
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			p.i++
		default:
			r, n := utf8.DecodeRune(p.b[p.i:])
			if r == utf8.RuneError && n == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, p.b[p.i:p.i+n]...)
			}
			p.i += n
		}
	}
	return "", false
}

func (p *parser) hex4() (rune, bool) {
	if len(p.b)-p.i < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(v), true
}

// skip reads past one JSON value of any kind.
func (p *parser) skip(depth int) bool {
	if depth > 256 || p.i >= len(p.b) {
		return false
	}
	switch c := p.b[p.i]; {
	case c == '"':
		_, ok := p.str()
		return ok
	case c == '{' || c == '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		p.i++
		p.ws()
		if p.eat(closer) {
			return true
		}
		for {
			p.ws()
			if c == '{' {
				if _, ok := p.str(); !ok {
					return false
				}
				p.ws()
				if !p.eat(':') {
					return false
				}
				p.ws()
			}
			if !p.skip(depth + 1) {
				return false
			}
			p.ws()
			if p.eat(',') {
				continue
			}
			return p.eat(closer)
		}
	case c == 't' || c == 'f':
		_, ok := p.boolean()
		return ok
	case c == 'n':
		return p.null()
	default:
		_, ok := p.num()
		return ok
	}
}
