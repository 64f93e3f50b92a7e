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
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/request"
)

// answerAllowance is how long past a command's budget the client waits for
// the daemon's answer: only a safety net against a daemon that never
// answers, as the daemon enforces the budget itself (launching the browser
// included).
const answerAllowance = 30 * time.Second

// callDaemonCtx sends req to the session's daemon like callDaemon. When ctx
// ends first the connection is closed, which makes the daemon cancel the
// command (an evaluate is terminated in the page). req.TimeoutMS is the
// whole budget, starting now: starting a daemon and its browser spends it
// too, and the daemon gets what is left.
func callDaemonCtx(ctx context.Context, g cli.Globals, req cli.WireRequest) (rep cli.Reply, notice string, err error) {
	deadline := time.Now().Add(cli.MSDuration(req.TimeoutMS))
	if b := req.AppendJSON(nil); len(b)+512 > cli.MaxRequestBytes {
		// Refused here, before a daemon or browser starts: the daemon would
		// stop reading it at the limit.
		return cli.Reply{}, "", cli.ErrRequestTooLarge
	}
	paths, err := pathsFor(g.Session)
	if err != nil {
		return cli.Reply{}, "", err
	}
	conn, notice, err := reachDaemon(g, paths, deadline, req.Command != (request.Close{}).Command())
	if err != nil {
		return cli.Reply{}, notice, err
	}
	if conn == nil {
		// close, and no daemon runs or is starting.
		b, _ := request.Marshal(request.CloseResult{Closed: false, Message: "no daemon running for session " + g.Session})
		return cli.Reply{Exit: cli.ExitOK, Response: b}, "", nil
	}
	req.Build = daemonBuild()
	rep, err = exchange(ctx, conn, g, withinDeadline(req, deadline))
	if err == nil && req.Command == (request.Close{}).Command() && rep.Exit == cli.ExitOK {
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
		return cli.Reply{}, notice, err
	}
	conn, n, err := reachDaemon(g, paths, deadline, true)
	notice = joinNotice(notice, n)
	if err != nil {
		return cli.Reply{}, notice, err
	}
	notice = joinNotice(notice, "the daemon of session "+g.Session+" ran another build of agentbrowser; replaced it with this one ("+version+")")
	rep, err = exchange(ctx, conn, g, withinDeadline(req, deadline))
	return rep, notice, err
}

// withinDeadline gives req what is left of its budget at deadline.
func withinDeadline(req cli.WireRequest, deadline time.Time) cli.WireRequest {
	left := time.Until(deadline).Milliseconds()
	req.TimeoutMS = int(max(left, 1))
	return req
}

// reachDaemon connects to the session's daemon. When none answers and
// start is set, it starts one, so that however many clients race, the
// session gets one daemon: the session's lock decides. A client that takes
// the lock starts the daemon and hands the lock to it (the daemon holds it
// for its whole life); every other client sees the lock held and waits for
// that daemon's socket, or, when the lock is a daemon's on its way out,
// for the lock to come free. Without start (close), a session with no
// daemon and no lock holder gives a nil conn, and one whose daemon is
// starting waits for it, so that close reaches it. notice says when an
// earlier daemon of the session died.
func reachDaemon(g cli.Globals, paths sessionPaths, deadline time.Time, start bool) (conn net.Conn, notice string, err error) {
	conn, err = dialDaemon(paths.Socket)
	if err == nil || errors.Is(err, events.ErrUnsafeRuntimeDir) {
		return conn, "", err
	}
	lock, err := os.OpenFile(paths.Lock, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, "", fmt.Errorf("opening the session's lock %s: %w", paths.Lock, err)
	}
	defer lock.Close()
	for {
		conn, err = dialDaemon(paths.Socket)
		if err == nil || errors.Is(err, events.ErrUnsafeRuntimeDir) {
			return conn, "", err
		}
		if syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			// No daemon runs, none is starting, none is on its way out.
			if !start {
				return nil, "", nil
			}
			notice = crashNotice(g, paths)
			conn, err = spawnDaemon(g, paths, lock, deadline)
			return conn, notice, err
		}
		if time.Now().After(deadline) {
			return nil, "", startTimeout(g, paths)
		}
		time.Sleep(20 * time.Millisecond) // polling another process's start: no event to wait on
	}
}

// crashNotice says why the session's earlier daemon is gone, when it did
// not close on purpose. The caller holds the session's lock, so no daemon
// runs: a socket file left behind is a dead daemon's.
func crashNotice(g cli.Globals, paths sessionPaths) string {
	if b, err := safefile.ReadFile(paths.Crashed, 64<<10, safefile.Options{NoFollow: true}); err == nil {
		os.Remove(paths.Crashed)
		return "the previous browser of session " + g.Session + " died (" + strings.TrimSpace(string(b)) + "); started a fresh one"
	}
	if daemonDied(paths) {
		return "the previous daemon of session " + g.Session + " died without closing (killed?), and its browser with it; started a fresh browser"
	}
	return ""
}

