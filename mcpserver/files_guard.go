package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/pathguard"
	"github.com/agentbrowser/agentbrowser/request"
)

// guard checks every path q would read or write and returns q with each
// replaced by what it resolves to, or path_not_allowed. The plain path
// arguments are those request.Paths declares; file: URLs, raw CDP params
// and a batch's steps are checked here.
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
	var err error
	switch v := q.(type) {
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
	return request.Paths(q, func(p *string, arg request.PathArg) error {
		s, err := box()
		if err != nil {
			return err
		}
		*p, err = sandboxed(s, *p, arg.Use)
		return err
	})
}

// sandboxed is p resolved in s for what the command does with it: a file
// it reads, a file it writes, or a directory it writes into.
func sandboxed(s *pathguard.Sandbox, p string, use request.PathUse) (string, error) {
	switch use {
	case request.PathRead:
		return s.Read(p)
	case request.PathWrite, request.PathWriteOptional:
		return s.Write(p)
	case request.PathDir:
		return s.Dir(p)
	}
	// A use this server does not know yet is refused, not let through.
	return "", events.Errorf(events.CodeInternal, "%s: a path whose use the server does not know", p)
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
