package snapshot

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// world is agentbrowser's isolated world in one document: the top frame's
// or an out-of-process frame's. Same-origin (and same-process) child
// frames are walked from their parent's world, so their elements belong to
// it too. A world lives as long as its document; a new document gets a new
// world, and every ref of the old one is stale.
//
// client to token never change; the fields from dead on are guarded by
// Engine.mu.
type world struct {
	client  *cdp.Client
	frameID events.FrameID
	ctxID   runtime.ExecutionContextID
	// token tells our world apart from any other context that might reuse
	// ctxID after a cross-process navigation.
	token string

	// installed says that our script is in the world. A new world's
	// first walk carries the install with it (installCall) and has the
	// world's handle to its document (doc) and the document's
	// description fetched beside it (see ahead), so a first snapshot of a
	// new document waits on the world, then the walk (with the probe,
	// when the last document had nothing to probe).
	installMu sync.Mutex
	installed bool

	// kept holds the keys (see keyOf) of the functions call has kept in
	// the world, so that later calls send their key instead of their
	// text.
	keptMu sync.Mutex
	kept   map[int]bool

	dead bool
	// entries maps the world's element ids to their page-wide refs.
	entries map[int64]*refEntry
	// known holds the backend node ids Prepare looked up for elements
	// that have no ref yet, by element id; a ref made for one takes it.
	known map[int64]int64
	// frameOf caches the content frame of iframe elements, by element id.
	frameOf map[int64]events.FrameID
	// elements is how many elements the last walk visited.
	elements int
	// probeClean is set when the last probe for script-set click
	// handlers marked nothing (see markedWalk).
	probeClean bool
	// doc is the world's handle to its document, from its install (or
	// asked again by documentHandle after a describe failed on it);
	// guarded by Engine.capMu.
	doc runtime.RemoteObjectID
	// post is the tab's Post for the top document's world, else nil.
	post Post
	// ahead is what the first walk fetched beside it, until a capture
	// places its refs; guarded by Engine.capMu.
	ahead *aheadTree
	// shown maps the element ids of the document's landmarks to the
	// fingerprint of what the last capture that showed them all showed
	// (see landmarks.go); guarded by Engine.capMu.
	shown map[int64][sha256.Size]byte
}

func newToken() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// worldsMade counts the worlds createWorld asked for, for tests.
var worldsMade atomic.Int64

// createWorld makes an isolated world in frameID on client.
func createWorld(ctx context.Context, client *cdp.Client, frameID events.FrameID) (*world, error) {
	args := page.NewCreateIsolatedWorldArgs(page.FrameID(frameID)).
		SetWorldName(worldName).
		SetGrantUniveralAccess(true)
	worldsMade.Add(1)
	reply, err := client.Page.CreateIsolatedWorld(ctx, args)
	if err != nil {
		return nil, fmt.Errorf("creating isolated world in frame %s: %w", frameID, err)
	}
	return &world{
		client:  client,
		frameID: frameID,
		ctxID:   reply.ExecutionContextID,
		token:   newToken(),
		entries: map[int64]*refEntry{},
		known:   map[int64]int64{},
		frameOf: map[int64]events.FrameID{},
	}, nil
}

// installExpr installs our script in the world, and the plugins of its
// walk (locate.js, read.js); it evaluates to nothing of use.
func (w *world) installExpr() string {
	return "(" + snapshotJS + ")(\"" + w.token + "\", \"" + recorderSecret + "\"), (" + locateJS + ")(globalThis.__ab), (" + readJS + ")(globalThis.__ab)"
}

// defineInstall defines, in a world, the function that installs our
// script there with a given token. Its text never changes, so the
// renderer compiles it once and takes it from V8's compilation cache in
// every later document, where installExpr, which carries each world's
// token, is compiled anew every time: measured on one idle tab, a new
// document's first walk took 3.9 ms with the cache against 7.3 without.
// It evaluates to 0, not to the function it defines: Chrome describes a
// function by its source, and the reply would carry the whole script back
// (46 KB per new document, two thirds of what a paced 32-tab run read
// from the pipe).
var defineInstall = "globalThis.__abInstall = (token) => { delete globalThis.__abInstall; (" + snapshotJS + ")(token, \"" + recorderSecret + "\"), (" +
	locateJS + ")(globalThis.__ab), (" + readJS + ")(globalThis.__ab); }; 0"

// installCall returns the expression that installs our script in w. With
// the tab's Post it posts defineInstall at once, which the expression,
// sent after it, then calls with w's token; sent is called once the
// expression's call has answered. Without a Post the expression is
// installExpr, which must be compiled whole.
func (w *world) installCall(ctx context.Context) (expr string, sent func()) {
	if w.post != nil {
		args := runtime.NewEvaluateArgs(defineInstall).SetContextID(w.ctxID).SetSilent(true)
		if wait, err := w.post("Runtime.evaluate", args); err == nil {
			// The definition answered before the call that follows it:
			// its reply (an error fails that call too) is only collected.
			return `globalThis.__abInstall("` + w.token + `")`, func() { _, _ = wait(ctx) }
		}
	}
	return w.installExpr(), func() {}
}

