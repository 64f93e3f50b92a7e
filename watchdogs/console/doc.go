// Package console is the ConsoleWatchdog: it keeps, per tab, the recent
// console errors, warnings and uncaught exceptions of the tab's page and of
// every out-of-process iframe in it, so that an agent learns that a page
// failed without reading its whole console.
//
// Messages come from Runtime.consoleAPICalled and Runtime.exceptionThrown on
// every attached session (the page's and each OOPIF's; a message from an
// OOPIF is filed under the tab it belongs to). Each tab has two bounded
// rings: the last Config.Capacity errors and warnings (console.error,
// console.warn, failed console.assert, uncaught exceptions), and the last
// Config.AllCapacity messages of any level. A message's frame is the frame
// of the execution context that logged it (from
// Runtime.executionContextCreated's auxData.frameId), or the target's own
// frame (the page's top frame, the OOPIF's frame) when that context is not
// known. Text is cut at Config.MaxText characters. A page that logs in a
// tight loop costs bounded memory: the rings, two counters, and each
// session's event stream, which its own goroutine drains as fast as the
// browser sends.
//
// Each message gets an id unique in the session (c-1, c-2, ...) and keeps
// its arguments (values cut at Config.MaxText) and the stack trace the
// browser gave with it (at most 40 frames, asynchronous parents included).
//
// It handles:
//   - events.ConsoleEvent: the messages of one ring, oldest first, and
//     optionally clears both rings;
//   - events.ConsoleGetEvent: one message in full, by its id;
//   - events.BrowserStateRequestEvent: the console section, the numbers of
//     errors and warnings since the previous state request for the tab,
//     which it then resets. The messages themselves are not in the state.
package console
