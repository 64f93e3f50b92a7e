// Package bus is the typed, in-process event bus that a BrowserSession's
// components (session, actions, watchdogs) talk through.
//
// # Owners, contributors, observers and guards
//
// An event type is one of three kinds, and each subscriber has one role:
//
//   - A request (an action, a query) implements Request[R]: its one method
//     binds the result type R to the event type. It has exactly one owner
//     per bus, subscribed with Handle, which alone supplies the result; a
//     second owner is refused with an error naming both. Ask sends a
//     request and returns its owner's R, inferred from the event.
//   - A gathered request implements GatherRequest[P]: several contributors,
//     subscribed with Contribute, each supply one part P (the page state
//     is gathered from every watchdog that knows a section of it). Gather
//     returns every part with its contributor's name and error.
//   - A notification (a tab was created, a dialog opened) implements
//     neither; its sender hands it to observers with Notify.
//
// Observers, subscribed with Observe, see every event of their type that
// happens (a request once its guards let it through, a notification when it
// is sent). They never supply or change a result, and their panics are
// logged, never returned: each has its own mailbox, drained on a goroutine
// of the bus, so the caller does not wait for them at all. What an observer
// receives is its own deep copy, made before the owner runs: writing
// through a pointer, slice or map it was given changes nothing the owner,
// the caller or another observer sees (see observerCopy for the rules). An
// observer that needs to know how a request ended, vetoes included,
// observes its Outcome[E, R], which the bus publishes when each dispatch
// ends, with copies of the event and the result. Observer deliveries are
// not counted by InFlight, and an observer that panics or calls
// runtime.Goexit still receives later events.
//
// Guards, registered with Guard, run before the owner or contributors of
// their event type and can veto it, so a security check or "a dialog is
// blocking this page" stops an action before it starts. A session seals
// its bus once its components have attached (SealGuards): a guard
// registered later, by an observer say, is refused. Dispatch, the
// untyped form for tooling, returns a Result holding every handler's value,
// error and duration.
//
// Routing by topic is done by github.com/asaskevich/EventBus, but no user
// code ever runs inside it. That library runs handlers while holding its
// mutex (so a handler that publishes or subscribes deadlocks), lets handler
// panics kill the process, and unsubscribes by function code pointer (so two
// closures made from one literal cannot be told apart). This package
// therefore subscribes a single collector per event type to EventBus; the
// collector only hands the type's current subscriber lists to the dispatch,
// and the subscribers then run outside every lock. Subscriptions are kept in our own
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