// ensureInstalled installs our script in the world, alone, unless a walk
// (which carries the install with it, see snap) already did.
func (w *world) ensureInstalled(ctx context.Context) error {
	_, err := w.install(ctx, "")
	return err
}

// install installs our script in the world unless it is there, with then
// the expression then after it in the same call, and fetches the world's
// document handle alongside, as a first walk does, when then is given. It
// returns then's value when that is a string: nothing when the script was
// there already.
func (w *world) install(ctx context.Context, then string) (string, error) {
	w.installMu.Lock()
	defer w.installMu.Unlock()
	if w.installed {
		return "", nil
	}
	expr, sent := w.installCall(ctx)
	defer sent()
	if then != "" {
		expr += ", (" + then + ")"
		defer w.fetchDocument(ctx, false)()
	}
	ev, err := w.evaluate(ctx, runtime.NewEvaluateArgs(expr).SetContextID(w.ctxID).SetSilent(true))
	if err != nil {
		if isWorldGone(err) {
			return "", errWorldGone
		}
		return "", fmt.Errorf("installing snapshot script in frame %s: %w", w.frameID, err)
	}
	if ev.ExceptionDetails != nil {
		return "", fmt.Errorf("installing snapshot script in frame %s: %s", w.frameID, exceptionText(ev.ExceptionDetails))
	}
	w.installed = true
	var out string
	if ev.Result.Type == "string" {
		_ = json.Unmarshal(ev.Result.Value, &out)
	}
	return out, nil
}

// isWorldGone reports whether err means the world's context no longer
// exists: its document was replaced or its session closed.
func isWorldGone(err error) bool {
	if errors.Is(err, errWorldGone) || errors.Is(err, rpcc.ErrConnClosing) {
		return true
	}
	var re *rpcc.ResponseError
	if !errors.As(err, &re) {
		return false
	}
	m := re.Message
	return strings.Contains(m, "Cannot find context") ||
		strings.Contains(m, "context was destroyed") ||
		strings.Contains(m, "Cannot find default execution context") ||
		strings.Contains(m, "Inspected target navigated or closed")
}

// guarded wraps a call on __ab so that it only runs in our world with our
// token; anywhere else it yields the string "\x00stale".
func (w *world) guarded(call string) string {
	return `((token) => { ` + staleCheck + `return a.` + call + `; })("` + w.token + `")`
}

// staleCheck opens the body of a function run in a world, given the
// caller's world token as token: it answers staleMark unless the world's
// script is the caller's, and names that script a.
const staleCheck = `const a = globalThis.__ab; if (!a || a.token !== token) return "\u0000stale"; `

const staleMark = "\x00stale"

// walkReserve is the part of a caller's deadline kept for carrying the
// walk's result back.
const walkReserve = 50 * time.Millisecond

// startSnap sends the walk (see send) and returns the function that waits
// for its records. The world's install lock is held until that function
// has been called.
func (w *world) startSnap(ctx context.Context, optsJSON string) (finish func() (string, error)) {
	expr := w.guarded("snap(" + optsJSON + ")")
	w.installMu.Lock()
	keep, sent := func() {}, func() {}
	if !w.installed {
		keep = w.fetchDocument(ctx, true)
		var install string
		install, sent = w.installCall(ctx)
		expr = install + ", " + w.guarded("snap("+optsJSON+", "+strconv.Itoa(aheadElements)+")")
	}
	done := func() {
		sent()
		keep()
		w.installMu.Unlock()
	}
	args := runtime.NewEvaluateArgs(expr).SetContextID(w.ctxID).SetReturnByValue(true).SetSilent(true)
	if dl, ok := ctx.Deadline(); ok {
		// Stop the walk in the page when the caller stops waiting, so a
		// huge page does not keep the renderer busy for nothing.
		budget := time.Until(dl) - walkReserve
		if budget <= 0 {
			return func() (string, error) {
				defer done()
				return "", fmt.Errorf("evaluating snapshot script: %w", context.DeadlineExceeded)
			}
		}
		args.SetTimeout(runtime.TimeDelta(budget.Milliseconds()))
	}
	wait := w.send(ctx, args)
	return func() (string, error) {
		defer done()
		reply, err := wait()
		if err != nil {
			if isWorldGone(err) {
				return "", errWorldGone
			}
			return "", fmt.Errorf("evaluating snapshot script: %w", err)
		}
		if reply.ExceptionDetails != nil {
			return "", fmt.Errorf("evaluating snapshot script: %s", exceptionText(reply.ExceptionDetails))
		}
		var s string
		if err := json.Unmarshal(reply.Result.Value, &s); err != nil {
			return "", fmt.Errorf("decoding snapshot records: %w", err)
		}
		if s == staleMark {
			return "", errWorldGone
		}
		w.installed = true
		return s, nil
	}
}

