// Package budget turns a caller's time allowance into the one deadline every
// layer below works to.
//
// A caller gives a budget as a timeout (the CLI's --timeout-ms, the daemon
// request's timeout_ms) or as its context's deadline (the Go API). New
// combines both into a Budget: the caller's Deadline, a cancel signal (the
// caller's context plus Cancel) and Remaining, the time left for work. The
// work stops Reserve before the deadline so that what remains of the budget
// pays for answering: terminating a script, detaching a session, encoding
// and sending the reply. The caller's deadline is therefore never overrun
// by our own overhead.
//
// Every interface uses a budget with the same meaning: the Go API passes its
// context to the bus, and the handler that does the work calls FromContext;
// the daemon calls New with the request's timeout_ms and runs the command
// under Context; the CLI calls New with --timeout-ms for its connection. No
// layer invents a deadline of its own.
package budget
