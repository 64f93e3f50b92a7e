// Package cli is agentbrowser's command line: its table of commands
// (commands.go), the parser that turns a command line into the command's
// typed request (parse.go, command.go, and a file per area of commands),
// help, the printing of a response (plain text or one JSON object), and
// the wire to a session's daemon (wire.go: WireRequest, Reply).
//
// Both binaries run it: the full CLI (cmd/agentbrowser) and the thin
// client installed as agentbrowser (cmd/agentbrowser-thin). Each gives it
// an Env: how to reach the daemon, the commands the binary runs itself
// (Local), and the checks it links (the requests' owners', the session
// settings'). The package links the request types, the events and small
// helpers only, none of the runtime, so that the thin client starts
// quickly; internal/layers holds it to that.
//
// A command that acts on the browser is a Command whose Parse builds its
// request from the Input; element arguments (a ref, a locator, a CSS
// selector) are read once, by the parser, into events.Target values
// (Input.Target, Input.FlagTarget). The daemon runs the request and
// answers with the response's JSON, which Execute prints with the keys
// sorted ({"ok":true,...} with --json), or with a fault, which the CLI
// words in its own terms (Steps).
package cli
