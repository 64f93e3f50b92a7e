package runner

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// handlers is who answers each request of package request: the function
// of this package that runs it, and, where its owner refuses arguments it
// can judge without a browser (a key name, a device, a route's pattern),
// that check. A handler calls the actions function that dispatches the
// request's event; the event's doc comment names the watchdog that owns
// it (docs/architecture.md walks a click through them). A test holds this
// table to request's list of commands.
var handlers = []entry{
	// Navigation (nav.go): NavigateEvent, HistoryEvent.
	of(open), of(back), of(forward), of(reload),
	// Input (input.go, fill.go, pointer.go): ClickElementEvent,
	// ClickCoordinateEvent, HoverEvent, TypeTextEvent, PressKeyEvent,
	// ScrollEvent, ... FillEvent, DragEvent, DropEvent, MouseEvent.
	checked(click, checkClick), of(hover), of(typeText), checked(press, checkPress), of(scroll),
	of(selectOptions), of(check), of(uncheck), of(upload), of(resize), checked(screenshot, checkScreenshot),
	of(fill), of(drag), of(drop), checked(mouse, checkMouse),
	// Waiting (wait.go): WaitEvent, or a pause or a script of its own.
	checked(wait, checkWait),
	// Reading the page (read.go, get.go, locate.go): BrowserStateRequestEvent,
	// EvaluateEvent, InspectElementEvent, LocateEvent, ReadEvent, ...
	of(snapshot), of(eval), of(console), of(network), of(stats), of(frames), of(cdp),
	of(get), of(is), of(find), of(read),
	// Tabs (tabs.go).
	of(tabs), of(newTab), of(switchTab), of(closeTab),
	// Dialogs (dialog.go): the DialogWatchdog's events.
	of(answerDialog), of(dialogPolicy), of(dialogs),
	// Cookies, storage, downloads, PDF (state.go).
	of(cookies), of(setCookie), of(clearCookies), of(storage), of(saveState), of(loadState), of(downloads), of(pdf),
	// Emulation, routes, credentials (emulate.go, route.go, credentials.go).
	checked(set, checkSet), checked(addRoute, checkRoute), of(unroute), of(routes), of(setCredentials),
	// Diagnostics (diag.go).
	of(networkGet), of(consoleGet), of(traceStart), of(traceStop), of(vitals), of(harStart), of(harStop),
	of(recordStart), of(recordStop), of(initScriptAdd), of(initScriptRemove), of(initScripts),
	// The session (session.go) and several requests at once (batch.go).
	of(closeSession), of(status), checked(batch, checkBatch),
}

// Handler answers one request type on a Browser, within the request's
// budget (ctx) and on the tab it is aimed at (actions.WithTab is already
// applied). It returns coded errors (events.Errorf) with a next step
// (WithNext) when one helps.
type Handler[Q request.Of[R], R any] func(ctx context.Context, b *Browser, q Q) (R, error)

// entry is one request type with its handler and its owner's checks.
type entry struct {
	name  string
	typ   reflect.Type
	run   func(ctx context.Context, b *Browser, q request.Request) (any, error)
	check func(q request.Request) error
}

// of is the entry of h's request type.
func of[Q request.Of[R], R any](h Handler[Q, R]) entry {
	var zero Q
	return entry{
		name: zero.Command(),
		typ:  reflect.TypeFor[Q](),
		run: func(ctx context.Context, b *Browser, q request.Request) (any, error) {
			return h(ctx, b, q.(Q))
		},
	}
}

// checked is of(h) with c, the owner's checks of a request's arguments.
func checked[Q request.Of[R], R any](h Handler[Q, R], c func(Q) error) entry {
	e := of(h)
	e.check = func(q request.Request) error { return c(q.(Q)) }
	return e
}

// validate runs q's own checks, then its owner's.
func (e entry) validate(q request.Request) error {
	if err := request.Validate(q); err != nil {
		return err
	}
	if e.check != nil {
		return e.check(q)
	}
	return nil
}

// byName indexes handlers by command. It is filled from init because a
// batch's check looks requests up in it (Check), which a variable's
// initializer cannot do without referring to itself.
var byName map[string]entry

func init() {
	byName = make(map[string]entry, len(handlers))
	for _, e := range handlers {
		if _, dup := byName[e.name]; dup {
			panic("runner: request " + e.name + " has two handlers")
		}
		byName[e.name] = e
	}
}

var (
	extraMu sync.RWMutex
	extra   = map[string]entry{}
)

// Handle registers a program's own request type Q, under the name Q's
// Command method gives, with its handler, for Browser.Do. Register before
// serving requests; a name taken already panics. Such a request runs in
// this process only: a daemon and a batch know the requests of package
// request.
func Handle[Q request.Of[R], R any](h Handler[Q, R]) {
	e := of(h)
	if e.name == "" || h == nil {
		panic("runner.Handle: a request needs a name and a handler")
	}
	extraMu.Lock()
	defer extraMu.Unlock()
	if _, dup := byName[e.name]; dup {
		panic("runner.Handle: request " + e.name + " has a handler already")
	}
	if _, dup := extra[e.name]; dup {
		panic("runner.Handle: request " + e.name + " registered twice")
	}
	extra[e.name] = e
}

// lookup is q's entry.
func lookup(q request.Request) (entry, error) {
	if q == nil {
		return entry{}, events.Errorf(events.CodeInvalidArgument, "no request")
	}
	e, ok := byName[q.Command()]
	if !ok {
		extraMu.RLock()
		e, ok = extra[q.Command()]
		extraMu.RUnlock()
	}
	if !ok {
		return entry{}, events.Errorf(events.CodeInvalidArgument, "unknown request %q", q.Command())
	}
	if reflect.TypeOf(q) != e.typ {
		return entry{}, events.Errorf(events.CodeInvalidArgument, "request %s was built as another command's request", q.Command())
	}
	return e, nil
}

// Decode builds the request named name from its JSON form (see
// request.Decode), a program's own requests (Handle) included.
func Decode(name string, raw json.RawMessage) (request.Request, error) {
	extraMu.RLock()
	e, ok := extra[name]
	extraMu.RUnlock()
	if !ok {
		return request.Decode(name, raw)
	}
	p := reflect.New(e.typ)
	if err := request.Unmarshal(name, raw, p.Interface()); err != nil {
		return nil, err
	}
	return p.Elem().Interface().(request.Request), nil
}

// Check runs every check of q that needs no browser: its own
// (request.Validate) and its owner's (a mouse button, a key, a wait's
// condition, a screenshot's format, an emulated device, a route's
// pattern; for a batch, every step's). A daemon runs it before it starts
// a browser, and the CLI before it starts a daemon; Browser.Do runs it
// first. The error is invalid_argument.
func Check(q request.Request) error {
	e, err := lookup(q)
	if err != nil {
		return err
	}
	return e.validate(q)
}
