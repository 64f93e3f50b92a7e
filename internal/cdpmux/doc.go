// Package cdpmux multiplexes Chrome DevTools Protocol flat sessions over one
// transport: a websocket (Dial) or a launched browser's
// --remote-debugging-pipe (NewPipe).
//
// mafredri/cdp's rpcc speaks to one endpoint per connection and its session
// package uses the deprecated non-flat Target.sendMessageToTarget path. Chrome's
// current model is one websocket in which every message carries a sessionId.
// Conn owns that transport: a single reader goroutine peels each frame, finds
// the session it belongs to and appends it to that session's queue. Each
// session is exposed as its own rpcc.Conn (built with a custom dialer and
// codec), so the generated cdp.Client works per target unchanged.
//
// The reader never blocks on a consumer: queues are unbounded up to a cap,
// and a session whose queue overflows is failed alone. Request ids are unique
// across the whole socket and translated back to the ids each rpcc.Conn chose.
package cdpmux
