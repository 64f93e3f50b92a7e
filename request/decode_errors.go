package request

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Choicer is implemented by a string type with a closed set of values
// (a mouse button, a wait state): a request that holds one of them
// names its values when it cannot be read.
type Choicer interface {
	Choices() []string
}

// decodeError turns what encoding/json says about a request it cannot
// read into the user's terms: the argument by its JSON name and what it
// wants, never a Go type or field.
func decodeError(t reflect.Type, err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var be base64.CorruptInputError
	switch {
	case errors.As(err, &be):
		return fmt.Sprintf("%s: want base64 text (it is not valid base64 at byte %d)", orList(bytesFields(t)), int64(be))
	case errors.As(err, &te):
		arg := te.Field
		if arg == "" {
			return fmt.Sprintf("the request must be %s, not a %s", want(te.Type), te.Value)
		}
		return fmt.Sprintf("%s: want %s, not a %s", arg, want(te.Type), te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("the request is not valid JSON (at byte %d): %s", se.Offset, strings.TrimPrefix(se.Error(), "invalid character "))
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown argument " + name
	}
	if msg == "unexpected EOF" || msg == "EOF" {
		return "the request's JSON ends too early"
	}
	// Errors of our own UnmarshalJSON methods are already in words.
	return strings.TrimPrefix(msg, "json: ")
}

// bytesFields lists the JSON names of t's []byte fields, which
// encoding/json reads as base64 without saying which one failed.
func bytesFields(t reflect.Type) []string {
	var out []string
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Anonymous {
			out = append(out, bytesFields(f.Type)...)
			continue
		}
		if f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Uint8 {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			out = append(out, name)
		}
	}
	return out
}

// want describes in words what a value of type t must be.
func want(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	if c, ok := reflect.Zero(t).Interface().(Choicer); ok {
		q := make([]string, 0, len(c.Choices()))
		for _, v := range c.Choices() {
			q = append(q, fmt.Sprintf("%q", v))
		}
		return orList(q)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return want(t.Elem())
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(want(t.Elem()), "a "), "an ") + "s"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a value"
}

// orList joins words as "a, b or c".
func orList(w []string) string {
	switch len(w) {
	case 0:
		return "a value"
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}
