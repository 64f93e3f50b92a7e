package main_test

import (
	"net"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestNoDevToolsPortByDefault(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.ok("open", srv.MainURL("/counter"))
	st := c.ok("status")
	require.Empty(t, st["endpoint"], "a piped browser has no endpoint")
	require.NotContains(t, st, "warning")
}

func TestOptInDevToolsPortListensAndStatusWarns(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.ok("--remote-debugging-port", "0", "open", srv.MainURL("/counter"))
	st := c.ok("status")
	ep, _ := st["endpoint"].(string)
	u, err := url.Parse(ep)
	require.NoError(t, err)
	require.Equal(t, "ws", u.Scheme, "status names the DevTools endpoint: %v", st)
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	require.NoError(t, err, "the opted-in port listens")
	conn.Close()
	require.Contains(t, st["warning"], "every local user")

	o := c.json("--remote-debugging-port", "70000", "status")
	require.Equal(t, 2, o.Exit)
	require.Equal(t, "invalid_argument", o.errCode())
}

// The daemon runs on one scheduler thread unless GOMAXPROCS names
// another count, which it keeps.
func TestDaemonProcs(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.env = append(c.env, "GOMAXPROCS=")
	c.ok("open", srv.MainURL("/counter"))
	require.Equal(t, float64(1), c.ok("status")["procs"])

	c2 := newCLI(t)
	c2.env = append(c2.env, "GOMAXPROCS=2")
	c2.ok("open", srv.MainURL("/counter"))
	require.Equal(t, float64(2), c2.ok("status")["procs"])
}
