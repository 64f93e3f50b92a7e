package request

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"
)

// MarshalRequest is Marshal(q), byte for byte, for a process that sends
// one request and exits (the thin client): encoding/json builds and caches
// a codec for every type it meets before it writes the first byte, which
// such a process pays in full for a single use. This walks q with reflect
// once instead, writing what encoding/json writes. What it does not write
// the same way by itself (a json.Number, a ",string" option, a map whose
// keys are not strings, a name two embedded structs both give, a field
// deeper than four embedded structs, a MarshalJSON that fails or answers
// something that is not JSON, a non-finite float, ...) is left to
// Marshal, which says what is wrong.
func MarshalRequest(q Request) ([]byte, error) { return MarshalValue(q) }

// AppendRequest appends MarshalRequest(q) to b: for a caller that writes
// the request into a buffer it has, such as its wire line.
func AppendRequest(b []byte, q Request) ([]byte, error) {
	e := leanEncoder{buf: b}
	if e.value(reflect.ValueOf(q)) {
		return e.buf, nil
	}
	raw, err := Marshal(q)
	if err != nil {
		return b, err
	}
	return append(b, raw...), nil
}

// MarshalValue is Marshal(v), byte for byte, written as MarshalRequest
// writes a request: for a process that prints one response (the thin
// client), its fields and values as JSON.
func MarshalValue(v any) ([]byte, error) {
	e := leanEncoder{buf: make([]byte, 0, 256)}
	if e.value(reflect.ValueOf(v)) {
		return e.buf, nil
	}
	return Marshal(v)
}

// maxLeanDepth bounds the nesting leanEncoder follows; deeper values (or a
// cycle) are left to encoding/json.
const maxLeanDepth = 64

// leanEncoder writes a value as Marshal does (encoding/json, then the
// HTML escapes undone), without building a codec per type. Each method
// reports false for what it leaves to Marshal.
type leanEncoder struct {
	buf   []byte
	depth int
	// structs are the fields of the struct types met so far, each found
	// once per value written.
	structs []leanStruct
}

type leanStruct struct {
	t      reflect.Type
	fields []leanField
}

// leanField is one field a struct type writes, as encoding/json's
// typeFields finds it.
type leanField struct {
	name string
	// index is the path to the field (Value.Field, from the outer
	// struct in), of depth steps.
	index     [maxFieldDepth]int
	depth     int
	omitEmpty bool
	omitZero  bool
	zero      zeroTest
}

// maxFieldDepth is how deep in embedded structs leanEncoder finds fields;
// deeper ones are left to encoding/json.
const maxFieldDepth = 4

// zeroTest is how an omitzero field is found zero, as encoding/json
// decides it from the field's type.
type zeroTest uint8

const (
	zeroValue         zeroTest = iota // reflect.Value.IsZero
	zeroIfaceMethod                   // an interface type with IsZero
	zeroPointerMethod                 // a pointer type with IsZero
	zeroMethod                        // IsZero on the value
	zeroAddrMethod                    // IsZero on a pointer to the value
)

type isZeroer interface{ IsZero() bool }

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[isZeroer]()
	numberType        = reflect.TypeFor[json.Number]()
	byteType          = reflect.TypeFor[byte]()
)

// value writes v.
func (e *leanEncoder) value(v reflect.Value) bool {
	if !v.IsValid() {
		e.buf = append(e.buf, "null"...)
		return true
	}
	if e.depth >= maxLeanDepth {
		return false
	}
	e.depth++
	ok := e.write(v)
	e.depth--
	return ok
}

