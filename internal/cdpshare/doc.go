// Package cdpshare shares one browser's --remote-debugging-pipe between
// several CDP clients, each a websocket on a unix socket, so that sessions
// in other processes can share a browser without a DevTools TCP port that
// every local user could reach.
//
// A pipe has one peer, and Chrome keeps per-connection state (auto-attach,
// target discovery) per DevTools session. So each client gets a session of
// its own on the browser target (Target.attachToBrowserTarget), which acts
// as that client's root: what the client sends without a sessionId goes to
// it, and its replies and events come back without one. Sessions the
// client attaches through it (flat mode) belong to the client, learned
// from Target.attachedToTarget, and their messages go back and forth as
// they are. Request ids are rewritten so that clients' ids never collide.
// When a client leaves, its browser-target session is detached, which ends
// what it attached and disposes the browser contexts it made with
// disposeOnDetach.
package cdpshare
