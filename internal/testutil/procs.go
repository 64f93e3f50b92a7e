package testutil

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// procStat is the part of /proc/PID/stat the helpers need.
type procStat struct {
	pid, ppid, pgrp int
	state           byte
}

func readStats() []procStat {
	ents, _ := os.ReadDir("/proc")
	var out []procStat
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The command name is in parentheses and may hold spaces; the
		// fields after its closing parenthesis are fixed.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pgrp, _ := strconv.Atoi(f[2])
		out = append(out, procStat{pid: pid, ppid: ppid, pgrp: pgrp, state: f[0][0]})
	}
	return out
}

// LiveProcesses lists the processes, zombies excluded, that are in process
// group root or descend from process root.
func LiveProcesses(root int) []int {
	stats := readStats()
	parent := map[int]int{}
	for _, p := range stats {
		parent[p.pid] = p.ppid
	}
	var out []int
	for _, p := range stats {
		if p.state == 'Z' {
			continue
		}
		in := p.pgrp == root
		for q, n := p.pid, 0; !in && q > 1 && n < 64; q, n = parent[q], n+1 {
			in = q == root
		}
		if in {
			out = append(out, p.pid)
		}
	}
	return out
}

// ListeningTCP returns the local addresses (hex, as /proc/net/tcp writes
// them) of the TCP sockets in LISTEN state that any of pids holds open.
func ListeningTCP(pids []int) []string {
	inodes := map[string]bool{}
	for _, pid := range pids {
		dir := filepath.Join("/proc", strconv.Itoa(pid), "fd")
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			link, err := os.Readlink(filepath.Join(dir, e.Name()))
			if err == nil && strings.HasPrefix(link, "socket:[") {
				inodes[strings.TrimSuffix(strings.TrimPrefix(link, "socket:["), "]")] = true
			}
		}
	}
	var out []string
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(table)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Scan() // header
		for sc.Scan() {
			// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
			fl := strings.Fields(sc.Text())
			if len(fl) < 10 {
				continue
			}
			if fl[3] == "0A" && inodes[fl[9]] {
				out = append(out, fl[1])
			}
		}
		f.Close()
	}
	return out
}

// runningFrom lists the live processes whose executable is path (a binary a
// test built), zombies excluded.
func runningFrom(path string) []int {
	var out []int
	for _, p := range readStats() {
		if p.state == 'Z' {
			continue
		}
		if exe, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(p.pid), "exe")); err == nil && exe == path {
			out = append(out, p.pid)
		}
	}
	return out
}

// NoneRunningFrom waits until no process runs from any of paths (a daemon
// told to close may take a moment to exit) and returns the ones still
// running after within, after killing them. A test binary's TestMain calls
// it once its tests are done: a daemon that outlives them is a leak.
func NoneRunningFrom(within time.Duration, paths ...string) []int {
	deadline := time.Now().Add(within)
	for {
		var left []int
		for _, p := range paths {
			left = append(left, runningFrom(p)...)
		}
		if len(left) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			for _, pid := range left {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			return left
		}
		time.Sleep(50 * time.Millisecond) // polling /proc: no event says a process ended
	}
}

// Proc is a live process: its pid, its parent's, and its executable.
type Proc struct {
	PID, PPID int
	Exe       string
}

// WithEnv lists the live processes, zombies excluded, whose environment
// holds kv ("NAME=value"): a test that gives what it starts an environment
// of its own finds everything that descends from it, reparented or not.
func WithEnv(kv string) []Proc {
	var out []Proc
	for _, p := range readStats() {
		if p.state == 'Z' {
			continue
		}
		dir := filepath.Join("/proc", strconv.Itoa(p.pid))
		env, err := os.ReadFile(filepath.Join(dir, "environ"))
		if err != nil {
			continue
		}
		for _, e := range strings.Split(string(env), "\x00") {
			if e == kv {
				exe, _ := os.Readlink(filepath.Join(dir, "exe"))
				out = append(out, Proc{PID: p.pid, PPID: p.ppid, Exe: exe})
				break
			}
		}
	}
	return out
}

// GoroutinesCreated is how many goroutines the process has started so
// far (runtime/metrics), for a test or benchmark that counts the ones a
// piece of work starts: each is a hand-off the scheduler must make.
func GoroutinesCreated() uint64 {
	m := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(m)
	if m[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return m[0].Value.Uint64()
}