// write writes a valid v.
func (e *leanEncoder) write(v reflect.Value) bool {
	t := v.Type()
	if done, ok := e.marshaler(v, t); done {
		return ok
	}
	switch t.Kind() {
	case reflect.Bool:
		e.buf = strconv.AppendBool(e.buf, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf = strconv.AppendInt(e.buf, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.buf = strconv.AppendUint(e.buf, v.Uint(), 10)
	case reflect.Float32:
		return e.float(v.Float(), 32)
	case reflect.Float64:
		return e.float(v.Float(), 64)
	case reflect.String:
		if t == numberType {
			return false
		}
		e.buf = AppendString(e.buf, v.String())
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return true
		}
		return e.value(v.Elem())
	case reflect.Struct:
		return e.structValue(v, t)
	case reflect.Map:
		return e.mapValue(v, t)
	case reflect.Slice:
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return true
		}
		if et := t.Elem(); et.Kind() == reflect.Uint8 && (et == byteType || !marshals(reflect.PointerTo(et))) {
			// Bytes, unless they marshal themselves, are written in
			// base64.
			e.buf = append(e.buf, '"')
			e.buf = base64.StdEncoding.AppendEncode(e.buf, v.Bytes())
			e.buf = append(e.buf, '"')
			return true
		}
		return e.array(v)
	case reflect.Array:
		return e.array(v)
	default:
		return false
	}
	return true
}

// marshals reports whether t has MarshalJSON or MarshalText.
func marshals(t reflect.Type) bool {
	return t.Implements(marshalerType) || t.Implements(textMarshalerType)
}

// mayHaveMethods reports whether *t may have methods: only a named type,
// or a struct that embeds one, has any.
func mayHaveMethods(t reflect.Type) bool {
	if t.Name() != "" {
		return true
	}
	if t.Kind() == reflect.Struct {
		for i := range t.NumField() {
			if t.Field(i).Anonymous {
				return true
			}
		}
	}
	return false
}

// marshaler writes v with its MarshalJSON or MarshalText, in the order
// encoding/json looks for them (a pointer's method on an addressable
// value first); done is false when v has neither.
func (e *leanEncoder) marshaler(v reflect.Value, t reflect.Type) (done, ok bool) {
	if t.Kind() == reflect.Interface {
		// encoding/json calls the method on the interface value itself;
		// leave that to it.
		if t.NumMethod() > 0 && marshals(t) {
			return true, false
		}
		return false, false
	}
	addr := t.Kind() != reflect.Pointer && v.CanAddr() && mayHaveMethods(t)
	var pt reflect.Type
	if addr {
		pt = reflect.PointerTo(t)
	}
	switch {
	case addr && pt.Implements(marshalerType):
		return true, e.marshalJSON(v.Addr())
	case t.NumMethod() > 0 && t.Implements(marshalerType):
		return true, e.marshalJSON(v)
	case addr && pt.Implements(textMarshalerType):
		return true, e.marshalText(v.Addr())
	case t.NumMethod() > 0 && t.Implements(textMarshalerType):
		return true, e.marshalText(v)
	}
	return false, false
}

// marshalJSON writes what v's MarshalJSON answers, compacted, as
// encoding/json does.
func (e *leanEncoder) marshalJSON(v reflect.Value) bool {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.buf = append(e.buf, "null"...)
		return true
	}
	if !v.CanInterface() {
		return false
	}
	m := v.Interface().(json.Marshaler)
	b, err := m.MarshalJSON()
	if err != nil {
		return false
	}
	start := len(e.buf)
	out := bytes.NewBuffer(e.buf)
	if json.Compact(out, b) != nil {
		return false
	}
	e.buf = out.Bytes()
	if chunk := e.buf[start:]; bytes.IndexByte(chunk, '\\') >= 0 || bytes.IndexByte(chunk, 0xE2) >= 0 {
		// encoding/json escapes U+2028 and U+2029 (and <, > and &,
		// which Marshal unescapes, with any the method wrote itself).
		e.buf = append(e.buf[:start], UnescapeHTML(escapeLineSeparators(chunk))...)
	}
	return true
}

