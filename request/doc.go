// Package request holds one request type and one response type per
// agentbrowser command, shared by every surface: the CLI parses a command
// line into a request, a daemon decodes it from its JSON
// form (Decode) and runs it, the MCP server builds it from a tool's typed
// input, and a Go program builds it directly. Nothing between the
// surfaces is an argv, a flag map or an untyped result, and no message is
// reworded by string replacement: an error carries its code, details and
// next step (events.Error.Next), and each surface words the step in its
// own terms (Fault.Say).
//
// The package holds types and their own checks only; it imports events
// and the standard library, so that the thin client links it. Element
// arguments are events.Target values, parsed once where they enter.
//
// # Running requests
//
// A Doer runs requests: runner.Browser (package request/runner) in this process
// on one session.BrowserSession, or a client of the session's daemon. Do
// returns the typed response:
//
//	b := runner.NewBrowser(s)
//	res, err := request.Do(ctx, b, request.Click{Ref: events.Target{Ref: "e5"}}, request.Options{TimeoutMS: 5000})
//	// res is an events.ActionResult
//
// # Adding a command
//
// A command is four small pieces.
//
// First, a request struct in this package that embeds Returns[R], with R
// its response type, names its command and is listed in commands
// (registry.go); when it can check its arguments without a browser, it
// implements Validator too:
//
//	type Cookies struct {
//		request.Returns[CookiesResult]
//		URLs []string `json:"urls,omitempty"`
//	}
//
//	func (Cookies) Command() string { return "cookies" }
//
// A request that names a file or a directory declares it in Paths (a
// test fails until it does): that is how the CLI makes the path absolute
// and the MCP server holds it to the client's sandbox.
//
// Second, a response struct with snake_case json tags: what the CLI prints
// with --json after "ok":true, and the MCP server's structured content. An
// existing events result type serves when it says everything.
//
// Third, its handler in package request/runner, listed in that package's
// table (handlers), with the owner's checks when its owner refuses
// arguments it can judge without a browser.
//
// Fourth, a surface: a CLI command in the CLI's table, whose Parse
// turns a command line into the request, and/or an MCP tool in package
// mcpserver that builds the request from the tool's input. The daemon
// needs nothing more: it decodes any request by name and runs it.
//
// Responses are encoded with Marshal, which never HTML-escapes text.
package request
