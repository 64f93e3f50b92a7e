package request

import (
	"context"
	"fmt"
	"reflect"
)

// Returns marks a request type with the type of its response. Embed it in
// every request struct:
//
//	type Hover struct {
//		request.Returns[events.ActionResult]
//		Ref events.Ref `json:"ref"`
//	}
//
// It has no fields and adds nothing to the request's JSON form.
type Returns[R any] struct{}

func (Returns[R]) returns(R) {}

func (Returns[R]) newResponse() any { return new(R) }

// Request is any command's request: a struct that embeds Returns and names
// its command. Its JSON form is what travels between the surfaces.
type Request interface {
	// Command is the command's name on the wire, such as "click".
	Command() string
	newResponse() any
}

// Of is a request whose response is R. Do infers R from it, so a caller
// never names the response type and a mismatch does not compile.
type Of[R any] interface {
	Request
	returns(R)
}

// Validator is implemented by requests that can check their arguments
// by themselves, without a browser or their owner. Every Doer calls it
// before anything runs, whatever surface built the request (and
// runner.Check adds the owner's checks); the error is coded
// (invalid_argument).
type Validator interface {
	Validate() error
}

// Options are how a request runs, beside what it asks for.
type Options struct {
	// Tab aims a tab-scoped request at one tab: its id, a unique prefix
	// of it (any case), or its 1-based position in Tabs. Empty means the
	// active tab.
	Tab string
	// TimeoutMS is the whole budget of the request in milliseconds; zero
	// leaves the caller's context deadline alone (or the default budget
	// when it has none).
	TimeoutMS int
}

// Reply is what a Doer answers: the response value (of the request's
// response type) and a notice the caller should see (a browser that was
// replaced since the last request, for example).
type Reply struct {
	Value  any
	Notice string
}

// Doer runs requests: Browser in this process, or a client of a daemon
// that runs them in its own. Implementations are safe for concurrent use.
type Doer interface {
	Do(ctx context.Context, q Request, o Options) (Reply, error)
}

// Do runs q on d and returns its typed response.
func Do[R any](ctx context.Context, d Doer, q Of[R], o Options) (R, error) {
	rep, err := d.Do(ctx, q, o)
	if err != nil {
		var zero R
		return zero, err
	}
	return Value(q, rep)
}

// Value is rep's value as q's response type, for a caller that runs q with
// Doer.Do to read the reply's notice too.
func Value[R any](q Of[R], rep Reply) (R, error) {
	var zero R
	switch v := rep.Value.(type) {
	case R:
		return v, nil
	case *R:
		if v != nil {
			return *v, nil
		}
	}
	return zero, fmt.Errorf("request %s answered with %T, not %s", q.Command(), rep.Value, reflect.TypeFor[R]())
}

// NewResponse returns a pointer to a zero response of q's response type,
// for a client that decodes a response from its JSON form.
func NewResponse(q Request) any { return q.newResponse() }
