package bus

import (
	"errors"
	"reflect"
)

// What an observer receives is a copy: the event, and for an Outcome its
// value and error, are copied before they are put in the observer's
// mailbox, on the dispatching goroutine and before the owner runs (or, for
// an Outcome, before the caller gets the result). An observer that writes
// through a pointer, a slice or a map it was given therefore changes only
// its own copy: never the owner's input, the caller's result or another
// observer's view. Each observer gets a copy of its own.
//
// The copy follows pointers, slices, maps, arrays, interfaces and the
// exported fields of structs. Unexported fields are copied as they are,
// which is what a value copy of the struct does: a type whose unexported
// fields hold references should not be an event (the event types in
// package events hold none; a test checks). Functions, channels and
// unsafe pointers are shared: an observer can call or send on them, as the
// owner can. Errors are never copied as values, since errors.Is compares
// sentinels by identity; an observer receives them wrapped (see
// observedError), so that it can match them but not reach the originals.

// observerCopy returns a deep copy of v for an observer.
func observerCopy(v any) any {
	if v == nil {
		return nil
	}
	c := copier{seen: map[ptrKey]reflect.Value{}}
	rv := reflect.ValueOf(v)
	if !needsCopy(rv.Type()) {
		return v
	}
	return c.value(rv).Interface()
}

// ptrKey identifies a pointer already copied, so that shared and cyclic
// structures keep their shape in the copy.
type ptrKey struct {
	t reflect.Type
	p uintptr
}

type copier struct {
	seen map[ptrKey]reflect.Value
}

var (
	errorType    = reflect.TypeFor[error]()
	observedType = reflect.TypeFor[*observedError]()
)

// value returns a copy of v of the same type.
func (c *copier) value(v reflect.Value) reflect.Value {
	t := v.Type()
	if !needsCopy(t) {
		return v
	}
	switch t.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		k := ptrKey{t, v.Pointer()}
		if p, ok := c.seen[k]; ok {
			return p
		}
		p := reflect.New(t.Elem())
		c.seen[k] = p
		p.Elem().Set(c.value(v.Elem()))
		return p
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		s := reflect.MakeSlice(t, v.Len(), v.Len())
		for i := range v.Len() {
			s.Index(i).Set(c.value(v.Index(i)))
		}
		return s
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		m := reflect.MakeMapWithSize(t, v.Len())
		it := v.MapRange()
		for it.Next() {
			m.SetMapIndex(c.value(it.Key()), c.value(it.Value()))
		}
		return m
	case reflect.Array:
		a := reflect.New(t).Elem()
		for i := range v.Len() {
			a.Index(i).Set(c.value(v.Index(i)))
		}
		return a
	case reflect.Struct:
		s := reflect.New(t).Elem()
		s.Set(v) // every field, unexported ones included, by value
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && needsCopy(f.Type) {
				s.Field(i).Set(c.value(v.Field(i)))
			}
		}
		return s
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		e := v.Elem()
		if e.Type().Implements(errorType) && observedType.Implements(t) {
			err, _ := e.Interface().(error)
			out := reflect.New(t).Elem()
			out.Set(reflect.ValueOf(observed(err)))
			return out
		}
		out := reflect.New(t).Elem()
		out.Set(c.value(e))
		return out
	}
	return v
}

// needsCopy reports whether a value of type t can hold a reference that an
// observer could write through.
func needsCopy(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return true
	case reflect.Array:
		return needsCopy(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && needsCopy(f.Type) {
				return true
			}
		}
	}
	return false
}

// observed wraps err for an observer (nil stays nil).
func observed(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*observedError); ok {
		return err
	}
	return &observedError{err: err}
}

// observedError is an error as an observer sees it: the same message, and
// errors.Is and errors.As answer as they would on the original, but As
// hands out a copy of what it finds and there is no Unwrap, so an observer
// cannot reach the error the caller holds.
type observedError struct {
	err error
}

func (e *observedError) Error() string { return e.err.Error() }

// Is reports whether the original matches target.
func (e *observedError) Is(target error) bool { return errors.Is(e.err, target) }

// As finds the first error in the original's chain that matches target and
// sets target to a copy of it.
func (e *observedError) As(target any) bool {
	if !errors.As(e.err, target) {
		return false
	}
	p := reflect.ValueOf(target).Elem()
	c := &copier{seen: map[ptrKey]reflect.Value{}}
	if p.Kind() == reflect.Interface {
		// As found a value of an interface type: copy the value itself,
		// which keeps its dynamic type and so the interface.
		if !p.IsNil() {
			p.Set(c.value(p.Elem()))
		}
		return true
	}
	p.Set(c.value(p))
	return true
}
