// Package runner runs the requests of package request on a browser session:
// Browser is the request.Doer a daemon uses for its session, and the one a
// Go program hands the MCP server to serve a session of its own.
//
// Every request has one handler here, declared in one table (handlers, in
// table.go) beside the checks its owner makes before anything starts
// (Check). A handler turns the request into the event its owner answers
// and dispatches it through package actions: a click is
//
//	request.Click -> click (input.go) -> actions.ClickElement
//	  -> events.ClickElementEvent, owned by watchdogs/defaultaction
//
// and the event's doc comment names its owner and its result.
//
//	b := runner.NewBrowser(s)
//	res, err := request.Do(ctx, b, request.Click{Ref: events.Target{Ref: "e5"}}, request.Options{TimeoutMS: 5000})
package runner
