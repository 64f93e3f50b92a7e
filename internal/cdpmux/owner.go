package cdpmux

import "sync"

// owners maps a public object that holds a transport (a session) to its
// Conn. It lets agentbrowser's own packages reach the transport of a
// session without the session's public API naming this internal type.
var owners sync.Map

// Bind records c as owner's transport until Unbind.
func Bind(owner any, c *Conn) { owners.Store(owner, c) }

// Unbind forgets owner's transport.
func Unbind(owner any) { owners.Delete(owner) }

// Of returns owner's transport, or nil when none is bound.
func Of(owner any) *Conn {
	c, _ := owners.Load(owner)
	conn, _ := c.(*Conn)
	return conn
}
