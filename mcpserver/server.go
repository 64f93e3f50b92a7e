package mcpserver

import (
	"context"
	"errors"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/request"
)

// SnapshotMode is the page state that ends every action tool's result.
type SnapshotMode string

// The snapshot modes.
const (
	// Incremental: the snapshot lines that changed since the last snapshot
	// this client received of the tab (the default).
	Incremental SnapshotMode = "incremental"
	// Full: the whole snapshot every time, site chrome included (the
	// landmarks an earlier page of the site showed are not cut to a line).
	Full SnapshotMode = "full"
	// None: no tree; the modal state, URL, title and counts only.
	None SnapshotMode = "none"
)

// DefaultTimeoutMS is a tool call's budget when it gives no timeout_ms.
const DefaultTimeoutMS = 30000

// Backend runs the requests of one MCP connection.
type Backend interface {
	request.Doer
	// Close ends what the connection used, once it is over.
	Close(ctx context.Context) error
}

// Options configure a Server.
type Options struct {
	// Open returns the backend of a connection, on the connection's first
	// tool call; a failure is that call's error, and the next call tries
	// again. Shared serves every connection from one Doer.
	Open func(ctx context.Context) (Backend, error)
	// SnapshotMode is the page state after actions; empty means
	// Incremental.
	SnapshotMode SnapshotMode
	// NoEvaluate hides browser_evaluate and browser_cdp (the session
	// refuses page script anyway); NoCDP hides browser_cdp.
	NoEvaluate, NoCDP bool
	// Vision lists the coordinate tools (browser_mouse_click_xy and the
	// other browser_mouse_* tools), for a model that aims from
	// screenshots, as Playwright MCP's vision capability does.
	Vision bool
	// Version is the server version told to clients.
	Version string
	// Files say which of the server machine's files a client may read and
	// write (files.go); the zero value confines each client to its roots
	// or working directory (stdio) or to a directory of its own (HTTP).
	Files Files
	// Logger receives what goes wrong outside a call (a panic in a tool,
	// a backend that fails to close). Quiet by default.
	Logger zerolog.Logger
}

// Validate reports what is wrong with o.
func (o Options) Validate() error {
	var errs []error
	if o.Open == nil {
		errs = append(errs, errors.New("no Open: the server has no way to reach a browser"))
	}
	switch o.SnapshotMode {
	case "", Incremental, Full, None:
	default:
		errs = append(errs, errors.New("snapshot mode "+string(o.SnapshotMode)+": want incremental, full or none"))
	}
	return errors.Join(errs...)
}

// Shared returns an Open that gives every connection d, which stays open
// when connections end: a Go program serving its own session passes
// Shared(request.NewBrowser(s)).
func Shared(d request.Doer) func(context.Context) (Backend, error) {
	return func(context.Context) (Backend, error) { return shared{d}, nil }
}

type shared struct{ request.Doer }

func (shared) Close(context.Context) error { return nil }

// Server is an MCP server whose tools drive a browser through typed
// requests. Serve it over stdio (ServeStdio), Streamable HTTP (Handler) or
// any SDK transport (SDK().Connect).
type Server struct {
	opts Options
	srv  *mcp.Server

	mu    sync.Mutex
	conns map[*mcp.ServerSession]*conn
	// closing counts the backends of ended connections being closed.
	closing sync.WaitGroup
}

// New builds a server with every tool registered.
func New(opts Options) (*Server, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	if opts.SnapshotMode == "" {
		opts.SnapshotMode = Incremental
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	s := &Server{opts: opts, conns: map[*mcp.ServerSession]*conn{}}
	s.srv = mcp.NewServer(&mcp.Implementation{Name: "agentbrowser", Title: "agentbrowser", Version: opts.Version}, &mcp.ServerOptions{
		RootsListChangedHandler: func(_ context.Context, req *mcp.RootsListChangedRequest) {
			if c := s.lookup(req.Session); c != nil {
				c.forgetRoots()
			}
		},
		Instructions: "Start with browser_navigate or browser_snapshot to see the page and its refs (e5). Act with browser_click, browser_type, browser_fill_form on a target: a ref, or a locator in its place " +
			"(role=button[name=\"Save\"], text=Save, label=Email; browser_find lists what one matches); browser_read gives the page as Markdown; " +
			"action results end with what changed since your last snapshot: changed lines under their nearest unchanged ancestor, the refs removed (the others stay valid), the URL and title when they changed. " +
			"Answer JS dialogs with browser_handle_dialog. Every page tool takes an optional tab and timeout_ms.",
	})
	s.srv.AddReceivingMiddleware(refusedArguments)
	registerActionTools(s)
	registerToolboxTools(s)
	registerPageTools(s)
	registerStateTools(s)
	registerDiagTools(s)
	registerInspectTools(s)
	return s, nil
}

// SDK is the underlying SDK server, to connect it to a transport of the
// caller's choosing.
func (s *Server) SDK() *mcp.Server { return s.srv }

// Wait waits until the backends of ended connections are closed.
func (s *Server) Wait() { s.closing.Wait() }

// lookup is the state of ss's connection, or nil before its first call.
func (s *Server) lookup(ss *mcp.ServerSession) *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns[ss]
}

// connFor returns the state of the connection a call came on, made on its
// first call; when the connection ends, its calls in flight are cancelled,
// its backend closed and a remote client's directory removed.
func (s *Server) connFor(ss *mcp.ServerSession) *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.conns[ss]; ok {
		return c
	}
	// Streamable HTTP is the one transport that gives its sessions ids.
	remote := ss != nil && ss.ID() != ""
	client, err := newClient(remote, s.opts.Files.ClientDirs)
	if err != nil {
		s.opts.Logger.Warn().Err(err).Msg("a remote client gets no directory of its own; its paths are all refused")
	}
	c := newConn(s.opts, ss, client)
	s.conns[ss] = c
	if ss != nil {
		s.closing.Add(1)
		go func() {
			defer s.closing.Done()
			ss.Wait()
			s.finish(ss, c)
		}()
	}
	return c
}

// endSession cancels the calls in flight of ss's connection, so that the
// SDK's close of the session, which waits for them, ends at once.
func (s *Server) endSession(ss *mcp.ServerSession) {
	if c := s.lookup(ss); c != nil {
		c.end()
	}
}

// finish closes an ended connection's backend and removes its client's
// directory.
func (s *Server) finish(ss *mcp.ServerSession, c *conn) {
	c.end()
	s.mu.Lock()
	delete(s.conns, ss)
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.close(ctx); err != nil {
		s.opts.Logger.Warn().Err(err).Msg("closing a connection's browser")
	}
	if c.client.Dir != "" {
		if err := os.RemoveAll(c.client.Dir); err != nil {
			s.opts.Logger.Warn().Err(err).Str("dir", c.client.Dir).Msg("removing a client's directory")
		}
	}
}
