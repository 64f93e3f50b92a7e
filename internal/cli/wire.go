package cli

import (
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The wire between a client (the CLI, thin or full, and the MCP server)
// and a session's daemon: one WireRequest per connection, as one JSON
// line, answered with one Reply. The request is the typed request of
// package request, in its JSON form; the reply carries the typed
// response's JSON, or its failure as a request.Fault. Nothing on the wire
// is a command line or printed text: each client prints (or reads) the
// response itself.

// WireRequest is what a client sends a daemon.
type WireRequest struct {
	// Command names the request (request.Request.Command) and Request is
	// its JSON form, which the daemon decodes by name.
	Command string          `json:"command"`
	Request json.RawMessage `json:"request,omitempty"`
	// TimeoutMS is the caller's whole budget; the daemon derives the
	// command's deadline from it.
	TimeoutMS int `json:"timeout_ms"`
	// Tab aims a tab-scoped command at one tab (an id as 'tabs' prints
	// it, or a unique prefix); empty means the active tab.
	Tab string `json:"tab,omitempty"`
	// Build is the caller's build (the full CLI's); Exe, the identity
	// of the full binary the thin client would run (rundir.ExeIdentity).
	// A daemon of another build, or started from another file, runs
	// nothing (see the daemon's checkBuild). Callers that send neither
	// (scripts speaking the wire) are served as they are.
	Build string `json:"build,omitempty"`
	Exe   string `json:"exe,omitempty"`
}

// NewWireRequest is q's wire form with the caller's options.
func NewWireRequest(q request.Request, o request.Options) (WireRequest, error) {
	raw, err := request.Marshal(q)
	if err != nil {
		return WireRequest{}, err
	}
	return WireRequest{Command: q.Command(), Request: raw, TimeoutMS: o.TimeoutMS, Tab: o.Tab}, nil
}

// AppendJSON appends the request's JSON form to b, as encoding/json writes
// it (Request is the request's JSON already): written by hand because the
// thin client sends one per process, where encoding/json would first build
// its codec for the type.
func (w WireRequest) AppendJSON(b []byte) []byte {
	b = append(b, `{"command":`...)
	b = appendString(b, w.Command)
	if len(w.Request) > 0 {
		b = append(b, `,"request":`...)
		b = append(b, w.Request...)
	}
	b = append(b, `,"timeout_ms":`...)
	b = strconv.AppendInt(b, int64(w.TimeoutMS), 10)
	for _, f := range [...]struct{ key, v string }{{"tab", w.Tab}, {"build", w.Build}, {"exe", w.Exe}} {
		if f.v != "" {
			b = append(b, `,"`+f.key+`":`...)
			b = appendString(b, f.v)
		}
	}
	return append(b, '}')
}

// appendString appends s as a JSON string, as encoding/json writes one
// without HTML escaping: bytes that are not UTF-8 become U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hex[r&0xf])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}

// Reply is the daemon's answer.
type Reply struct {
	// Exit is the exit code the CLI exits with (ExitOK, ExitAction or
	// ExitUsage).
	Exit int `json:"exit"`
	// Response is the JSON form of the request's response, of its
	// response type, when it succeeded.
	Response json.RawMessage `json:"response,omitempty"`
	// Trimmed is set when the daemon cut the response's longest strings
	// so that it fits the session's output cap.
	Trimmed *Trimmed `json:"trimmed,omitempty"`
	// Fault is the failure of a request that failed.
	Fault *request.Fault `json:"fault,omitempty"`
	// Replace tells the client that the daemon is of another build, ran
	// nothing and is exiting so that one of the client's build replaces
	// it.
	Replace bool `json:"replace,omitempty"`
}

// UnmarshalJSON reads a reply, its fault and trim note only when it has
// them. (Decoding them into their types always, as encoding/json would,
// builds its codecs for every type they reach, the error details
// included, on every command of a fresh client process: a fifth of what
// the thin client spends on its own.)
func (r *Reply) UnmarshalJSON(b []byte) error {
	var w struct {
		Exit     int             `json:"exit"`
		Response json.RawMessage `json:"response"`
		Trimmed  json.RawMessage `json:"trimmed"`
		Fault    json.RawMessage `json:"fault"`
		Replace  bool            `json:"replace"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Reply{Exit: w.Exit, Response: w.Response, Replace: w.Replace}
	if present(w.Trimmed) {
		r.Trimmed = new(Trimmed)
		if err := json.Unmarshal(w.Trimmed, r.Trimmed); err != nil {
			return err
		}
	}
	if present(w.Fault) {
		r.Fault = new(request.Fault)
		if err := json.Unmarshal(w.Fault, r.Fault); err != nil {
			return err
		}
	}
	return nil
}

// present reports whether a field's raw JSON holds a value.
func present(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// Trimmed says which strings of a response were cut to fit the output cap
// (each ends with …), and the sizes. The CLI prints it as output_trimmed.
type Trimmed struct {
	Fields  []string `json:"fields"`
	Size    int      `json:"size"`
	Cap     int      `json:"cap"`
	Message string   `json:"message"`
}

// Exit codes.
const (
	ExitOK     = 0
	ExitAction = 1
	ExitUsage  = 2
)

// MaxRequestBytes bounds one request on a daemon's socket: a command
// line, with an expression or a file path, never comes near it.
const MaxRequestBytes = 16 << 20

// ErrRequestTooLarge answers a request above MaxRequestBytes, on the
// socket or before it is sent: nothing was run.
var ErrRequestTooLarge = Usagef("the request is larger than %d bytes (16 MiB), the most a daemon reads; nothing was run: send less (a shorter text or script)", MaxRequestBytes)

// Steps words the next steps errors advise in the CLI's terms.
var Steps = map[events.Step]string{
	events.StepListTabs:     "see 'agentbrowser tabs'",
	events.StepListFrames:   "see 'agentbrowser frames'",
	events.StepAnswerDialog: "answer it first with 'agentbrowser dialog accept' or 'agentbrowser dialog dismiss'",
	events.StepListDialogs:  "see 'agentbrowser dialogs'",
}

// FaultOf is err as it travels to a client, and the exit code it gives: a
// mistake in the command line or the request's form (a *UsageError)
// exits 2, anything else 1.
func FaultOf(err error) (request.Fault, int) {
	var ue *UsageError
	if errors.As(err, &ue) {
		return request.Fault{Code: events.CodeInvalidArgument, Message: ue.msg}, ExitUsage
	}
	return request.FaultOf(err), ExitAction
}

// ErrorReply is the reply to a request that failed with err.
func ErrorReply(err error) Reply {
	f, exit := FaultOf(err)
	return Reply{Exit: exit, Fault: &f}
}

// okBody renders a local command's result as {"ok":true,...}.
func okBody(r Result) map[string]any {
	out := make(map[string]any, len(r)+1)
	for k, v := range r {
		out[k] = v
	}
	out["ok"] = true
	return out
}

// errBody renders err as {"ok":false,"error":{...}} and picks the exit
// code.
func errBody(err error) (map[string]any, int) {
	f, exit := FaultOf(err)
	return faultBody(f), exit
}

// faultBody is f as the CLI prints it.
func faultBody(f request.Fault) map[string]any {
	return map[string]any{"ok": false, "error": f.Say(Steps)}
}
