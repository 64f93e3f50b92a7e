package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The tools of the session's state and files: cookies, web storage,
// storage states, downloads and PDFs.

type cookiesArgs struct {
	Action    string   `json:"action" jsonschema:"list the cookies, set one, or clear them"`
	URLs      []string `json:"urls,omitempty" jsonschema:"list: only the cookies a request to one of these URLs sends"`
	URL       string   `json:"url,omitempty" jsonschema:"set: the URL the cookie belongs to (or give domain); clear: only the cookies a request to it sends"`
	Name      string   `json:"name,omitempty" jsonschema:"set: the cookie's name"`
	Value     string   `json:"value,omitempty" jsonschema:"set: the cookie's value"`
	Domain    string   `json:"domain,omitempty" jsonschema:"set: the cookie's domain instead of url (.example.com includes subdomains)"`
	Path      string   `json:"path,omitempty" jsonschema:"set: the cookie's path (default /)"`
	HTTPOnly  bool     `json:"httpOnly,omitempty" jsonschema:"set: hidden from page script"`
	Secure    bool     `json:"secure,omitempty" jsonschema:"set: sent over https only"`
	SameSite  string   `json:"sameSite,omitempty" jsonschema:"set: Strict, Lax or None"`
	Expires   float64  `json:"expires,omitempty" jsonschema:"set: expiry in seconds since the epoch (default: a session cookie)"`
	TimeoutMS int      `json:"timeout_ms,omitempty" jsonschema:"one budget for the whole call in milliseconds (default 30000)"`
}

type storageArgs struct {
	Kind   string `json:"kind" jsonschema:"local (localStorage) or session (sessionStorage)"`
	Action string `json:"action,omitempty" jsonschema:"list every item (default), get one, set one, remove one, or clear them all"`
	Key    string `json:"key,omitempty" jsonschema:"get, set, remove: the item's key"`
	Value  string `json:"value,omitempty" jsonschema:"set: the item's value"`
	pageArgs
}

type storageStateArgs struct {
	Action    string `json:"action" jsonschema:"save the session's cookies and localStorage to a file, or load a file into the session"`
	Path      string `json:"path" jsonschema:"the storage state file (Playwright's storageState JSON) on the server's machine, inside the directories this client may use (a relative path resolves in the client's own directory over HTTP, the first root over stdio); over HTTP a saved file also comes back as content"`
	TimeoutMS int    `json:"timeout_ms,omitempty" jsonschema:"one budget for the whole call in milliseconds (default 30000)"`
}

type downloadsArgs struct {
	Wait      bool `json:"wait,omitempty" jsonschema:"first wait, within the budget, until a download has begun since the last wait and none is in progress"`
	TimeoutMS int  `json:"timeout_ms,omitempty" jsonschema:"one budget for the whole call in milliseconds (default 30000)"`
}

type pdfArgs struct {
	Filename   string `json:"filename,omitempty" jsonschema:"where to write the PDF on the server's machine, inside the directories this client may use (default: a new file in the session's download directory); over HTTP the PDF also comes back as content"`
	Landscape  bool   `json:"landscape,omitempty" jsonschema:"turn the paper"`
	Paper      string `json:"paper,omitempty" jsonschema:"paper size (default Letter)"`
	Background bool   `json:"background,omitempty" jsonschema:"print background colours and images"`
	pageArgs
}

