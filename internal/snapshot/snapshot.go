package snapshot

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// Options shape one capture. The zero value is a full, untruncated
// snapshot of the whole tab.
type Options struct {
	// Interactive lists only the lines that carry a ref, flat.
	Interactive bool
	// MaxDepth shows only lines shallower than MaxDepth (1 shows the top
	// level only); 0 means no limit. Depth is the printed indentation.
	MaxDepth int
	// Scope, when set, shows only the subtree of this ref, with the ref's
	// line at the top level.
	Scope events.Ref
	// MaxChars cuts the text at a line boundary so it holds at most
	// MaxChars bytes, including a final line saying how many lines were
	// left out and the cursor that shows them (Result.Next); 0 means no
	// limit.
	MaxChars int
	// Find, when set, shows only the lines that match it, each under its
	// nearest heading or landmark: a text (matched without regard to
	// case) or a /regular expression/ (Go syntax; flags i, m, s may
	// follow the last slash). It matches roles, names, values and text.
	Find string
	// Cursor shows the lines from the one Result.Next of an earlier cut
	// capture with the same options named, under their ancestors' lines.
	// Should the page have changed meanwhile, the lines are the new
	// page's.
	Cursor string
	// Full shows every landmark subtree whole, even one shown whole on an
	// earlier page of the same site (see landmarks.go).
	Full bool
}

// minMaxChars leaves room for the final line of a cut snapshot.
const minMaxChars = 100

// Validate reports every problem with o.
func (o Options) Validate() error {
	var errs []error
	if o.MaxDepth < 0 {
		errs = append(errs, fmt.Errorf("max depth %d is negative", o.MaxDepth))
	}
	if o.MaxChars < 0 {
		errs = append(errs, fmt.Errorf("max chars %d is negative", o.MaxChars))
	} else if o.MaxChars > 0 && o.MaxChars < minMaxChars {
		errs = append(errs, fmt.Errorf("max chars %d is below the minimum of %d", o.MaxChars, minMaxChars))
	}
	if o.Scope != "" {
		if _, ok := events.ParseRef(string(o.Scope)); !ok {
			errs = append(errs, &InvalidRefError{Input: string(o.Scope)})
		}
	}
	if _, err := parseFind(o.Find); err != nil {
		errs = append(errs, err)
	}
	if _, err := parseCursor(o.Cursor); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// parseCursor reads a cursor; "" is the start.
func parseCursor(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("cursor %q is not one a cut snapshot gave (a line number)", s)
	}
	return n, nil
}

// RefInfo is what a ref stands for. Role is the ARIA role, or "clickable"
// for an element with no role that script makes clickable. Nth counts
// earlier ref'd elements with the same role and name in the same frame.
// BackendNodeID is filled when the engine has looked it up (eagerly for
// small pages, always by Resolve). It is the public events.RefInfo.
type RefInfo = events.RefInfo

// Result is one capture.
type Result struct {
	URL   string
	Title string
	// Text is the snapshot: one node a line, two spaces of indent per
	// depth.
	Text string
	// Refs holds the refs that appear in Text, and those of the landmark
	// subtrees Text shows as one line (Repeated).
	Refs map[events.Ref]RefInfo
	// Truncated reports that MaxChars cut Text.
	Truncated bool
	// Nodes is how many lines the snapshot had before any cut (with
	// Find, how many lines the matches and their context make).
	Nodes int
	// Omitted is how many of those lines the cut left out.
	Omitted int
	// Next is the cursor that shows the lines a cut left out; "" when
	// nothing was cut.
	Next string
	// Matches is how many lines Find matched.
	Matches int
	// Repeated lists the landmarks shown as one line because an earlier
	// page of the site showed their subtree whole.
	Repeated []events.Ref
}

// FrameSessions lets the engine reach out-of-process frames. A nil
// FrameSessions means OOPIFs are shown as an iframe line without content.
type FrameSessions interface {
	// FrameClient returns a client attached to the out-of-process frame
	// frameID (for an OOPIF the frame id equals its target id), or false
	// when there is none. It must not block beyond ctx.
	FrameClient(ctx context.Context, frameID events.FrameID) (*cdp.Client, bool)
}

// Resolved is a ref looked up for an action.
type Resolved struct {
	Ref  events.Ref
	Info RefInfo
	// Client speaks to the session the element lives in: the tab's own
	// client, or the OOPIF's.
	Client *cdp.Client
	// ObjectID is a handle to the element in agentbrowser's isolated world
	// on Client; functions called on it are invisible to page scripts.
	// Release it when done.
	ObjectID runtime.RemoteObjectID
	// ExecutionContextID is that isolated world's context.
	ExecutionContextID runtime.ExecutionContextID
}

// Release frees r.ObjectID in the page. It is safe to call more than once.
func (r *Resolved) Release(ctx context.Context) error {
	if r.Client == nil || r.ObjectID == "" {
		return nil
	}
	id := r.ObjectID
	r.ObjectID = ""
	if err := r.Client.Runtime.ReleaseObject(ctx, runtime.NewReleaseObjectArgs(id)); err != nil {
		return fmt.Errorf("releasing object of ref %s: %w", r.Ref, err)
	}
	return nil
}
