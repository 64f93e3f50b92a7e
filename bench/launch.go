package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/agentbrowser/agentbrowser/session"
)

// chromePath is the browser every library launches.
var chromePath = "/usr/bin/chromium"

// chromeFlags are the Chrome flags every library launches with:
// agentbrowser's defaults (with their window size) and out-of-process
// cross-site frames.
var chromeFlags = append(session.DefaultFlags(), "--site-per-process")

// chrome is a browser this harness started itself, for the raw CDP floor.
type chrome struct {
	cmd  *exec.Cmd
	dir  string
	ws   string // browser websocket
	base string // http://127.0.0.1:PORT
}

func launchChrome(ctx context.Context) (*chrome, error) {
	dir, err := os.MkdirTemp("", "bench-raw-")
	if err != nil {
		return nil, err
	}
	args := append(append([]string{}, chromeFlags...), "--remote-debugging-port=0", "--user-data-dir="+dir, "about:blank")
	cmd := exec.Command(chromePath, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	errp, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &chrome{cmd: cmd, dir: dir}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(errp)
		for sc.Scan() {
			if _, u, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				found <- u
			}
		}
	}()
	select {
	case u := <-found:
		c.ws = u
		c.base = "http://" + strings.Split(strings.TrimPrefix(u, "ws://"), "/")[0]
		return c, nil
	case <-ctx.Done():
		c.close()
		return nil, ctx.Err()
	}
}

type jsonTarget struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	URL   string `json:"url"`
	WS    string `json:"webSocketDebuggerUrl"`
	Title string `json:"title"`
}

// targets lists the browser's targets through its HTTP endpoint.
func (c *chrome) targets(ctx context.Context) ([]jsonTarget, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/json/list", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var ts []jsonTarget
	return ts, json.NewDecoder(res.Body).Decode(&ts)
}

// waitTarget polls the target list until one matches.
func (c *chrome) waitTarget(ctx context.Context, match func(jsonTarget) bool) (jsonTarget, error) {
	for {
		ts, err := c.targets(ctx)
		if err != nil {
			return jsonTarget{}, err
		}
		for _, t := range ts {
			if match(t) {
				return t, nil
			}
		}
		select {
		case <-ctx.Done():
			return jsonTarget{}, fmt.Errorf("no such target: %w", ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func (c *chrome) close() {
	if c.cmd.Process != nil {
		syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
		c.cmd.Wait()
		waitGroupGone(c.cmd.Process.Pid)
	}
	os.RemoveAll(c.dir)
}

// waitDirGone waits until no process runs with dir on its command line
// (a browser started with dir as its profile, and its children, which
// carry the flag too), for at most 10 s: for a library that does not
// start its browser in a process group of its own.
func waitDirGone(dir string) {
	waitGone(func() bool {
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, f := range procs {
			if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), dir) {
				return false
			}
		}
		return true
	})
}

// waitGroupGone waits until no process of the group pid leads is left,
// for at most 10 s. A browser's renderers take a second or more to die
// after the kill (32 tabs here: 1.1-1.5 s); a phase that follows another
// at once would otherwise share the CPUs with that teardown.
func waitGroupGone(pid int) {
	waitGone(func() bool { return syscall.Kill(-pid, 0) != nil })
}

// waitGone polls gone until it reports true, for at most 10 s.
func waitGone(gone func() bool) {
	deadline := time.Now().Add(10 * time.Second)
	for !gone() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
}
