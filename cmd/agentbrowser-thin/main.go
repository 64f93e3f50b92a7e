// Command agentbrowser-thin is the fast front of the agentbrowser CLI,
// installed as "agentbrowser" by make build next to the full binary
// ("agentbrowser-full"). A command to a running daemon does not need the
// daemon's code, yet a Go program initialises every package it links
// before main: the full binary's client path initialised 116 packages (fx,
// dig, zap, net/rpc, encoding/gob among them) to send one line. This
// client links only a little of the standard library (not even net: it
// dials the unix socket with system calls; nor encoding/json, see wire.go):
// it hands the whole command
// line to the session's daemon, which parses and runs it with the same
// code as the full binary and returns what to print. When no
// daemon answers, or the daemon says the command must run in the caller's
// process (help, local commands, --stdin, file paths), it execs the full
// binary with the same arguments, so behaviour is the full binary's.
//
// It is Go only, built without cgo (one static binary), and makes every
// check the full binary makes before it sends anything: the runtime
// directory's owner and mode, and the socket peer's user (SO_PEERCRED).
package main

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/rundir"
	"github.com/agentbrowser/agentbrowser/internal/termtext"
)

// version is set at build time with -ldflags "-X main.version=...", as the
// full binary's is.
var version = "0.1.0-dev"

// fullName is the full binary, looked up next to this one.
const fullName = "agentbrowser-full"

func main() {
	args := os.Args[1:]
	if code, ok := local(args); ok {
		os.Exit(code)
	}
	if code, ok := viaDaemon(args); ok {
		os.Exit(code)
	}
	execFull(args)
}

// local answers "version" as the full binary does, alone or with --json
// and a valid --session (which it does not use); any other flag sends the
// line to the full binary, which checks it.
func local(args []string) (int, bool) {
	asJSON, seen := false, false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "version" && !seen:
			seen = true
		case a == "--json" || a == "--json=true":
			asJSON = true
		case a == "--session" && i+1 < len(args) && validSession(args[i+1]):
			i++
		case strings.HasPrefix(a, "--session=") && validSession(strings.TrimPrefix(a, "--session=")):
		default:
			return 0, false
		}
	}
	if !seen {
		return 0, false
	}
	out := "version: " + version + "\n"
	if asJSON {
		out = `{"ok":true,"version":` + string(appendString(nil, version)) + "}\n"
	}
	return printed(0, out, ""), true
}

// validSession is the full binary's rule for session names.
func validSession(s string) bool {
	if s == "" || len(s) > 64 || s == "." || s == ".." {
		return false
	}
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return true
}

// viaDaemon sends the command line to the session's daemon. ok is false
// when the full binary must run it.
func viaDaemon(args []string) (int, bool) {
	name, ok := sessionOf(args)
	if !ok {
		return 0, false
	}
	dir := rundir.Path()
	if rundir.Check(dir) != nil {
		// The full binary refuses an unsafe runtime directory with its
		// coded error (unsafe_runtime_dir); nothing is sent from here.
		return 0, false
	}
	// exe names the full binary this client would run; a daemon started
	// from another file (an older build) hands the line back. The request
	// is ready before the dial, so that it follows the connection at once:
	// the daemon, woken by the connection, finds it there instead of
	// parking to wait for it and being woken a second time.
	exe := ""
	if full, err := fullPath(); err == nil {
		exe = rundir.ExeIdentity(full)
	}
	line := encodeRequest(args, exe)
	sock := rundir.Socket(dir, name)
	// The daemon enforces the command's budget; the timeout is only a
	// safety net against a daemon that never answers.
	conn, err := rundir.Dial(sock, 24*time.Hour)
	if err != nil {
		return 0, false
	}
	if same, known, _, err := rundir.SamePeer(conn); err != nil || !known || !same {
		// Someone else answers on our socket, or we cannot tell: the full
		// binary checks again and reports it; nothing was sent.
		conn.Close()
		return 0, false
	}
	defer conn.Close()
	if _, err := conn.Write(line); err != nil {
		return 0, false
	}
	rep, err := readReply(conn)
	if err != nil {
		// The daemon took the command and went away before answering: it
		// may have run it, so running it again in the full binary could do
		// it twice (a second click). Say what happened instead.
		return wentAway(name, args, err.Error()), true
	}
	if !rep.Argv || rep.Fallback {
		// An older daemon, or a command for the caller's process: neither
		// ran anything, and the full binary handles each as it should.
		return 0, false
	}
	return printed(rep.Exit, rep.Stdout, rep.Stderr), true
}

