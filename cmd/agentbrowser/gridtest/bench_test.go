package gridtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkGridVsLocal runs the same CLI steps on a launched browser and
// through the shared standalone Grid, in one run, and reports medians in ms:
// session start (the first command, which starts the daemon and browser),
// open, snapshot, click by ref and eval. It also starts a fresh standalone
// and a hub with two nodes to time start to ready, and reads the resident
// memory of the hub, a node and one session's browser. Run with
//
//	go test ./cmd/agentbrowser/gridtest -run '^$' -bench GridVsLocal -benchtime 1x
func BenchmarkGridVsLocal(b *testing.B) {
	if setupErr != nil {
		b.Fatalf("selenium grid not available: %v", setupErr)
	}
	const rounds = 7
	for _, mode := range []string{"local", "grid"} {
		b.Run(mode, func(b *testing.B) {
			home := b.TempDir()
			// The page is a data: URL, which sessions refuse by default.
			extra := []string{"--allow-scheme", "data"}
			if mode == "grid" {
				extra = append(extra, "--grid", standalone.URL, "--grid-binary", chromium)
			}
			run := func(args ...string) time.Duration {
				start := time.Now()
				out, err := cliOut(home, append(append([]string{}, extra...), args...)...)
				if err != nil {
					b.Fatalf("%v: %v: %s", args, err, out)
				}
				return time.Since(start)
			}
			defer cliOut(home, "close")
			page := "data:text/html,<button onclick='this.textContent=Number(this.textContent)+1'>0</button><p>text</p>"
			m := map[string][]time.Duration{}
			for i := 0; i < rounds; i++ {
				if i > 0 {
					cliOut(home, "close")
				}
				m["session_start"] = append(m["session_start"], run("tabs"))
				m["open"] = append(m["open"], run("open", page))
				m["snapshot"] = append(m["snapshot"], run("snapshot"))
				m["click_ref"] = append(m["click_ref"], run("click", "e1"))
				m["eval"] = append(m["eval"], run("eval", "1+1"))
			}
			for _, k := range []string{"session_start", "open", "snapshot", "click_ref", "eval"} {
				b.ReportMetric(median(m[k]), k+"_ms")
			}
		})
	}
	b.Run("grid_start", func(b *testing.B) {
		start := time.Now()
		p, err := startStandalone(1, 300)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "standalone_ready_ms")
		p.stop()
		start = time.Now()
		h := startHub(b)
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "hub_2nodes_ready_ms")
		hubKB, _ := groupRSS(h.hub.cmd.Process.Pid)
		b.ReportMetric(hubKB/1024, "hub_java_MB")
		for _, n := range h.nodes {
			nodeKB, _ := groupRSS(n.cmd.Process.Pid)
			b.ReportMetric(nodeKB/1024, "node_java_MB")
			break
		}
	})
	b.Run("memory", func(b *testing.B) {
		home := b.TempDir()
		if out, err := cliOut(home, "--grid", standalone.URL, "--grid-binary", chromium, "open", "about:blank"); err != nil {
			b.Fatalf("%v: %s", err, out)
		}
		defer cliOut(home, "close")
		java, browser := groupRSS(standalone.cmd.Process.Pid)
		b.ReportMetric(java/1024, "standalone_java_MB")
		b.ReportMetric(browser/1024, "session_browser_MB")
	})
}

func median(ds []time.Duration) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1000
}

// cliOut runs the binary with its own daemon directory.
func cliOut(home string, args ...string) (string, error) {
	c := newCmd(home, args...)
	out, err := c.CombinedOutput()
	return string(out), err
}

// groupRSS sums the memory (PSS, KiB) of the java process pid and,
// separately, of every other process in its process group or below it
// (chromedriver and the browsers it started).
func groupRSS(pid int) (javaKB, othersKB float64) {
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	parent := map[int]int{}
	pgrp := map[int]int{}
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+2:])
		id, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		parent[id], _ = strconv.Atoi(f[1])
		pgrp[id], _ = strconv.Atoi(f[2])
	}
	under := func(id int) bool {
		for n := 0; id > 1 && n < 64; n++ {
			if id == pid {
				return true
			}
			id = parent[id]
		}
		return false
	}
	for id := range parent {
		if id != pid && pgrp[id] != pid && !under(id) {
			continue
		}
		kb := rssKB(id)
		if id == pid {
			javaKB += kb
		} else {
			othersKB += kb
		}
	}
	return javaKB, othersKB
}

// rssKB is the proportional set size of pid (shared pages split among the
// processes sharing them), so that a browser's processes add up honestly.
func rssKB(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "Pss:") {
			f := strings.Fields(l)
			v, _ := strconv.ParseFloat(f[1], 64)
			return v
		}
	}
	return 0
}
