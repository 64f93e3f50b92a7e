//go:build !linux

package rundir

import "net"

// peerUID cannot tell the peer's uid here; callers that need the check use
// a platform-specific way of their own (the full CLI does on macOS).
func peerUID(c *net.UnixConn) (int, bool, error) { return -1, false, nil }
