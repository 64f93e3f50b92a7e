package main

import "encoding/json"

// structResult turns a typed result into the fields of a Result through its
// JSON form, so field names follow the struct's json tags.
func structResult(v any) Result {
	b, err := json.Marshal(v)
	if err != nil {
		return Result{"value": v}
	}
	var r Result
	if json.Unmarshal(b, &r) != nil || r == nil {
		return Result{"value": v}
	}
	return r
}
