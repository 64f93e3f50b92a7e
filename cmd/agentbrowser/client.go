package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/request"
)

// startAllowance covers starting a daemon and its browser, which is not part
// of a command's budget; the client's read deadline adds it to the budget
// only as a safety net, the daemon enforces the budget itself.
const startAllowance = 50 * time.Second

// callDaemon sends one request to the session's daemon, starting the daemon
// if none answers, and returns the reply. notice is set when an earlier
// daemon of this session ended because its browser died.
func callDaemon(g globals, q request.Request) (rep reply, notice string, err error) {
	req, err := newWireRequest(q, request.Options{TimeoutMS: g.TimeoutMS, Tab: g.Tab})
	if err != nil {
		return reply{}, "", err
	}
	return callDaemonCtx(context.Background(), g, req)
}

// callDaemonCtx sends req to the session's daemon like callDaemon. When ctx
// ends first the connection is closed, which makes the daemon cancel the
// command (an evaluate is terminated in the page).
func callDaemonCtx(ctx context.Context, g globals, req wireRequest) (rep reply, notice string, err error) {
	paths, err := pathsFor(g.Session)
	if err != nil {
		return reply{}, "", err
	}
	conn, err := dialDaemon(paths.Socket)
	if errors.Is(err, events.ErrUnsafeRuntimeDir) {
		return reply{}, "", err
	}
	if err != nil {
		if req.Command == (request.Close{}).Command() {
			b, _ := request.Body(request.CloseResult{Closed: false, Message: "no daemon running for session " + g.Session})
			return reply{Exit: exitOK, Body: b}, "", nil
		}
		if b, rerr := os.ReadFile(paths.Crashed); rerr == nil {
			notice = "the previous browser of session " + g.Session + " died (" + strings.TrimSpace(string(b)) + "); started a fresh one"
			os.Remove(paths.Crashed)
		} else if daemonDied(paths) {
			notice = "the previous daemon of session " + g.Session + " died without closing (killed?), and its browser with it; started a fresh browser"
		}
		conn, err = spawnDaemon(g, paths)
		if err != nil {
			return reply{}, notice, err
		}
	}
	req.Build = daemonBuild()
	rep, err = exchange(ctx, conn, g, req)
	if err == nil && req.Command == (request.Close{}).Command() && rep.Exit == exitOK {
		// The daemon stops listening just after it answers close: wait
		// for that, so that the next command starts a fresh daemon
		// instead of reaching this one on its way out.
		_ = waitGone(paths.Socket)
	}
	if err != nil || !rep.Replace {
		return rep, notice, err
	}
	// The daemon is of another build and is going away unused: wait for
	// it to stop listening, start one of ours and send the request again.
	if err := waitGone(paths.Socket); err != nil {
		return reply{}, notice, err
	}
	conn, err = spawnDaemon(g, paths)
	if err != nil {
		return reply{}, notice, err
	}
	notice = joinNotice(notice, "the daemon of session "+g.Session+" ran another build of agentbrowser; replaced it with this one ("+version+")")
	rep, err = exchange(ctx, conn, g, req)
	return rep, notice, err
}

// exchange sends req on conn, reads the reply and closes conn. When ctx
// ends first the connection is closed, which makes the daemon cancel the
// command (an evaluate is terminated in the page).
func exchange(ctx context.Context, conn net.Conn, g globals, req wireRequest) (rep reply, err error) {
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	// The request carries the budget (timeout_ms); the daemon answers
	// within it, so the read deadline past it is only a safety net.
	b := budget.FromMS(context.Background(), req.TimeoutMS)
	defer b.Cancel()
	conn.SetDeadline(b.Deadline().Add(startAllowance))
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return reply{}, fmt.Errorf("sending request to daemon: %w", err)
	}
	if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&rep); err != nil {
		if ctx.Err() != nil {
			return reply{}, fmt.Errorf("request cancelled: %w", ctx.Err())
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return reply{}, events.Errorf(events.CodeTimeout, "daemon did not answer within %v", b.Total()+startAllowance)
		}
		// The daemon died under us: most likely its browser took it down.
		return reply{}, events.Errorf(events.CodeBrowserCrashed, "daemon for session %s went away: %v", g.Session, err)
	}
	return rep, nil
}

// waitGone waits until nothing accepts connections on socket any more.
func waitGone(socket string) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("unix", socket, time.Second)
		if err != nil {
			return nil
		}
		c.Close()
		time.Sleep(20 * time.Millisecond) // polling a socket we do not own; no event to wait on
	}
	return events.Errorf(events.CodeTimeout, "the daemon of another build did not exit within 10s; run 'agentbrowser close' and retry")
}

func joinNotice(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// spawnDaemon starts "agentbrowser serve" for the session in the
// background, detached from this process, and waits for its socket.
func spawnDaemon(g globals, paths sessionPaths) (net.Conn, error) {
	exe, err := daemonExecutable()
	if err != nil {
		return nil, err
	}
	args := []string{"serve", "--session", g.Session, "--idle-timeout", g.Idle.String(), "--log-level", g.LogLevel}
	// The remote endpoint travels in the environment, so that header
	// values never show on a command line; a session whose earlier daemon
	// used a remote endpoint keeps it (never a local browser instead).
	remote := remoteOf(g)
	if remote.empty() {
		remote, _ = loadRemote(paths)
	}
	remoteJSON, _ := json.Marshal(remote)
	for k, v := range g.Settings {
		args = append(args, "--"+k+"="+v)
	}
	logf, err := os.OpenFile(paths.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening daemon log: %w", err)
	}
	defer logf.Close()
	c := exec.Command(exe, args...)
	c.Stdout, c.Stderr = logf, logf
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	c.Env = append(os.Environ(), "AGENTBROWSER_DAEMON=1", remoteEnv+"="+string(remoteJSON))
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("starting daemon: %w", err)
	}
	pid := c.Process.Pid
	exited := make(chan struct{})
	go func() { c.Wait(); close(exited) }()

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		conn, err := dialDaemon(paths.Socket)
		if err == nil || errors.Is(err, events.ErrUnsafeRuntimeDir) {
			return conn, err
		}
		select {
		case <-exited:
			// Lost a race with another client's daemon? Then its socket
			// answers; otherwise the daemon failed to start.
			if conn, err := dialDaemon(paths.Socket); err == nil || errors.Is(err, events.ErrUnsafeRuntimeDir) {
				return conn, err
			}
			return nil, fmt.Errorf("daemon (pid %d) exited at start; see %s", pid, paths.Log)
		case <-ctx.Done():
			return nil, events.Errorf(events.CodeTimeout, "daemon did not start within 20s; see %s", paths.Log)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// sessionStatus asks a session's daemon how it is, without starting one.
func sessionStatus(name string) (request.StatusResult, bool) {
	paths, err := pathsFor(name)
	if err != nil {
		return request.StatusResult{}, false
	}
	conn, err := dialDaemon(paths.Socket)
	if err != nil {
		return request.StatusResult{}, false
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(3 * time.Second))
	req, _ := newWireRequest(request.Status{}, request.Options{TimeoutMS: 2000})
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return request.StatusResult{}, false
	}
	var rep reply
	if err := json.NewDecoder(conn).Decode(&rep); err != nil || rep.Exit != exitOK {
		return request.StatusResult{}, false
	}
	var st request.StatusResult
	if json.Unmarshal(rep.Body, &st) != nil {
		return request.StatusResult{}, false
	}
	return st, true
}

// daemonExecutable is the binary started as a daemon: this one. Tests that
// run the MCP server in their own process point it at a built binary.
var daemonExecutable = os.Executable
