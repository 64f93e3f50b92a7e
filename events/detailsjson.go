package events

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// marshalDetails prints fields (a details struct without methods) merged
// with more and extra, as one object with its keys sorted. Fields win over
// more, and both over extra.
func marshalDetails(fields any, extra map[string]json.RawMessage, more map[string]any) ([]byte, error) {
	b, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	m := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for k, v := range more {
		if _, taken := m[k]; taken {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encoding detail %s: %w", k, err)
		}
		m[k] = raw
	}
	for k, v := range extra {
		if _, taken := m[k]; !taken {
			m[k] = v
		}
	}
	// A map prints its keys sorted.
	return json.Marshal(m)
}

// unmarshalDetails reads b into fields (a pointer to a details struct
// without methods) and returns the keys no field names, or nil.
func unmarshalDetails(b []byte, fields any) (map[string]json.RawMessage, error) {
	if err := json.Unmarshal(b, fields); err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	known := keysOf(reflect.TypeOf(fields).Elem())
	var extra map[string]json.RawMessage
	for k, v := range m {
		if known[k] {
			continue
		}
		if extra == nil {
			extra = map[string]json.RawMessage{}
		}
		extra[k] = v
	}
	return extra, nil
}

var keyCache sync.Map // reflect.Type -> map[string]bool

// keysOf returns the JSON keys of t's fields.
func keysOf(t reflect.Type) map[string]bool {
	if k, ok := keyCache.Load(t); ok {
		return k.(map[string]bool)
	}
	keys := map[string]bool{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	keyCache.Store(t, keys)
	return keys
}

// unset reports whether every field of the struct d points to is its
// zero value, an empty map counting as zero.
func unset(d any) bool {
	v := reflect.ValueOf(d).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() == reflect.Map {
			if f.Len() > 0 {
				return false
			}
			continue
		}
		if !f.IsZero() {
			return false
		}
	}
	return true
}

// setExtra sets key in *extra to v's JSON form.
func setExtra(extra *map[string]json.RawMessage, key string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding detail %s: %w", key, err)
	}
	if *extra == nil {
		*extra = map[string]json.RawMessage{}
	}
	(*extra)[key] = raw
	return nil
}
