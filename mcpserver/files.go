package mcpserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/agentbrowser/agentbrowser/internal/pathguard"
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