// startTimeout is the error of a command whose budget ran out while the
// session's daemon started.
func startTimeout(g cli.Globals, paths sessionPaths) error {
	return events.Errorf(events.CodeTimeout,
		"the daemon of session %s did not start within the command's budget (--timeout-ms); it goes on starting: run the command again (its log: %s)", g.Session, paths.Log)
}

// exchange sends req on conn, reads the reply and closes conn. When ctx
// ends first the connection is closed, which makes the daemon cancel the
// command (an evaluate is terminated in the page).
func exchange(ctx context.Context, conn net.Conn, g cli.Globals, req cli.WireRequest) (rep cli.Reply, err error) {
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	// The request carries the budget (timeout_ms); the daemon answers
	// within it, so the read deadline past it is only a safety net.
	b := budget.FromMS(context.Background(), req.TimeoutMS)
	defer b.Cancel()
	conn.SetDeadline(b.Deadline().Add(answerAllowance))
	if _, err := conn.Write(append(req.AppendJSON(nil), '\n')); err != nil {
		return cli.Reply{}, fmt.Errorf("sending request to daemon: %w", err)
	}
	if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&rep); err != nil {
		if ctx.Err() != nil {
			return cli.Reply{}, fmt.Errorf("request cancelled: %w", ctx.Err())
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return cli.Reply{}, events.Errorf(events.CodeTimeout, "daemon did not answer within %v", b.Total()+answerAllowance)
		}
		// The daemon died under us: most likely its browser took it down.
		return cli.Reply{}, events.Errorf(events.CodeBrowserCrashed, "daemon for session %s went away: %v", g.Session, err)
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
// background, detached from this process, handing it the session's lock
// (which the caller holds), and waits, until deadline, for its socket.
func spawnDaemon(g cli.Globals, paths sessionPaths, lock *os.File, deadline time.Time) (net.Conn, error) {
	exe, err := daemonExecutable()
	if err != nil {
		return nil, err
	}
	args := []string{"serve", "--session", g.Session, "--idle-timeout", g.Idle.String(), "--log-level", g.LogLevel}
	// The remote endpoint travels in the environment, so that header
	// values never show on a command line; a session whose earlier daemon
	// used a remote endpoint keeps it (never a local browser instead).
	remote := cli.RemoteOf(g)
	if remote.Empty() {
		remote, _ = loadRemote(paths)
	}
	remoteJSON, _ := json.Marshal(remote)
	for k, v := range g.Settings {
		if f, ok := cli.SettingFlag(k); ok && f.Kind == cli.Multi {
			// One flag a value, as the user gave them.
			for _, e := range cli.MultiValues(v) {
				args = append(args, "--"+k+"="+e)
			}
			continue
		}
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
	// The lock is the child's fd 3; it holds the lock from now on, as this
	// process's descriptor and the child's share it.
	c.ExtraFiles = []*os.File{lock}
	c.Env = append(os.Environ(), "AGENTBROWSER_DAEMON=1", remoteEnv+"="+string(remoteJSON), lockFDEnv+"=3")
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("starting daemon: %w", err)
	}
	pid := c.Process.Pid
	exited := make(chan struct{})
	go func() { c.Wait(); close(exited) }()

	wait := time.NewTimer(min(time.Until(deadline), daemonStartTimeout))
	defer wait.Stop()
	for {
		conn, err := dialDaemon(paths.Socket)
		if err == nil || errors.Is(err, events.ErrUnsafeRuntimeDir) {
			return conn, err
		}
		select {
		case <-exited:
			if conn, err := dialDaemon(paths.Socket); err == nil || errors.Is(err, events.ErrUnsafeRuntimeDir) {
				return conn, err
			}
			return nil, fmt.Errorf("daemon (pid %d) exited at start; see %s", pid, paths.Log)
		case <-wait.C:
			if time.Now().Before(deadline) {
				return nil, events.Errorf(events.CodeTimeout, "daemon did not start within %v; see %s", daemonStartTimeout, paths.Log)
			}
			return nil, startTimeout(g, paths)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// daemonStartTimeout bounds the wait for a daemon's socket whatever the
// budget: a daemon listens before it launches its browser.
const daemonStartTimeout = 20 * time.Second

// lockFDEnv names, in a daemon's environment, the descriptor of the
// session's lock its starter handed it.
const lockFDEnv = "AGENTBROWSER_LOCK_FD"

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
	req, _ := cli.NewWireRequest(request.Status{}, request.Options{TimeoutMS: 2000})
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return request.StatusResult{}, false
	}
	var rep cli.Reply
	if err := json.NewDecoder(conn).Decode(&rep); err != nil || rep.Exit != cli.ExitOK {
		return request.StatusResult{}, false
	}
	var st request.StatusResult
	if json.Unmarshal(rep.Response, &st) != nil {
		return request.StatusResult{}, false
	}
	return st, true
}

// daemonExecutable is the binary started as a daemon: this one. Tests that
// run the MCP server in their own process point it at a built binary.
var daemonExecutable = os.Executable