func registerStateTools(s *Server) {
	ck := toolSpec{name: "browser_cookies", title: "Cookies",
		desc:        "List, set or clear the session's cookies, HttpOnly ones included, with Playwright's fields (name, value, domain, path, expires, httpOnly, secure, sameSite).",
		destructive: true, openWorld: true}
	ck.enums = map[string][]any{"action": {"list", "set", "clear"}, "sameSite": {"Strict", "Lax", "None"}}
	ck.out = map[string]*jsonschema.Schema{"cookies": {Type: "array", Description: "the cookies listed, set or deleted"}}
	plainTool(s, ck, func(in cookiesArgs) (request.Request, pageArgs, error) {
		a := pageArgs{TimeoutMS: in.TimeoutMS}
		switch in.Action {
		case "list":
			return request.Cookies{URLs: in.URLs}, a, nil
		case "set":
			return request.SetCookie{Name: in.Name, Value: in.Value, URL: in.URL, Domain: in.Domain, Path: in.Path,
				HTTPOnly: in.HTTPOnly, Secure: in.Secure, SameSite: in.SameSite, Expires: in.Expires}, a, nil
		case "clear":
			return request.ClearCookies{URL: in.URL}, a, nil
		}
		return nil, a, events.Errorf(events.CodeInvalidArgument, "action must be list, set or clear")
	})

	ws := toolSpec{name: "browser_storage", title: "Web storage",
		desc:        "Read or change the tab's localStorage or sessionStorage (its origin's), without running page script: list every item, get one, set one, remove one, or clear them.",
		destructive: true, openWorld: true}
	ws.enums = map[string][]any{"kind": {events.LocalStorage, events.SessionStorage}, "action": {"list", events.StorageGet, events.StorageSet, events.StorageRemove, events.StorageClear}}
	ws.out = map[string]*jsonschema.Schema{"tab_id": strProp("the tab"), "origin": strProp("the origin whose storage it is"), "kind": strProp("local or session"),
		"items": {Type: "array", Description: "every item, [{name, value}] (after set, remove and clear too)"},
		"key":   strProp("get: the key"), "found": boolProp("get: whether the item exists"), "value": strProp("get: its value")}
	plainTool(s, ws, func(in storageArgs) (request.Request, pageArgs, error) {
		op := in.Action
		if op == "list" {
			op = ""
		}
		return request.Storage{Kind: in.Kind, Op: op, Key: in.Key, Value: in.Value}, in.pageArgs, nil
	})

	st := toolSpec{name: "browser_storage_state", title: "Storage state",
		desc:        "Save the session's cookies and the localStorage of its sites to a file (Playwright's storageState JSON, mode 0600), or load such a file into the session, all or nothing. A state file signs in whoever loads it: keep it private.",
		destructive: true, openWorld: true}
	st.enums = map[string][]any{"action": {"save", "load"}}
	st.out = map[string]*jsonschema.Schema{"path": strProp("the file"), "cookies": intProp("cookies saved or loaded"), "origins": {Type: "array", Description: "the origins whose localStorage was saved or loaded"}}
	addTool(s, st, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in storageStateArgs) (*toolOut, error) {
		var q request.Request
		switch in.Action {
		case "save":
			q = request.SaveState{Path: in.Path}
		case "load":
			q = request.LoadState{Path: in.Path}
		default:
			return nil, events.Errorf(events.CodeInvalidArgument, "action must be save or load")
		}
		r, err := run(ctx, c, q, pageArgs{TimeoutMS: in.TimeoutMS}.options())
		if err != nil {
			return nil, err
		}
		out := &toolOut{text: readText(st.title, r.value, r.notice), fields: r.fields}
		if res, ok := r.value.(events.StorageStateResult); ok && in.Action == "save" && res.Path != "" {
			c.attachTo(out, res.Path, "application/json")
		}
		return out, nil
	})

	dl := toolSpec{name: "browser_downloads", title: "Downloads",
		desc:     "The session's downloads (url, suggested_filename, path, bytes, state: in_progress, completed, canceled, failed) and the directory they are saved in. With wait, first waits for the downloads an action started to finish. Over HTTP each completed download also comes back once as content.",
		readOnly: true, openWorld: true}
	dl.out = map[string]*jsonschema.Schema{"dir": strProp("where downloads are saved"), "downloads": {Type: "array", Description: "the session's downloads, oldest first"}}
	addTool(s, dl, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in downloadsArgs) (*toolOut, error) {
		stop := func() {}
		if in.Wait {
			stop = progress(ctx, req, "waiting for downloads")
		}
		res, _, err := do(ctx, c, request.Downloads{Wait: in.Wait}, pageArgs{TimeoutMS: in.TimeoutMS}.options())
		stop()
		if err != nil {
			return nil, err
		}
		f, err := fieldsOf(res)
		if err != nil {
			return nil, err
		}
		out := &toolOut{text: downloadsText(res), fields: f}
		c.attachDownloads(out, res.Downloads)
		return out, nil
	})

	pdf := toolSpec{name: "browser_pdf_save", title: "Save as PDF",
		desc:      "Print the tab to a PDF file (mode 0600, never through a symbolic link) and return its path.",
		openWorld: true}
	pdf.enums = map[string][]any{"paper": {"Letter", "A4"}}
	pdf.out = map[string]*jsonschema.Schema{"path": strProp("the PDF file"), "bytes": intProp("its size"), "tab_id": strProp("the tab")}
	addTool(s, pdf, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in pdfArgs) (*toolOut, error) {
		q := request.PDF{Path: in.Filename, Landscape: in.Landscape, Paper: in.Paper, Background: in.Background}
		r, err := run(ctx, c, q, in.options())
		if err != nil {
			return nil, err
		}
		out := &toolOut{text: readText(pdf.title, r.value, r.notice), fields: r.fields}
		if res, ok := r.value.(events.PDFResult); ok && res.Path != "" {
			c.attachTo(out, res.Path, "application/pdf")
		}
		return out, nil
	})
}

// downloadsText lists downloads for a model, one a line.
func downloadsText(r events.DownloadsResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Downloads (saved in %s):", r.Dir)
	if len(r.Downloads) == 0 {
		b.WriteString("\n- none yet")
	}
	for _, d := range r.Downloads {
		b.WriteString("\n" + downloadLine(d))
	}
	return b.String()
}

// downloadLine is one download: its name, state and where it is.
func downloadLine(d events.Download) string {
	s := fmt.Sprintf("- %s: %s, %d bytes", d.SuggestedFilename, d.State, d.Bytes)
	if d.Path != "" {
		s += ", at " + d.Path
	}
	if d.Error != nil {
		s += fmt.Sprintf(" [%s] %s", d.Error.Code, d.Error.Message)
	}
	return s
}
