package request

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sort"
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
)

// commands is every request of this package: the vocabulary of the wire.
// Each runs on a session through the handler package request/runner declares
// for it, in its own table.
var commands = []Request{
	// Navigation (nav.go).
	Open{}, Back{}, Forward{}, Reload{},
	// Input (input.go, fill.go, pointer.go).
	Click{}, Hover{}, Type{}, Press{}, Scroll{}, Select{}, Check{}, Uncheck{}, Upload{}, Resize{}, Screenshot{},
	Fill{}, Drag{}, Drop{}, Mouse{},
	// Waiting (wait.go).
	Wait{},
	// Reading the page (read.go, get.go, locate.go).
	Snapshot{}, Eval{}, Console{}, Network{}, Stats{}, Frames{}, CDP{}, Get{}, Is{}, Find{}, Read{},
	// Tabs (tabs.go).
	Tabs{}, NewTab{}, SwitchTab{}, CloseTab{},
	// Dialogs (dialog.go).
	AnswerDialog{}, DialogPolicy{}, Dialogs{},
	// Cookies, storage, downloads, PDF (state.go).
	Cookies{}, SetCookie{}, ClearCookies{}, Storage{}, SaveState{}, LoadState{}, Downloads{}, PDF{},
	// Emulation, routes, credentials (emulate.go, route.go, credentials.go).
	Set{}, Route{}, Unroute{}, Routes{}, SetCredentials{},
	// Diagnostics (diag.go).
	NetworkGet{}, ConsoleGet{}, TraceStart{}, TraceStop{}, Vitals{}, HARStart{}, HARStop{},
	RecordStart{}, RecordStop{}, InitScriptAdd{}, InitScriptRemove{}, InitScripts{},
	// The session (session.go) and several at once (batch.go).
	Close{}, Status{}, Batch{},
}

// types maps each command's name to its request type, made on first use
// (a client that only sends requests never needs it).
var types = sync.OnceValue(func() map[string]reflect.Type {
	m := make(map[string]reflect.Type, len(commands))
	for _, q := range commands {
		if _, dup := m[q.Command()]; dup {
			panic("request: command " + q.Command() + " listed twice")
		}
		m[q.Command()] = reflect.TypeOf(q)
	}
	return m
})

// Names lists the commands' names, sorted.
func Names() []string {
	out := make([]string, 0, len(commands))
	for n := range types() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// New returns the zero request of the command named name, and whether
// there is one.
func New(name string) (Request, bool) {
	t, ok := types()[name]
	if !ok {
		return nil, false
	}
	return reflect.Zero(t).Interface().(Request), true
}

// Decode builds the request named name from its JSON form, as a daemon
// receives it (see Unmarshal).
func Decode(name string, raw json.RawMessage) (Request, error) {
	t, ok := types()[name]
	if !ok {
		return nil, events.Errorf(events.CodeInvalidArgument, "unknown request %q", name)
	}
	p := reflect.New(t)
	if err := Unmarshal(name, raw, p.Interface()); err != nil {
		return nil, err
	}
	return p.Elem().Interface().(Request), nil
}

// Unmarshal reads the JSON form of the request named name into q, a
// pointer to a request struct; empty or null raw leaves it zero. Unknown
// fields are refused, so that a misspelt option is an error rather than
// ignored; element arguments are parsed here (events.Target), once. An
// error is invalid_argument and names the argument in the user's terms.
func Unmarshal(name string, raw json.RawMessage, q any) error {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(q); err != nil {
		return events.Errorf(events.CodeInvalidArgument, "%s: %s", name, decodeError(reflect.TypeOf(q), err))
	}
	return nil
}

// Validate runs q's own checks (Validator), if it has any: those that
// need nothing but the request. The checks of its owner (a key name, a
// device, a route's pattern) are request/runner's (runner.Check).
func Validate(q Request) error {
	if q == nil {
		return events.Errorf(events.CodeInvalidArgument, "no request")
	}
	if v, ok := q.(Validator); ok {
		return v.Validate()
	}
	return nil
}
