package mcpserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/pathguard"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/request"
)

// Every path a tool reads or writes is checked here, in one place, before
// its request leaves the server (conn.guard, called by run and do): the
// path must resolve, links followed, inside the directories the client
// may use. Over stdio those are the roots the client declares (or, when it
// declares none, the server's working directory) and the operator's
// AllowPaths; over Streamable HTTP, the client's own directory and, of its
// roots, what AllowPaths covers. Both add the session's download
// directory. Relative paths resolve in the client's own directory (HTTP)
// or the first root (stdio).

// DefaultMaxAttachBytes bounds the bytes of the files one result carries
// back as content.
const DefaultMaxAttachBytes = 10 << 20

// Files configure what a client may read and write on the server's
// machine.
type Files struct {
	// Unrestricted lets every path through (--allow-unrestricted-file-access):
	// any client reads and writes whatever the server's user may. Unsafe
	// for remote clients.
	Unrestricted bool
	// AllowPaths are the operator's directories: allowed to stdio
	// clients; to a remote client only where its declared roots meet them.
	AllowPaths []string
	// ClientDirs is where each remote client's own directory is made
	// (0700, removed when its session ends); empty means the temporary
	// directory.
	ClientDirs string
	// ReadOnly are files no client may write, such as the server's
	// --storage-state, which each client's session loads.
	ReadOnly []string
	// Private are directories of the server no client reaches, even
	// through AllowPaths or its roots, except for its own directory and
	// downloads inside them: the runtime directory (sockets, logs, token
	// files, every client's directory) and a --download-dir split between
	// clients. ClientDirs is private too.
	Private []string
	// MaxAttachBytes bounds the file bytes one result carries; zero means
	// DefaultMaxAttachBytes.
	MaxAttachBytes int64
}

// Client is what the server knows of one connection when it opens the
// connection's backend (ClientFrom).
type Client struct {
	// ID names the connection: random, unique to the server.
	ID string
	// Remote is true for a connection over Streamable HTTP.
	Remote bool
	// Dir is a remote client's own directory (0700, removed when its
	// session ends): its files, its downloads and the relative paths it
	// gives live there. Empty for a local client.
	Dir string
}

type clientKey struct{}

func withClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientFrom is the client whose backend Options.Open is asked for, so
// that the backend can keep the client's files in its directory.
func ClientFrom(ctx context.Context) (Client, bool) {
	c, ok := ctx.Value(clientKey{}).(Client)
	return c, ok
}

// newClient makes a connection's identity; a remote one gets its own
// directory under dirs.
func newClient(remote bool, dirs string) (Client, error) {
	b := make([]byte, 8)
	rand.Read(b)
	c := Client{ID: "c-" + hex.EncodeToString(b), Remote: remote}
	if !remote {
		return c, nil
	}
	if dirs == "" {
		dirs = os.TempDir()
	}
	dir := filepath.Join(dirs, c.ID)
	if err := os.Mkdir(dir, 0o700); err != nil {
		return c, fmt.Errorf("making the client's directory: %w", err)
	}
	c.Dir = dir
	return c, nil
}

// sandbox is the set of directories the connection may use now: its
// roots are asked for (once, and again after roots/list_changed) and the
// backend's download directory is added when the backend is open.
func (c *conn) sandbox(ctx context.Context) (*pathguard.Sandbox, error) {
	f := c.files
	var dirs, own []string
	var base, hint string
	private := f.Private
	if c.client.Remote {
		if c.client.Dir != "" {
			own, base = []string{c.client.Dir}, c.client.Dir
		}
		if f.ClientDirs != "" {
			private = append(slices.Clone(private), f.ClientDirs)
		}
		if len(f.AllowPaths) > 0 && !f.Unrestricted {
			roots, err := c.rootsOf(ctx)
			if err != nil {
				return nil, err
			}
			dirs = append(dirs, pathguard.Overlap(roots, f.AllowPaths)...)
		}
		hint = "A remote client works in its own directory: the files the server makes for it (PDFs, saved states, downloads) are kept there and come back in the tool's result"
	} else {
		roots, err := c.rootsOf(ctx)
		if err != nil {
			return nil, err
		}
		if len(roots) == 0 {
			if wd, err := os.Getwd(); err == nil {
				roots = []string{wd}
			}
		}
		if len(roots) > 0 {
			base = roots[0]
		}
		dirs = append(roots, f.AllowPaths...)
		hint = "Declare the directory as one of your MCP roots, or have the server started with --allow-paths DIR"
	}
	if d := c.downloadDir(ctx); d != "" {
		own = append(own, d)
	}
	return pathguard.New(pathguard.Config{Base: base, Dirs: dirs, Own: own, Private: private, ReadOnly: f.ReadOnly, Unrestricted: f.Unrestricted, Hint: hint}), nil
}

