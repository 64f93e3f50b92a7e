// Package fakecdp is a small Chrome DevTools Protocol peer for fault tests.
//
// A Server is an httptest server on 127.0.0.1 that upgrades any
// /devtools/... path to a websocket and serves /json/version the way Chrome
// does, so that code under test can connect by ws:// or http:// URL. Every
// accepted websocket becomes a Client. Each request read from a Client is
// recorded (see Server.Requests) and handed to the test's Handler on its own
// goroutine, so a handler that holds back one reply never delays another.
//
// The test drives the protocol by hand through the Client: Reply and
// ReplyError answer a request, Event sends a notification on any session,
// SendRaw writes arbitrary frames and Drop cuts the TCP connection without a
// websocket close. Nothing is answered unless the handler answers it; a nil
// Handler replies {} to everything.
//
// A Server closes itself in t.Cleanup: it drops its clients and waits for
// their read loops and for every handler call, so handlers that block must
// return once Client.Done is closed.
package fakecdp
