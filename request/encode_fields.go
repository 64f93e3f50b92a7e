package request

import (
	"bytes"
	"reflect"
	"unicode/utf8"
)

// The fields a struct type writes, and the tests of what its options
// leave out, as encoding/json finds them (see leanEncoder).

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// isZero is encoding/json's test for omitzero; ok is false when it cannot
// be made here.
func isZero(v reflect.Value, how zeroTest) (zero, ok bool) {
	switch how {
	case zeroIfaceMethod:
		if v.IsNil() || (v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) {
			return true, true
		}
	case zeroPointerMethod:
		if v.IsNil() {
			return true, true
		}
	case zeroMethod:
	case zeroAddrMethod:
		if !v.CanAddr() {
			v2 := reflect.New(v.Type()).Elem()
			v2.Set(v)
			v = v2
		}
		v = v.Addr()
	default:
		return v.IsZero(), true
	}
	if !v.CanInterface() {
		return false, false
	}
	return v.Interface().(isZeroer).IsZero(), true
}

// fieldsOf is the fields t writes, found once per value written.
func (e *leanEncoder) fieldsOf(t reflect.Type) ([]leanField, bool) {
	for _, s := range e.structs {
		if s.t == t {
			return s.fields, s.fields != nil
		}
	}
	fields, ok := structFields(t)
	if ok && fields == nil {
		fields = []leanField{}
	}
	e.structs = append(e.structs, leanStruct{t: t, fields: fields})
	return fields, ok
}

// structFields finds the fields of t as encoding/json's typeFields does:
// its exported fields and those of the structs it embeds, named by their
// json tags, in the order of their declaration. It gives up (ok false)
// where encoding/json's rules for clashing names or embedded pointers
// would decide, or a tag asks for ",string".
func structFields(t reflect.Type) (fields []leanField, ok bool) {
	type embedded struct {
		t     reflect.Type
		index [maxFieldDepth]int
		depth int
	}
	fields = make([]leanField, 0, t.NumField())
	level := []embedded{{t: t}}
	var seen []reflect.Type
	for len(level) > 0 {
		var next []embedded
		for _, s := range level {
			if s.depth == maxFieldDepth {
				return nil, false
			}
			for i := range s.t.NumField() {
				sf := s.t.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := cutComma(tag)
				valid, ascii := validTagName(name)
				if !ascii {
					return nil, false
				}
				if !valid {
					name = ""
				}
				if hasOption(opts, "string") {
					return nil, false
				}
				index, depth := s.index, s.depth+1
				index[s.depth] = i
				ft := sf.Type
				if ft.Kind() == reflect.Pointer && ft.Name() == "" {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					if name == "" {
						name = sf.Name
						if _, ascii := validTagName(name); !ascii {
							return nil, false
						}
					}
					fields = append(fields, leanField{
						name:      name,
						index:     index,
						depth:     depth,
						omitEmpty: hasOption(opts, "omitempty"),
						omitZero:  hasOption(opts, "omitzero"),
					})
					if f := &fields[len(fields)-1]; f.omitZero {
						f.zero = zeroTestOf(sf.Type)
					}
					continue
				}
				if sf.Type.Kind() == reflect.Pointer {
					// An embedded pointer may be nil: encoding/json's.
					return nil, false
				}
				if ft.NumField() == 0 {
					// Nothing to write (Returns[R]).
					continue
				}
				if seen == nil {
					seen = []reflect.Type{t}
				}
				for _, st := range seen {
					if st == ft {
						// Embedded twice: encoding/json's dominance rules.
						return nil, false
					}
				}
				seen = append(seen, ft)
				next = append(next, embedded{t: ft, index: index, depth: depth})
			}
		}
		level = next
	}
	for i := range fields {
		for j := i + 1; j < len(fields); j++ {
			if fields[i].name == fields[j].name {
				// One name, two fields: encoding/json's dominance rules.
				return nil, false
			}
		}
	}
	// In the order of their index sequences, as encoding/json writes
	// them (fields of an embedded struct where it is embedded).
	for i := 1; i < len(fields); i++ {
		for j := i; j > 0 && lessIndex(fields[j].index[:fields[j].depth], fields[j-1].index[:fields[j-1].depth]); j-- {
			fields[j], fields[j-1] = fields[j-1], fields[j]
		}
	}
	return fields, true
}

// lessIndex orders index sequences as slices.Compare does.
func lessIndex(a, b []int) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// zeroTestOf is how encoding/json finds an omitzero field of type t zero.
func zeroTestOf(t reflect.Type) zeroTest {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return zeroIfaceMethod
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return zeroPointerMethod
	case t.Implements(isZeroerType):
		return zeroMethod
	case t.Kind() != reflect.Interface && mayHaveMethods(t) && reflect.PointerTo(t).Implements(isZeroerType):
		return zeroAddrMethod
	}
	return zeroValue
}

// cutComma splits a json tag at its first comma.
func cutComma(tag string) (name, opts string, found bool) {
	for i := 0; i < len(tag); i++ {
		if tag[i] == ',' {
			return tag[:i], tag[i+1:], true
		}
	}
	return tag, "", false
}

// hasOption reports whether the comma-separated opts hold opt.
func hasOption(opts, opt string) bool {
	for opts != "" {
		var o string
		o, opts, _ = cutComma(opts)
		if o == opt {
			return true
		}
	}
	return false
}

// validTagName is encoding/json's isValidTag for ASCII names; ascii is
// false for a name with other characters, which it leaves to encoding/json.
func validTagName(s string) (valid, ascii bool) {
	valid = s != ""
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return false, false
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case bytes.IndexByte([]byte("!#$%&()*+-./:;<=>?@[]^_{|}~ "), c) >= 0:
		default:
			valid = false
		}
	}
	return valid, true
}