// escapeLineSeparators writes U+2028 and U+2029 in b as \u2028 and
// \u2029.
func escapeLineSeparators(b []byte) []byte {
	if !bytes.Contains(b, []byte("\u2028")) && !bytes.Contains(b, []byte("\u2029")) {
		return b
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); i++ {
		if b[i] == 0xE2 && i+2 < len(b) && b[i+1] == 0x80 && b[i+2]&^1 == 0xA8 {
			out = append(out, `\u202`...)
			out = append(out, "89"[b[i+2]&1])
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// marshalText writes what v's MarshalText answers as a JSON string.
func (e *leanEncoder) marshalText(v reflect.Value) bool {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.buf = append(e.buf, "null"...)
		return true
	}
	if !v.CanInterface() {
		return false
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return false
	}
	e.buf = AppendString(e.buf, string(b))
	return true
}

// float writes f as encoding/json does: the shortest form that reads
// back, in exponent form below 1e-6 and from 1e21.
func (e *leanEncoder) float(f float64, bits int) bool {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b := strconv.AppendFloat(e.buf, f, format, -1, bits)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	e.buf = b
	return true
}

// array writes a slice's or an array's elements.
func (e *leanEncoder) array(v reflect.Value) bool {
	e.buf = append(e.buf, '[')
	for i := range v.Len() {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if !e.value(v.Index(i)) {
			return false
		}
	}
	e.buf = append(e.buf, ']')
	return true
}

// mapValue writes a map with string keys, its keys sorted.
func (e *leanEncoder) mapValue(v reflect.Value, t reflect.Type) bool {
	if v.IsNil() {
		e.buf = append(e.buf, "null"...)
		return true
	}
	if t.Key().Kind() != reflect.String {
		return false
	}
	if m, ok := v.Interface().(map[string]any); ok {
		// A response as the CLI decodes and prints it.
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.buf = append(e.buf, '{')
		for i, k := range keys {
			if !e.mapKey(i, k) || !e.value(reflect.ValueOf(m[k])) {
				return false
			}
		}
		e.buf = append(e.buf, '}')
		return true
	}
	keys := make([]mapEntry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		keys = append(keys, mapEntry{it.Key().String(), it.Value()})
	}
	sort.Sort(byKey(keys))
	e.buf = append(e.buf, '{')
	for i, kv := range keys {
		if !e.mapKey(i, kv.key) || !e.value(kv.v) {
			return false
		}
	}
	e.buf = append(e.buf, '}')
	return true
}

// mapKey writes the key of a map's i-th entry.
func (e *leanEncoder) mapKey(i int, k string) bool {
	if i > 0 {
		e.buf = append(e.buf, ',')
	}
	e.buf = AppendString(e.buf, k)
	e.buf = append(e.buf, ':')
	return true
}

// mapEntry is a map's entry, its key as written.
type mapEntry struct {
	key string
	v   reflect.Value
}

// byKey sorts map entries by key, as encoding/json writes them.
type byKey []mapEntry

func (s byKey) Len() int           { return len(s) }
func (s byKey) Less(i, j int) bool { return s[i].key < s[j].key }
func (s byKey) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

// structValue writes a struct's fields.
func (e *leanEncoder) structValue(v reflect.Value, t reflect.Type) bool {
	fields, ok := e.fieldsOf(t)
	if !ok {
		return false
	}
	next := byte('{')
	for i := range fields {
		f := &fields[i]
		fv := v
		for _, j := range f.index[:f.depth] {
			fv = fv.Field(j)
		}
		if f.omitEmpty && isEmptyValue(fv) {
			continue
		}
		if f.omitZero {
			zero, ok := isZero(fv, f.zero)
			if !ok {
				return false
			}
			if zero {
				continue
			}
		}
		e.buf = append(e.buf, next, '"')
		next = ','
		e.buf = append(e.buf, f.name...)
		e.buf = append(e.buf, '"', ':')
		if !e.value(fv) {
			return false
		}
	}
	if next == '{' {
		e.buf = append(e.buf, '{')
	}
	e.buf = append(e.buf, '}')
	return true
}

// AppendString appends s as a JSON string, as Marshal writes one:
// encoding/json's escapes but for <, > and &, which stay as they are;
// bytes that are not UTF-8 become U+FFFD.
func AppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
