// Package request holds one request type and one response type per
// agentbrowser command, shared by every surface: the CLI parses a command
// line into a request, the daemon decodes it from its JSON form and runs
// it, the MCP server builds it from a tool's typed input, and a Go program
// builds it directly. Nothing between the surfaces is an argv, a flag map
// or an untyped result, and no message is reworded by string replacement:
// an error carries its code, details and next step (events.Error.Next), and
// each surface words the step in its own terms (Fault.Say).
//
// # Running requests
//
// A Doer runs requests. Browser runs them in this process on one
// session.BrowserSession; the CLI's daemon client runs them in the
// session's daemon. Do returns the typed response:
//
//	b := request.NewBrowser(s)
//	res, err := request.Do(ctx, b, request.Click{Ref: "e5"}, request.Options{TimeoutMS: 5000})
//	// res is an events.ActionResult
//
// # Adding a command
//
// A command is four small pieces, usually in one file of this package.
//
// First, a request struct that embeds Returns[R], with R its response
// type, and names its command; when it can check its arguments without a
// browser, it implements Validator too:
//
//	type Cookies struct {
//		request.Returns[CookiesResult]
//		URLs []string `json:"urls,omitempty"`
//	}
//
//	func (Cookies) Command() string { return "cookies" }
//
// Second, a response struct with snake_case json tags: what the CLI prints
// with --json after "ok":true, and the MCP server's structured content. An
// existing events result type serves when it says everything.
//
// Third, a handler registered from init with Handle. It runs within the
// request's budget (ctx), on the tab the request is aimed at
// (actions.WithTab is already applied), and returns coded errors
// (events.Errorf) with a next step (WithNext) when one helps:
//
//	func init() {
//		request.Handle(func(ctx context.Context, b *request.Browser, q Cookies) (CookiesResult, error) {
//			...
//		})
//	}
//
// Fourth, a surface: a CLI command in cmd/agentbrowser whose Parse turns a
// command line into the request (see its command.go), and/or an MCP tool
// in package mcpserver that builds the request from the tool's input. The
// daemon needs nothing more: it decodes any registered request by name
// (Decode) and runs it on its Browser.
//
// Responses are encoded with Marshal, which never HTML-escapes text.
package request