// loading reports whether the world's document is still being parsed
// (readyState "loading"). A failure to ask counts as not loading.
func (w *world) loading(ctx context.Context) bool {
	args := runtime.NewEvaluateArgs(`document.readyState`).SetContextID(w.ctxID).SetReturnByValue(true).SetSilent(true)
	reply, err := w.client.Runtime.Evaluate(ctx, args)
	if err != nil || reply.ExceptionDetails != nil {
		return false
	}
	var state string
	return json.Unmarshal(reply.Result.Value, &state) == nil && state == "loading"
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != nil {
		return *d.Exception.Description
	}
	return d.Text
}

// element returns a handle to the element with id in the world, or
// ("", nil) when the element is gone.
func (w *world) element(ctx context.Context, id int64, group string) (runtime.RemoteObjectID, error) {
	reply, err := w.client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(elementFn).
		SetExecutionContextID(w.ctxID).SetArguments(w.callArgs(id, nil)).SetObjectGroup(group).SetSilent(true))
	if err != nil {
		if isWorldGone(err) {
			return "", errWorldGone
		}
		return "", fmt.Errorf("looking up element: %w", err)
	}
	if reply.ExceptionDetails != nil {
		return "", fmt.Errorf("looking up element: %s", exceptionText(reply.ExceptionDetails))
	}
	r := reply.Result
	if r.Type == "string" {
		return "", errWorldGone
	}
	if r.ObjectID == nil || r.Subtype == nil || *r.Subtype != "node" {
		return "", nil
	}
	return *r.ObjectID, nil
}

// elementFn returns the element of the world's id, when the world's
// token is the caller's: a constant text, compiled once (see call).
const elementFn = `function (token, id) { ` + staleCheck + `return a.el(id); }`

// callArgs are the arguments of a call to a function of the world's
// (elementFn, callText): its token, an element id and then args.
func (w *world) callArgs(id int64, args []json.RawMessage) []runtime.CallArgument {
	token, _ := json.Marshal(w.token)
	out := make([]runtime.CallArgument, 0, 2+len(args))
	out = append(out, runtime.CallArgument{Value: token}, runtime.CallArgument{Value: json.RawMessage(strconv.FormatInt(id, 10))})
	for _, a := range args {
		out = append(out, runtime.CallArgument{Value: a})
	}
	return out
}

// described is what DOM.describeNode tells about one element.
type described struct {
	backend int64
	frame   events.FrameID // content frame of an iframe element
	ok      bool
}

// maxInFlight bounds the describeNode calls pipelined on one session.
const maxInFlight = 32

// describe looks up the backend node id (and, for iframes, the content
// frame) of the elements with ids, in one evaluate, one getProperties and
// pipelined describeNode calls. Gone elements come back with ok false.
func (w *world) describe(ctx context.Context, ids []int64) ([]described, error) {
	out := make([]described, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	const group = "agentbrowser-describe"
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
		defer cancel()
		_ = w.client.Runtime.ReleaseObjectGroup(rctx, runtime.NewReleaseObjectGroupArgs(group))
	}()
	idsJSON, _ := json.Marshal(ids)
	expr := w.guarded("els(" + string(idsJSON) + ")")
	reply, err := w.client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(expr).
		SetContextID(w.ctxID).SetObjectGroup(group).SetSilent(true))
	if err != nil {
		if isWorldGone(err) {
			return nil, errWorldGone
		}
		return nil, fmt.Errorf("looking up elements: %w", err)
	}
	if reply.ExceptionDetails != nil {
		return nil, fmt.Errorf("looking up elements: %s", exceptionText(reply.ExceptionDetails))
	}
	if reply.Result.Type == "string" || reply.Result.ObjectID == nil {
		return nil, errWorldGone
	}
	props, err := w.client.Runtime.GetProperties(ctx, runtime.NewGetPropertiesArgs(*reply.Result.ObjectID).
		SetOwnProperties(true))
	if err != nil {
		return nil, fmt.Errorf("listing elements: %w", err)
	}
	objs := make([]runtime.RemoteObjectID, len(ids))
	for _, p := range props.Result {
		i, err := strconv.Atoi(p.Name)
		if err != nil || i < 0 || i >= len(ids) || p.Value == nil || p.Value.ObjectID == nil {
			continue
		}
		if p.Value.Subtype == nil || *p.Value.Subtype != "node" {
			continue
		}
		objs[i] = *p.Value.ObjectID
	}

	var (
		wg       sync.WaitGroup
		sem      = make(chan struct{}, maxInFlight)
		errMu    sync.Mutex
		firstErr error
	)
	for i, obj := range objs {
		if obj == "" {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			n, err := describeObject(ctx, w.client, obj)
			if err != nil {
				errMu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				errMu.Unlock()
				return
			}
			out[i] = n
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

func describeObject(ctx context.Context, client *cdp.Client, obj runtime.RemoteObjectID) (described, error) {
	reply, err := client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(obj))
	if err != nil {
		return described{}, fmt.Errorf("describing node: %w", err)
	}
	d := described{backend: int64(reply.Node.BackendNodeID), ok: true}
	if reply.Node.FrameID != nil {
		d.frame = events.FrameID(*reply.Node.FrameID)
	}
	return d, nil
}