// printed writes what the daemon says to print, escaped for a terminal as
// the full binary escapes it (termtext.Escape changes nothing the daemon
// already escaped), and returns exit; a write that fails makes it 1 with
// output_failed on stderr, as in the full binary: the caller must not take
// a result it never received for a success.
func printed(exit int, stdout, stderr string) int {
	what, err := "standard output", write(os.Stdout, stdout)
	if err == nil {
		what, err = "standard error", write(os.Stderr, stderr)
	}
	if err == nil {
		return exit
	}
	if what == "standard output" {
		os.Stderr.WriteString(termtext.Escape("error [output_failed]: writing to " + what + " failed (" + err.Error() + "), so the output was lost; a command that acts on the page has run: check the page (snapshot) before running it again\n"))
	}
	if exit == 0 {
		exit = 1
	}
	return exit
}

func write(f *os.File, s string) error {
	if s == "" {
		return nil
	}
	_, err := f.WriteString(termtext.Escape(s))
	return err
}

// wentAway tells the caller that the daemon of session name took the
// command line and gave no answer (why says what the read found), and
// returns the exit code.
func wentAway(name string, args []string, why string) int {
	msg := "the daemon of session " + name + " went away before answering (" + why + "); the command may or may not have run: check the page with 'agentbrowser snapshot' before repeating it"
	if slices.Contains(args, "--json") || slices.Contains(args, "--json=true") {
		os.Stdout.WriteString(`{"ok":false,"error":{"code":"browser_crashed","message":` + string(appendString(nil, msg)) + "}}\n")
	} else {
		os.Stderr.WriteString("error [browser_crashed]: " + msg + "\n")
	}
	return 1
}

// sessionOf finds --session in a command line, "default" without one. A
// form it does not understand sends the command to the full binary.
func sessionOf(args []string) (string, bool) {
	name := "default"
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return name, true
		case a == "--session":
			if i+1 >= len(args) {
				return "", false
			}
			name = args[i+1]
			i++
		case strings.HasPrefix(a, "--session="):
			name = strings.TrimPrefix(a, "--session=")
		}
	}
	if name == "" || strings.ContainsAny(name, "/\\") || name == "." || name == ".." {
		return "", false
	}
	return name, true
}

// fullPath is the full binary: $AGENTBROWSER_FULL, or the one next to
// this executable.
func fullPath() (string, error) {
	if full := os.Getenv("AGENTBROWSER_FULL"); full != "" {
		return full, nil
	}
	exe, err := os.Executable()
	if err == nil && runtime.GOOS != "linux" {
		// On Linux the path comes from /proc/self/exe, which the kernel
		// gives with every link resolved; elsewhere it may be the link the
		// client was started through.
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(exe), fullName), nil
}

// execFull replaces this process with the full binary.
func execFull(args []string) {
	full, err := fullPath()
	if err != nil {
		os.Stderr.WriteString("error [internal]: cannot find " + fullName + ": " + err.Error() + "\n")
		os.Exit(1)
	}
	err = syscall.Exec(full, append([]string{full}, args...), os.Environ())
	os.Stderr.WriteString("error [internal]: running " + full + ": " + err.Error() + "; build it with make build or set AGENTBROWSER_FULL\n")
	os.Exit(1)
}