// downloadDir is the open backend's download directory, asked once.
func (c *conn) downloadDir(ctx context.Context) string {
	c.openMu.Lock()
	b, dir := c.backend, c.sessionDir
	c.openMu.Unlock()
	if b == nil || dir != "" {
		return dir
	}
	rep, err := b.Do(ctx, request.Downloads{}, request.Options{TimeoutMS: DefaultTimeoutMS})
	if err != nil {
		return ""
	}
	v, err := request.Value(request.Downloads{}, rep)
	if err != nil || v.Dir == "" {
		return ""
	}
	c.openMu.Lock()
	if c.backend == b {
		c.sessionDir = v.Dir
	}
	c.openMu.Unlock()
	return v.Dir
}

// The roots a client declares are asked for the way the SDK allows on the
// session's protocol: a tool call that needs them answers with an input
// request for them (SEP-2322), which the SDK either hands to a client that
// speaks it or, for an older client, turns into a roots/list request of
// its own; either way the call comes again with the roots (rootsInput).

// errNeedRoots is rootsOf's error when the client declares roots this
// connection has not learnt yet; the tool call then asks for them.
var errNeedRoots = errors.New("the client's roots are not known yet")

// rootsRequest is the input request id a tool call asks for roots under.
const rootsRequest = "roots"

// declaresRoots reports whether the client declared the roots capability.
func declaresRoots(ss *mcp.ServerSession) bool {
	if ss == nil {
		return false
	}
	ip := ss.InitializeParams()
	return ip != nil && ip.Capabilities != nil && ip.Capabilities.RootsV2 != nil
}

// rootsOf is the local paths of the roots the client declares: none when
// it declares no roots capability, errNeedRoots until they are known.
func (c *conn) rootsOf(context.Context) ([]string, error) {
	c.rootsMu.Lock()
	defer c.rootsMu.Unlock()
	if c.rootsKnown {
		return c.roots, nil
	}
	if !declaresRoots(c.ss) {
		return nil, nil
	}
	return nil, errNeedRoots
}

// rootsInput takes the roots a retried call carries (the answer to the
// input request a call made), if the client declares roots.
func (c *conn) rootsInput(in mcp.InputResponseMap) {
	r, ok := in[rootsRequest].(*mcp.ListRootsResult)
	if !ok || !declaresRoots(c.ss) {
		return
	}
	var roots []string
	for _, root := range r.Roots {
		if p, err := pathguard.FileURIPath(root.URI); err == nil {
			roots = append(roots, p)
		}
	}
	c.rootsMu.Lock()
	c.roots, c.rootsKnown = roots, true
	c.rootsMu.Unlock()
}

// forgetRoots makes the next check ask the client for its roots again
// (notifications/roots/list_changed).
func (c *conn) forgetRoots() {
	c.rootsMu.Lock()
	c.roots, c.rootsKnown = nil, false
	c.rootsMu.Unlock()
}

// askRoots is the result of a call that needs the client's roots first.
func askRoots() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{rootsRequest: &mcp.ListRootsParams{}}}
}

