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
)

// startAllowance covers starting a daemon and its browser, which is not part
// of a command's budget; the client's read deadline adds it to the budget
// only as a safety net, the daemon enforces the budget itself.
const startAllowance = 50 * time.Second

// callDaemon sends one request to the session's daemon, starting the daemon
// if none answers, and returns the reply. notice is set when an earlier
// daemon of this session ended because its browser died.
func callDaemon(g globals, cmd *Command, in Input) (rep reply, notice string, err error) {
	paths, err := pathsFor(g.Session)
	if err != nil {
		return reply{}, "", err
	}
	conn, err := net.Dial("unix", paths.Socket)
	if err != nil {
		if cmd.Name == "close" {
			b, _ := json.Marshal(okBody(Result{"closed": false, "message": "no daemon running for session " + g.Session}))
			return reply{Exit: exitOK, Body: b}, "", nil
		}
		if b, rerr := os.ReadFile(paths.Crashed); rerr == nil {
			notice = "the previous browser of session " + g.Session + " died (" + strings.TrimSpace(string(b)) + "); started a fresh one"
			os.Remove(paths.Crashed)
		}
		conn, err = spawnDaemon(g, paths)
		if err != nil {
			return reply{}, notice, err
		}
	}
	defer conn.Close()
	// The request carries the budget (timeout_ms); the daemon answers
	// within it, so the read deadline past it is only a safety net.
	b := budget.FromMS(context.Background(), g.TimeoutMS)
	defer b.Cancel()
	conn.SetDeadline(b.Deadline().Add(startAllowance))
	if err := json.NewEncoder(conn).Encode(request{Command: cmd.Name, Input: in, TimeoutMS: g.TimeoutMS}); err != nil {
		return reply{}, notice, fmt.Errorf("sending request to daemon: %w", err)
	}
	if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&rep); err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return reply{}, notice, events.Errorf(events.CodeTimeout, "daemon did not answer within %v", b.Total()+startAllowance)
		}
		// The daemon died under us: most likely its browser took it down.
		return reply{}, notice, events.Errorf(events.CodeBrowserCrashed, "daemon for session %s went away: %v", g.Session, err)
	}
	return rep, notice, nil
}

// spawnDaemon starts "agentbrowser serve" for the session in the
// background, detached from this process, and waits for its socket.
func spawnDaemon(g globals, paths sessionPaths) (net.Conn, error) {
	exe, err := os.Executable()
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
		conn, err := net.Dial("unix", paths.Socket)
		if err == nil {
			return conn, nil
		}
		select {
		case <-exited:
			// Lost a race with another client's daemon? Then its socket
			// answers; otherwise the daemon failed to start.
			if conn, err := net.Dial("unix", paths.Socket); err == nil {
				return conn, nil
			}
			return nil, fmt.Errorf("daemon (pid %d) exited at start; see %s", pid, paths.Log)
		case <-ctx.Done():
			return nil, events.Errorf(events.CodeTimeout, "daemon did not start within 20s; see %s", paths.Log)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// sessionStatus asks a session's daemon how it is, without starting one.
func sessionStatus(name string) (map[string]any, bool) {
	paths, err := pathsFor(name)
	if err != nil {
		return nil, false
	}
	conn, err := net.DialTimeout("unix", paths.Socket, time.Second)
	if err != nil {
		return nil, false
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(3 * time.Second))
	if err := json.NewEncoder(conn).Encode(request{Command: "status", TimeoutMS: 2000}); err != nil {
		return nil, false
	}
	var rep reply
	if err := json.NewDecoder(conn).Decode(&rep); err != nil {
		return nil, false
	}
	var body map[string]any
	if json.Unmarshal(rep.Body, &body) != nil {
		return nil, false
	}
	return body, true
}
