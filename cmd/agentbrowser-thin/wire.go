package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"slices"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/rundir"
	"github.com/agentbrowser/agentbrowser/request"
)

// daemon is the session's daemon, as this client reaches it.
type daemon struct {
	session string
	// conn is the connection to the daemon once it answered (dial).
	conn *os.File
	// exe is the identity of the full binary this client would run, and
	// build its build as the full binary gives it (version and Go build
	// ID): a daemon started from another file, or of another build, runs
	// nothing and exits, and the full binary starts one of its build.
	exe, build string
}

// identify reads the identity and build of the full binary next to this
// client, which the request carries.
func (d *daemon) identify() {
	if full, err := fullPath(); err == nil {
		d.exe = rundir.ExeIdentity(full)
		if id := rundir.GoBuildID(full); id != "" {
			d.build = version + "+" + id
		}
	}
}

// dial connects to the daemon of the session, checking the runtime
// directory and the peer as the full binary does; false when the full
// binary must run the line (no daemon, or one it must judge).
func (d *daemon) dial() bool {
	dir := rundir.Path()
	if rundir.Check(dir) != nil {
		// The full binary refuses an unsafe runtime directory with its
		// coded error (unsafe_runtime_dir); nothing is sent from here.
		return false
	}
	// The daemon enforces the command's budget; the dial's deadline is
	// only a safety net against a daemon that never answers.
	conn, err := rundir.Dial(rundir.Socket(dir, d.session), 24*time.Hour)
	if err != nil {
		return false
	}
	if same, known, _, err := rundir.SamePeer(conn); err != nil || !known || !same {
		// Someone else answers on our socket, or we cannot tell: the full
		// binary checks again and reports it; nothing was sent.
		conn.Close()
		return false
	}
	d.conn = conn
	return true
}

// Close closes the connection, if there is one.
func (d *daemon) Close() error {
	if d.conn == nil {
		return nil
	}
	return d.conn.Close()
}

// call sends q with g's budget and tab and reads the reply. The request
// is encoded before the daemon is dialled, so that the daemon, which
// takes the connection at once, finds the request there instead of
// waiting for it. When no daemon answers, the full binary runs args. A
// daemon of another build runs nothing and exits: the full binary then
// runs args, and starts a daemon of its own build.
func (d *daemon) call(g cli.Globals, q request.Request, args []string) (cli.Reply, string, error) {
	d.identify()
	req, err := cli.NewWireRequest(q, request.Options{TimeoutMS: g.TimeoutMS, Tab: g.Tab})
	if err != nil {
		return cli.Reply{}, "", err
	}
	req.Exe, req.Build = d.exe, d.build
	line := req.AppendJSON(make([]byte, 0, 256+len(req.Request)))
	line = append(line, '\n')
	if !d.dial() {
		execFull(args)
	}
	if len(line)+511 > cli.MaxRequestBytes {
		// Refused here, as the full binary refuses it: the daemon would
		// stop reading it at the limit.
		return cli.Reply{}, "", cli.ErrRequestTooLarge
	}
	d.conn.SetDeadline(time.Now().Add(cli.MSDuration(g.TimeoutMS) + budgetAllowance))
	if _, err := d.conn.Write(line); err != nil {
		return cli.Reply{}, "", d.wentAway(err)
	}
	b, err := readLine(d.conn)
	var rep cli.Reply
	if err == nil {
		err = json.Unmarshal(b, &rep)
	}
	if err != nil {
		// The daemon took the request and went away before answering:
		// it may have run it, so running it again in the full binary
		// could do it twice (a second click). Say what happened instead.
		return cli.Reply{}, "", d.wentAway(err)
	}
	if rep.Replace {
		d.Close()
		execFull(args)
	}
	return rep, "", nil
}

// wentAway is the error of a daemon that took the request and gave no
// answer (err says what the read found).
func (d *daemon) wentAway(err error) error {
	why := err.Error()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		why = "its answer is not JSON"
	}
	return events.Errorf(events.CodeBrowserCrashed, "the daemon of session %s went away before answering (%s); the command may or may not have run: check the page with 'agentbrowser snapshot' before repeating it", d.session, why)
}

// maxReplyBytes bounds one reply line (the daemon caps a command's output
// well below it).
const maxReplyBytes = 1 << 30

// readLine reads the reply line: io.EOF when the daemon closed without a
// byte, io.ErrUnexpectedEOF when it closed inside the line. Its buffer
// starts at a page and doubles: most replies are a few hundred bytes, and a
// fresh process pays for every page it touches.
func readLine(r io.Reader) ([]byte, error) {
	line := make([]byte, 0, 4096)
	for {
		if len(line) == cap(line) {
			if len(line) > maxReplyBytes {
				return nil, errors.New("the reply is too long")
			}
			line = slices.Grow(line, len(line))
		}
		n, err := r.Read(line[len(line):cap(line)])
		if i := bytes.IndexByte(line[len(line):len(line)+n], '\n'); i >= 0 {
			return line[:len(line)+i+1], nil
		}
		line = line[:len(line)+n]
		switch {
		case err == nil:
		case errors.Is(err, io.EOF):
			if len(line) == 0 {
				return nil, io.EOF
			}
			if json.Valid(line) {
				return line, nil
			}
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}