// guard checks every path q would read or write and returns q with each
// replaced by what it resolves to, or path_not_allowed.
func (c *conn) guard(ctx context.Context, q request.Request) (request.Request, error) {
	var sb *pathguard.Sandbox
	box := func() (*pathguard.Sandbox, error) {
		if sb != nil {
			return sb, nil
		}
		var err error
		sb, err = c.sandbox(ctx)
		return sb, err
	}
	read := func(p string) (string, error) {
		s, err := box()
		if err != nil {
			return "", err
		}
		return s.Read(p)
	}
	write := func(p string) (string, error) {
		s, err := box()
		if err != nil {
			return "", err
		}
		return s.Write(p)
	}
	// An optional output path: left empty when not given (the command
	// then picks its own place).
	writeIf := func(p string) (string, error) {
		if p == "" {
			return "", nil
		}
		return write(p)
	}
	readAll := func(ps []string) ([]string, error) {
		files := make([]string, len(ps))
		for i, f := range ps {
			var err error
			if files[i], err = read(f); err != nil {
				return nil, err
			}
		}
		return files, nil
	}
	var err error
	switch v := q.(type) {
	case request.Upload:
		if v.Files, err = readAll(v.Files); err != nil {
			return nil, err
		}
		return v, nil
	case request.Drop:
		if v.Files, err = readAll(v.Files); err != nil {
			return nil, err
		}
		return v, nil
	case request.NetworkGet:
		v.Save, err = writeIf(v.Save)
		return v, err
	case request.TraceStop:
		v.Path, err = writeIf(v.Path)
		return v, err
	case request.HARStop:
		v.Path, err = writeIf(v.Path)
		return v, err
	case request.RecordStop:
		if v.Dir != "" {
			s, err := box()
			if err != nil {
				return nil, err
			}
			v.Dir, err = s.Dir(v.Dir)
			return v, err
		}
		return v, nil
	case request.LoadState:
		v.Path, err = read(v.Path)
		return v, err
	case request.SaveState:
		v.Path, err = write(v.Path)
		return v, err
	case request.PDF:
		v.Path, err = writeIf(v.Path)
		return v, err
	case request.Screenshot:
		v.Path, err = writeIf(v.Path)
		return v, err
	case request.Open:
		return v, c.checkFileURL(v.URL, box)
	case request.NewTab:
		return v, c.checkFileURL(v.URL, box)
	case request.CDP:
		v.Params, err = guardCDP(v.Method, v.Params, c.files.Unrestricted, box)
		return v, err
	case request.Close:
		// The next browser of the session may download elsewhere.
		c.openMu.Lock()
		c.sessionDir = ""
		c.openMu.Unlock()
		return v, nil
	case request.Batch:
		for i, st := range v.Steps {
			sq, err := request.Decode(st.Command, st.Request)
			if err != nil {
				return nil, err
			}
			if sq, err = c.guard(ctx, sq); err != nil {
				return nil, fmt.Errorf("step %d (%s): %w", i+1, st.Command, err)
			}
			if v.Steps[i].Request, err = request.Marshal(sq); err != nil {
				return nil, err
			}
		}
		return v, nil
	}
	return q, nil
}

// checkFileURL checks the file a file: URL names, however it is written.
func (c *conn) checkFileURL(raw string, box func() (*pathguard.Sandbox, error)) error {
	p, ok := localFile(raw)
	if !ok {
		return nil
	}
	s, err := box()
	if err != nil {
		return err
	}
	if s.Unrestricted() {
		return nil
	}
	// A file: page shows any other local file in its frames (and the
	// snapshot reads them), wherever the page itself lies: a client of a
	// sandbox opens none.
	return s.Refuse(p, "a file: page can show any local file in its frames; serve the directory over http instead, or start the server with --allow-unrestricted-file-access")
}

