// Package bus is the typed, in-process event bus that a BrowserSession's
// components (session, actions, watchdogs) talk through.
//
// Handlers subscribe to an event type with On and return a typed result;
// callers send an event with Dispatch, which waits for every handler and
// returns a Result holding each handler's value, error and duration, or with
// DispatchFirst, which returns the first handler's value. Guards registered
// with Guard run before the handlers of their event type and can veto it, so
// a security check or "a dialog is blocking this page" stops an action before
// it starts.
//
// Routing by topic is done by github.com/asaskevich/EventBus, but no user
// code ever runs inside it. That library runs handlers while holding its
// mutex (so a handler that publishes or subscribes deadlocks), lets handler
// panics kill the process, and unsubscribes by function code pointer (so two
// closures made from one literal cannot be told apart). This package
// therefore subscribes a single collector per event type to EventBus; the
// collector only copies the current handler list into the dispatch, and the
// handlers then run outside every lock. Subscriptions are kept in our own
// registry under unique IDs, and panics become *PanicError results.
//
// # Deadlines
//
// Each dispatch has exactly one deadline, shared by its guards, handlers and
// any child events they dispatch with the context they were given. It is the
// caller's context deadline or, when the context has none, the event's
// DefaultTimeout method (see DefaultTimeouter) or Config.DefaultTimeout.
// There are no per-handler timeouts that add up. Every guard and handler runs
// in its own goroutine; when the deadline passes, Dispatch stops waiting,
// records a timeout and does not start the remaining handlers. A handler that
// ignores its context keeps running in the background until it returns, and
// its result is discarded; handlers should therefore watch ctx.Done.
//
// # Re-entrancy and isolation
//
// A handler may dispatch a child event with the context it received and wait
// for it; the child's Record carries the parent's EventID as ParentID. It may
// also subscribe and unsubscribe. Each Bus owns all of its state and locks,
// so a slow handler on one session's bus never delays another's.
package bus
