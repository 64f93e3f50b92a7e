package main_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// socketReply is the daemon's answer to one raw request: the response of
// a request that succeeded, or its fault.
type socketReply struct {
	Exit     int `json:"exit"`
	Response struct {
		Value any `json:"value"`
	} `json:"response"`
	Fault *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"fault"`
	whole map[string]any // the answer as the CLI prints it
}

// rawRequest sends payload on the session's socket as is and reads the
// one reply; a daemon that closes without one gives ok false. With
// closeWrite the client then shuts its side (which also tells the daemon
// that its caller went away).
func (c *cli) rawRequest(t *testing.T, payload []byte, closeWrite bool) (rep socketReply, ok bool) {
	t.Helper()
	conn, err := net.Dial("unix", filepath.Join(c.home, "default.sock"))
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(c.home, "default.log"))
		t.Fatalf("the daemon is gone (%v); the end of its log:\n%s", err, log[max(0, len(log)-3000):])
	}
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(hostileCeiling)))
	// Write in the background: the daemon stops reading an oversized
	// request and answers before the whole of it is sent.
	go func() {
		conn.Write(payload)
		if closeWrite {
			conn.(*net.UnixConn).CloseWrite()
		}
	}()
	line, err := bufio.NewReader(conn).ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return rep, false
	}
	require.NoError(t, json.Unmarshal(line, &rep), "%.300s", line)
	var whole struct {
		Response map[string]any `json:"response"`
		Fault    map[string]any `json:"fault"`
	}
	require.NoError(t, json.Unmarshal(line, &whole))
	rep.whole = map[string]any{"ok": whole.Fault == nil}
	for k, v := range whole.Response {
		rep.whole[k] = v
	}
	if whole.Fault != nil {
		rep.whole["error"] = whole.Fault
	}
	return rep, true
}

// TestHostileSocketGarbage: garbage, malformed and incomplete requests on
// the daemon's socket each get a usage error (or a closed connection for
// nothing at all) and the daemon goes on; a request of 10 MB is read and
// run; one over 16 MiB is answered as too large, not as an EOF.
func TestHostileSocketGarbage(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	c.ok("eval", "1")
	for _, p := range []string{"{oops\n", "[]\n", "\x00\xff\xfe garbage\n", `{"command":"eval"}` + "\n",
		`{"command":"nope","timeout_ms":1000}` + "\n", `{"command":"eval","timeout_ms":-5}` + "\n",
		`{"command":"eval","request":{"expression":1},"timeout_ms":1000}` + "\n", `{"command":"eval","request":`,
		`{"command":"close","timeout_ms":99999999999999999999}` + "\n"} {
		rep, ok := c.rawRequest(t, []byte(p), !strings.HasSuffix(p, "\n"))
		if ok {
			require.NotNil(t, rep.Fault, "%q", p)
			require.Equal(t, "invalid_argument", rep.Fault.Code, "%q", p)
			require.Equal(t, 2, rep.Exit, "%q", p)
		}
		require.Equal(t, float64(2), c.ok("eval", "1+1")["value"], "after %q", p)
	}
	// 10 MB: a long comment after the expression.
	big := `{"command":"eval","request":{"expression":"1//` + strings.Repeat("x", 10<<20) + `"},"timeout_ms":30000}` + "\n"
	rep, ok := c.rawRequest(t, []byte(big), false)
	require.True(t, ok)
	require.Nil(t, rep.Fault, "%+v", rep.Fault)
	require.Equal(t, float64(1), rep.Response.Value)
	// Over 16 MiB: too large, said so.
	huge := `{"command":"eval","request":{"expression":"1//` + strings.Repeat("x", 17<<20) + `"},"timeout_ms":30000}` + "\n"
	rep, ok = c.rawRequest(t, []byte(huge), false)
	require.True(t, ok, "no answer to a request over 16 MiB")
	require.NotNil(t, rep.Fault)
	require.Equal(t, "invalid_argument", rep.Fault.Code)
	require.Contains(t, rep.Fault.Message, "larger than")
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
}

// TestHostileOversizedRequestIsRefusedFirst: a command whose request would
// exceed 16 MiB (a script of 17 MiB on stdin) is refused by the CLI before
// a daemon or browser starts.
func TestHostileOversizedRequestIsRefusedFirst(t *testing.T) {
	c := newCLI(t)
	cmd := c.command("--json", "eval", "--stdin")
	cmd.Stdin = strings.NewReader("1//" + strings.Repeat("x", 17<<20))
	out, err := cmd.Output()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 2, ee.ExitCode())
	require.Contains(t, string(out), `"invalid_argument"`)
	require.Contains(t, string(out), "larger than")
	_, err = os.Stat(filepath.Join(c.home, "default.sock"))
	require.True(t, os.IsNotExist(err), "a refused request started a daemon")

	// An endless standard input is refused without being read whole.
	zero, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer zero.Close()
	cmd = c.command("--json", "eval", "--stdin")
	cmd.Stdin = zero
	out, err = cmd.Output()
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 2, ee.ExitCode())
	require.Contains(t, string(out), "larger than")
}

// TestHostileIdleConnections: 500 connections that never send anything do
// not keep the daemon from answering, and it drops them.
func TestHostileIdleConnections(t *testing.T) {
	t.Parallel() // most of it is waiting for the daemon's read deadline
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	c.ok("eval", "1")
	var conns []net.Conn
	defer func() {
		for _, cn := range conns {
			cn.Close()
		}
	}()
	for range 500 {
		cn, err := net.Dial("unix", filepath.Join(c.home, "default.sock"))
		require.NoError(t, err)
		conns = append(conns, cn)
	}
	o := c.json("eval", "6*7")
	require.Equal(t, float64(42), o.Body["value"], o.Stdout)
	require.Less(t, o.Dur, hostileCeiling)
	// The daemon gives up on each within its read deadline: it says why
	// and closes.
	cn := conns[0]
	require.NoError(t, cn.SetReadDeadline(time.Now().Add(hostileCeiling)))
	b, err := io.ReadAll(cn)
	require.NoError(t, err, "the daemon keeps an idle connection open")
	require.Contains(t, string(b), "invalid_argument")
}

// TestHostileKilledClient: a client killed while its script spins makes
// the daemon cancel the command and terminate the script; the next command
// answers at once.
func TestHostileKilledClient(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	c.ok("eval", "1")
	cmd := c.command("--json", "--timeout-ms", "600000", "eval", "for(;;){}")
	require.NoError(t, cmd.Start())
	c.waitBusy(func() outcome { return outcome{} })
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	o := c.json("--timeout-ms", "20000", "eval", "1+1")
	require.Equal(t, float64(2), o.Body["value"], o.Stdout)
}