// localFile is the local path a URL loads as Chromium reads it, and
// whether it loads one: a file: URL, also inside view-source:, with the
// tabs and line breaks Chromium removes, the control characters and
// spaces it trims, backslashes for slashes, a host, a path without its
// leading slash, and escapes (%2e%2e). Go's url.Parse reads several of
// these forms differently (as an opaque, relative path, or not at all),
// which would let a disguised file: URL through the check.
func localFile(raw string) (string, bool) {
	s := strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, raw)
	for {
		s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
		scheme, rest, ok := strings.Cut(s, ":")
		if !ok {
			return "", false
		}
		switch strings.ToLower(scheme) {
		case "view-source":
			s = rest
			continue
		case "file":
		default:
			return "", false
		}
		p := strings.ReplaceAll(rest, `\`, "/")
		if i := strings.IndexAny(p, "?#"); i >= 0 {
			p = p[:i]
		}
		if after, ok := strings.CutPrefix(p, "//"); ok {
			// A host (localhost, or any: the path is what matters).
			if i := strings.IndexByte(after, '/'); i >= 0 {
				p = after[i:]
			} else {
				p = "/"
			}
		}
		if u, err := url.PathUnescape(p); err == nil {
			p = u
		}
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		return filepath.Clean(p), true
	}
}

// guardCDP checks the paths in a raw CDP call's params: files to read
// ("files", at any depth: DOM.setFileInputFiles, Input.dispatchDragEvent,
// PWA.launchFilesInApp), a directory downloads go to ("downloadPath";
// Page and Browser.setDownloadBehavior are refused without one, since the
// browser's default directory is outside every sandbox) and an
// extension's directory (Extensions.loadUnpacked's "path"). A file: URL
// under any key that ends in "url" is refused wherever it points: a file:
// page shows any other local file in its frames, where no check follows.
// A command carried inside another (Target.sendMessageToTarget's message)
// is checked the same way, and Target.exposeDevToolsProtocol, which hands
// the protocol to page script, is refused.
func guardCDP(method string, params json.RawMessage, unrestricted bool, box func() (*pathguard.Sandbox, error)) (json.RawMessage, error) {
	if unrestricted {
		return params, nil
	}
	var v any
	if len(params) > 0 {
		if json.Unmarshal(params, &v) != nil {
			return params, nil // the browser refuses malformed params itself
		}
	}
	refuse := func(what, why string) error {
		s, err := box()
		if err != nil {
			return err
		}
		err = s.Refuse(what, why)
		var e *events.Error
		if errors.As(err, &e) {
			e.Details.Method = method
		}
		return err
	}
	switch method {
	case "Page.setDownloadBehavior", "Browser.setDownloadBehavior":
		m, _ := v.(map[string]any)
		if m["behavior"] != "deny" {
			if p, _ := m["downloadPath"].(string); p == "" {
				return nil, refuse(method+" without a downloadPath",
					"it would save downloads in the browser's default directory; downloads already go to the session's directory (browser_downloads)")
			}
		}
	case "Target.exposeDevToolsProtocol":
		return nil, refuse(method, "it hands the protocol to the page's script, whose commands (files to upload, file: pages) no check sees")
	case "Target.sendMessageToTarget":
		return guardCDPMessage(method, params, v, box)
	}
	changed := false
	var walk func(key string, x any) (any, error)
	walk = func(key string, x any) (any, error) {
		switch t := x.(type) {
		case map[string]any:
			for k, e := range t {
				n, err := walk(k, e)
				if err != nil {
					return nil, err
				}
				t[k] = n
			}
		case []any:
			for i, e := range t {
				n, err := walk(key, e)
				if err != nil {
					return nil, err
				}
				t[i] = n
			}
		case string:
			check := (*pathguard.Sandbox).Read
			switch {
			case key == "files" || (key == "path" && method == "Extensions.loadUnpacked"):
			case key == "downloadPath":
				check = (*pathguard.Sandbox).Dir
			case strings.HasSuffix(strings.ToLower(key), "url"):
				if p, ok := localFile(t); ok {
					return nil, refuse(t+" ("+p+")", "raw CDP opens no file: page, wherever it points: a file: page can show any other local file in its frames, out of this check's reach; serve the page over http instead")
				}
				return t, nil
			default:
				return x, nil
			}
			s, err := box()
			if err != nil {
				return nil, err
			}
			r, err := check(s, t)
			changed = changed || r != t
			return r, err
		}
		return x, nil
	}
	v, err := walk("", v)
	if err != nil {
		var e *events.Error
		if errors.As(err, &e) && e.Details.Method == "" {
			e.Details.Method = method
		}
		return nil, err
	}
	if !changed {
		return params, nil
	}
	return json.Marshal(v)
}

// guardCDPMessage checks the command Target.sendMessageToTarget carries in
// its message (a protocol message in a string) as guardCDP checks a call,
// and returns the params with the message rewritten when its paths were.
func guardCDPMessage(method string, params json.RawMessage, v any, box func() (*pathguard.Sandbox, error)) (json.RawMessage, error) {
	m, _ := v.(map[string]any)
	msg, _ := m["message"].(string)
	var inner map[string]json.RawMessage
	if json.Unmarshal([]byte(msg), &inner) != nil {
		return params, nil // not a command the browser would run
	}
	var innerMethod string
	json.Unmarshal(inner["method"], &innerMethod)
	got, err := guardCDP(innerMethod, inner["params"], false, box)
	if err != nil {
		var e *events.Error
		if errors.As(err, &e) {
			e.Details.Method = method
		}
		return nil, fmt.Errorf("the %s it carries: %w", innerMethod, err)
	}
	if string(got) == string(inner["params"]) {
		return params, nil
	}
	inner["params"] = got
	b, err := json.Marshal(inner)
	if err != nil {
		return nil, err
	}
	m["message"] = string(b)
	return json.Marshal(m)
}

// attachment is a file's bytes as result content, or why it is not.
type attachment struct {
	content mcp.Content
	note    string
}

// attach reads a file the server made for the client (a PDF, a saved
// state, a download) within what is left of budget and returns it as
// content: image content for an image, an embedded resource otherwise.
func attach(path, mimeType string, budget *int64) attachment {
	b, err := safefile.ReadFile(path, *budget, safefile.Options{NoFollow: true})
	switch {
	case errors.Is(err, safefile.ErrTooLarge):
		return attachment{note: fmt.Sprintf("%s not attached: over the %d bytes left for this result's files; it stays at that path", filepath.Base(path), *budget)}
	case err != nil:
		return attachment{note: fmt.Sprintf("%s not attached: %v", filepath.Base(path), err)}
	}
	*budget -= int64(len(b))
	if mimeType == "" {
		mimeType = mime.TypeByExtension(strings.ToLower(filepath.Ext(path)))
		if mimeType == "" {
			mimeType = "application/octet-stream"
		}
	}
	if strings.HasPrefix(mimeType, "image/png") || strings.HasPrefix(mimeType, "image/jpeg") {
		return attachment{content: &mcp.ImageContent{Data: b, MIMEType: mimeType}}
	}
	rc := &mcp.ResourceContents{URI: (&url.URL{Scheme: "file", Path: path}).String(), MIMEType: mimeType}
	if mimeType == "application/json" {
		rc.Text = string(b)
	} else {
		rc.Blob = b
	}
	return attachment{content: &mcp.EmbeddedResource{Resource: rc}}
}

// attachBudget is the bytes one result may carry.
func (c *conn) attachBudget() int64 {
	if c.files.MaxAttachBytes > 0 {
		return c.files.MaxAttachBytes
	}
	return DefaultMaxAttachBytes
}

// Files come back as content to remote clients only: a local client reads
// the path it was told, and a file's bytes (a PDF, a state full of
// cookies) need not pass through its model's context.

// attachTo adds the file at path to a remote client's result, or a line
// saying why it is not there.
func (c *conn) attachTo(out *toolOut, path, mimeType string) {
	if !c.client.Remote {
		return
	}
	budget := c.attachBudget()
	a := attach(path, mimeType, &budget)
	if a.content != nil {
		out.images = append(out.images, a.content)
		return
	}
	out.text += "\n" + a.note
}

// attachDownloads adds to a remote client's result the completed
// downloads no earlier result of the connection carried, within one
// result's budget.
func (c *conn) attachDownloads(out *toolOut, ds []events.Download) {
	if !c.client.Remote {
		return
	}
	budget := c.attachBudget()
	for _, d := range ds {
		if d.State != events.DownloadCompleted || d.Path == "" {
			continue
		}
		c.mu.Lock()
		done := c.attached[d.Path]
		c.mu.Unlock()
		if done {
			continue
		}
		a := attach(d.Path, "", &budget)
		if a.content == nil {
			out.text += "\n" + a.note
			continue
		}
		out.images = append(out.images, a.content)
		c.mu.Lock()
		c.attached[d.Path] = true
		c.mu.Unlock()
	}
}
