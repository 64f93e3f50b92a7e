package request_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// goWords matches what a message must never show a user: a Go package
// qualifier, a Go type or field, encoding/json's own phrasing.
var goWords = regexp.MustCompile(`\b(events|request|bus|session|actions|main|json|reflect)\.[A-Za-z]|Go (struct|type|value)|\bstruct field\b|\bunmarshal\b|\binterface \{|\*[a-z]+\.[A-Z]|map\[|\[\]`)

// wrongJSON returns a JSON value of the wrong kind for a field of type t,
// and false when every value would do.
func wrongJSON(t reflect.Type) (string, bool) {
	if t == reflect.TypeFor[json.RawMessage]() {
		return "", false
	}
	if _, ok := reflect.New(t).Interface().(json.Unmarshaler); ok {
		return `[[[]]]`, true // no custom reader takes a nested list
	}
	switch t.Kind() {
	case reflect.Pointer:
		return wrongJSON(t.Elem())
	case reflect.String:
		return `12`, true
	case reflect.Bool, reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64, reflect.Float32, reflect.Uint, reflect.Uint64:
		return `"x"`, true
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct:
		return `"x"`, true
	}
	return "", false
}

// jsonFields lists t's fields by JSON name, embedded structs flattened.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					out[k] = v
				}
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// TestDecodeErrorsSpeakTheUsersTerms sends every request type malformed
// in each of its fields, as a daemon receives it, and checks that the
// message names the argument and carries no Go identifier.
func TestDecodeErrorsSpeakTheUsersTerms(t *testing.T) {
	checked := 0
	for _, name := range request.Names() {
		q, err := request.Decode(name, nil)
		require.NoError(t, err, name)
		for field, ft := range jsonFields(reflect.TypeOf(q)) {
			bad, ok := wrongJSON(ft)
			if !ok {
				continue
			}
			raw := `{"` + field + `":` + bad + `}`
			_, err := request.Decode(name, json.RawMessage(raw))
			require.Error(t, err, "%s %s", name, raw)
			require.Equal(t, events.CodeInvalidArgument, actions.Code(err), "%s %s: %v", name, raw, err)
			msg := err.Error()
			require.NotRegexp(t, goWords, msg, "%s %s", name, raw)
			require.Contains(t, msg, field, "%s %s: the message names the argument", name, raw)
			checked++
		}
		_, err = request.Decode(name, json.RawMessage(`{"no_such_argument":1}`))
		require.Error(t, err)
		require.Contains(t, err.Error(), `unknown argument "no_such_argument"`)
		_, err = request.Decode(name, json.RawMessage(`{"x":`))
		require.Error(t, err)
		require.NotRegexp(t, goWords, err.Error())
	}
	require.Greater(t, checked, 50, "fields checked")
}

func TestDecodeNamesTheChoices(t *testing.T) {
	_, err := request.Decode("click", json.RawMessage(`{"button":3}`))
	require.Error(t, err)
	require.Contains(t, err.Error(), `button: want "left", "right" or "middle"`)
}
