package request

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
)

// Handler answers one request type on a Browser.
type Handler[Q Of[R], R any] func(ctx context.Context, b *Browser, q Q) (R, error)

// entry is one registered request type and its handler.
type entry struct {
	typ reflect.Type
	run func(ctx context.Context, b *Browser, q Request) (any, error)
}

var (
	regMu    sync.RWMutex
	registry = map[string]*entry{}
)

// Handle registers request type Q, under the name Q's Command method
// gives, with its handler. The commands of this package register from
// init; a program may register commands of its own the same way before it
// serves requests. A name registered twice panics.
func Handle[Q Of[R], R any](h Handler[Q, R]) {
	var zero Q
	name := zero.Command()
	if name == "" || h == nil {
		panic("request.Handle: a request needs a name and a handler")
	}
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("request.Handle: request " + name + " registered twice")
	}
	registry[name] = &entry{
		typ: reflect.TypeFor[Q](),
		run: func(ctx context.Context, b *Browser, q Request) (any, error) {
			return h(ctx, b, q.(Q))
		},
	}
}

func lookup(name string) (*entry, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	e, ok := registry[name]
	return e, ok
}

// Names lists the registered request names, sorted.
func Names() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Decode builds the request named name from its JSON form, as a daemon
// receives it. Unknown fields are refused, so that a misspelt option is an
// error rather than ignored.
func Decode(name string, raw json.RawMessage) (Request, error) {
	e, ok := lookup(name)
	if !ok {
		return nil, events.Errorf(events.CodeInvalidArgument, "unknown request %q", name)
	}
	p := reflect.New(e.typ)
	if len(bytes.TrimSpace(raw)) > 0 && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(p.Interface()); err != nil {
			return nil, events.Errorf(events.CodeInvalidArgument, "%s: %s", name, decodeError(e.typ, err))
		}
	}
	return p.Elem().Interface().(Request), nil
}

// check finds q's entry and runs its Validate.
func check(q Request) (*entry, error) {
	if q == nil {
		return nil, events.Errorf(events.CodeInvalidArgument, "no request")
	}
	e, ok := lookup(q.Command())
	if !ok {
		return nil, events.Errorf(events.CodeInvalidArgument, "unknown request %q", q.Command())
	}
	if t := reflect.TypeOf(q); t != e.typ {
		return nil, events.Errorf(events.CodeInvalidArgument, "request %s was built as another command's request", q.Command())
	}
	return e, Validate(q)
}

// Validate runs q's own checks (Validator), if it has any.
func Validate(q Request) error {
	if v, ok := q.(Validator); ok {
		return v.Validate()
	}
	return nil
}
