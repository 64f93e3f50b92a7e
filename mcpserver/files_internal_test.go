package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// remoteConn is a remote client's connection whose own directory is dir,
// with no backend open.
func remoteConn(t *testing.T, files Files) (*conn, string) {
	t.Helper()
	dir := t.TempDir()
	return newConn(Options{Files: files}, nil, Client{ID: "c-test", Remote: true, Dir: dir}), dir
}

// TestGuardKnowsEveryPathField walks every registered request type: each
// path argument request.Paths declares must be checked by the guard (a
// request naming /etc/passwd there is refused). A test in package request
// holds Paths to every field whose name says path, file, dir or save, so
// that a new request that takes a path cannot leave the server unchecked.
func TestGuardKnowsEveryPathField(t *testing.T) {
	c, _ := remoteConn(t, Files{})
	checked := 0
	for _, name := range request.Names() {
		q, ok := request.New(name)
		require.True(t, ok, name)
		rt := reflect.TypeOf(q)
		for i := range rt.NumField() {
			f := rt.Field(i)
			if !f.IsExported() || f.Anonymous {
				continue
			}
			v := reflect.New(rt).Elem()
			v.Set(reflect.ValueOf(q))
			switch {
			case f.Type.Kind() == reflect.String:
				v.Field(i).SetString("/etc/passwd")
			case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.String:
				v.Field(i).Set(reflect.ValueOf([]string{"/etc/passwd"}).Convert(f.Type))
			default:
				continue
			}
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			var use request.PathUse
			_, err := request.Paths(v.Interface().(request.Request), func(_ *string, arg request.PathArg) error {
				if arg.Name == tag {
					use = arg.Use
				}
				return nil
			})
			require.NoError(t, err)
			if use == 0 {
				continue // not a path argument
			}
			_, err = c.guard(t.Context(), v.Interface().(request.Request))
			require.ErrorIs(t, err, events.ErrPathNotAllowed, "%s.%s (%s) is not checked", name, tag, use)
			checked++
		}
	}
	require.GreaterOrEqual(t, checked, 10, "upload, drop, state save and load, pdf, screenshot, network get, trace, HAR, record")
}

// TestGuardRewritesAndRefuses: what the guard hands on is the resolved
// path; file: URLs, raw CDP and batch steps are checked too.
func TestGuardRewritesAndRefuses(t *testing.T) {
	c, dir := remoteConn(t, Files{})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "in.txt"), []byte("x"), 0o600))
	require.NoError(t, os.Symlink("/etc/passwd", filepath.Join(dir, "link")))
	ctx := t.Context()

	q, err := c.guard(ctx, request.Upload{Ref: events.Target{Ref: "e1"}, Files: []string{"in.txt"}})
	require.NoError(t, err)
	require.Equal(t, []string{filepath.Join(dir, "in.txt")}, q.(request.Upload).Files)
	_, err = c.guard(ctx, request.Upload{Ref: events.Target{Ref: "e1"}, Files: []string{"in.txt", "link"}})
	require.ErrorIs(t, err, events.ErrPathNotAllowed)
	q, err = c.guard(ctx, request.PDF{})
	require.NoError(t, err, "no path: the session's download directory")
	require.Empty(t, q.(request.PDF).Path)

	for _, u := range []string{"file:///etc/passwd", "FILE:///etc/shadow", "file:" + filepath.Join(dir, "link")} {
		_, err = c.guard(ctx, request.Open{URL: u})
		require.ErrorIs(t, err, events.ErrPathNotAllowed, u)
		_, err = c.guard(ctx, request.NewTab{URL: u})
		require.ErrorIs(t, err, events.ErrPathNotAllowed, u)
	}
	// A file: page inside the client's directory is refused too: it could
	// frame any other local file.
	_, err = c.guard(ctx, request.Open{URL: "file://" + filepath.Join(dir, "in.txt")})
	require.ErrorIs(t, err, events.ErrPathNotAllowed)
	require.ErrorContains(t, err, "serve the directory over http")
	_, err = c.guard(ctx, request.Open{URL: "https://example.com/file"})
	require.NoError(t, err)

	cdp := func(method, params string) (request.Request, error) {
		return c.guard(ctx, request.CDP{Method: method, Params: json.RawMessage(params)})
	}
	for _, tc := range []struct{ method, params string }{
		{"DOM.setFileInputFiles", `{"files":["/etc/passwd"],"nodeId":1}`},
		{"Input.dispatchDragEvent", `{"type":"drop","x":0,"y":0,"data":{"items":[],"files":["/etc/shadow"],"dragOperationsMask":1}}`},
		{"PWA.launchFilesInApp", `{"manifestId":"x","files":["/etc/passwd"]}`},
		{"Extensions.loadUnpacked", `{"path":"/tmp"}`},
		{"Page.setDownloadBehavior", `{"behavior":"allow","downloadPath":"/tmp"}`},
		{"Browser.setDownloadBehavior", `{"behavior":"default"}`},
		{"Page.navigate", `{"url":"file:///etc/passwd"}`},
		{"Target.createTarget", `{"url":"file:///etc/passwd"}`},
		{"Network.loadNetworkResource", `{"frameId":"f","url":"file:///etc/passwd","options":{"disableCache":true,"includeCredentials":false}}`},
	} {
		_, err := cdp(tc.method, tc.params)
		require.ErrorIs(t, err, events.ErrPathNotAllowed, tc.method)
		var e *events.Error
		require.ErrorAs(t, err, &e)
		require.Contains(t, e.Message, dir, "%s: the message names the allowed directory", tc.method)
	}
	for _, tc := range []struct{ method, params string }{
		{"Runtime.evaluate", `{"expression":"1"}`},
		{"Network.setCookie", `{"name":"a","value":"b","path":"/","url":"https://example.com"}`},
		{"Browser.setDownloadBehavior", `{"behavior":"deny"}`},
		{"Page.navigate", `{"url":"https://example.com/"}`},
	} {
		_, err := cdp(tc.method, tc.params)
		require.NoError(t, err, tc.method)
	}
	q, err = cdp("DOM.setFileInputFiles", `{"files":["in.txt"],"nodeId":1}`)
	require.NoError(t, err)
	require.JSONEq(t, `{"files":["`+filepath.Join(dir, "in.txt")+`"],"nodeId":1}`, string(q.(request.CDP).Params))
	q, err = cdp("Page.setDownloadBehavior", `{"behavior":"allow","downloadPath":"`+dir+`"}`)
	require.NoError(t, err)

	// A batch's steps are checked one by one.
	ok, err := request.NewBatchStep(request.Upload{Ref: events.Target{Ref: "e1"}, Files: []string{"in.txt"}}, request.Options{})
	require.NoError(t, err)
	bad, err := request.NewBatchStep(request.SaveState{Path: "/tmp/stolen.json"}, request.Options{})
	require.NoError(t, err)
	q, err = c.guard(ctx, request.Batch{Steps: []request.BatchStep{ok}})
	require.NoError(t, err)
	require.Contains(t, string(q.(request.Batch).Steps[0].Request), filepath.Join(dir, "in.txt"))
	_, err = c.guard(ctx, request.Batch{Steps: []request.BatchStep{ok, bad}})
	require.ErrorIs(t, err, events.ErrPathNotAllowed)
	require.ErrorContains(t, err, "step 2")

	// Unrestricted: everything through, relative paths still resolved.
	open, odir := remoteConn(t, Files{Unrestricted: true})
	q, err = open.guard(ctx, request.Upload{Ref: events.Target{Ref: "e1"}, Files: []string{"/etc/passwd", "x"}})
	require.NoError(t, err)
	require.Equal(t, []string{"/etc/passwd", filepath.Join(odir, "x")}, q.(request.Upload).Files)
	_, err = open.guard(ctx, request.CDP{Method: "Browser.setDownloadBehavior", Params: json.RawMessage(`{"behavior":"default"}`)})
	require.NoError(t, err)
}

// TestEndCancelsCallsInFlight: ending a connection cancels the calls in
// flight with the session's end as the cause, refuses new ones, and
// opens no backend after.
func TestEndCancelsCallsInFlight(t *testing.T) {
	opened := 0
	c := newConn(Options{Open: func(ctx context.Context) (Backend, error) { opened++; return shared{}, nil }}, nil, Client{})
	ctx, done := c.begin(t.Context())
	defer done()
	c.end()
	<-ctx.Done()
	require.ErrorIs(t, context.Cause(ctx), &events.Error{Code: events.CodeSessionClosed})
	late, lateDone := c.begin(t.Context())
	defer lateDone()
	require.Error(t, late.Err())
	_, err := c.doer(t.Context())
	require.ErrorIs(t, err, &events.Error{Code: events.CodeSessionClosed})
	require.Zero(t, opened)
}

// TestLocalFileReadsURLsAsChromium: the forms of a file: URL that Chromium
// loads as a local file (measured with Chromium 156 through Page.navigate)
// are all read as the path they load; other URLs are none.
func TestLocalFileReadsURLsAsChromium(t *testing.T) {
	for raw, want := range map[string]string{
		"file:///etc/hostname":                  "/etc/hostname",
		"FILE:///etc/hostname":                  "/etc/hostname",
		"file:/etc/hostname":                    "/etc/hostname",
		"file:etc/hostname":                     "/etc/hostname",
		`file:\\\\etc\\hostname`:                "/etc/hostname",
		"\x01 file:///etc/hostname\x00":         "/etc/hostname",
		"fi\tle:///et\nc/hostname":              "/etc/hostname",
		"view-source:file:///etc/hostname":      "/etc/hostname",
		"view-source: VIEW-SOURCE:file:/etc/x":  "/etc/x",
		"file://localhost/etc/hostname?x#y":     "/etc/hostname",
		"file://host/etc/hostname":              "/etc/hostname",
		"file:///tmp/%2e%2e/etc/%68ostname":     "/etc/hostname",
		"file:///tmp/a/../../etc/hostname":      "/etc/hostname",
		"file:":                                 "/",
		"http://example.com/file:///etc/passwd": "",
		"view-source:https://example.com/":      "",
		"about:blank":                           "",
		"/etc/passwd":                           "",
	} {
		got, ok := localFile(raw)
		require.Equal(t, want != "", ok, "%q", raw)
		require.Equal(t, want, got, "%q", raw)
	}
}

// TestGuardChecksTheCommandInsideAnother: the command
// Target.sendMessageToTarget carries is checked like a call of its own,
// its paths rewritten to what they resolve to, and
// Target.exposeDevToolsProtocol is refused.
func TestGuardChecksTheCommandInsideAnother(t *testing.T) {
	c, dir := remoteConn(t, Files{})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "in.txt"), []byte("x"), 0o600))
	send := func(inner string) (request.Request, error) {
		p, err := json.Marshal(map[string]any{"sessionId": "s1", "message": inner})
		require.NoError(t, err)
		return c.guard(t.Context(), request.CDP{Method: "Target.sendMessageToTarget", Params: p})
	}
	for _, inner := range []string{
		`{"id":1,"method":"DOM.setFileInputFiles","params":{"files":["/etc/shadow"],"nodeId":1}}`,
		`{"id":1,"method":"Page.navigate","params":{"url":"view-source:file:///etc/passwd"}}`,
		`{"id":1,"method":"Target.exposeDevToolsProtocol","params":{"targetId":"t"}}`,
	} {
		_, err := send(inner)
		require.ErrorIs(t, err, events.ErrPathNotAllowed, inner)
	}
	q, err := send(`{"id":1,"method":"DOM.setFileInputFiles","params":{"files":["in.txt"],"nodeId":1}}`)
	require.NoError(t, err)
	var p struct{ Message string }
	require.NoError(t, json.Unmarshal(q.(request.CDP).Params, &p))
	require.JSONEq(t, `{"id":1,"method":"DOM.setFileInputFiles","params":{"files":["`+filepath.Join(dir, "in.txt")+`"],"nodeId":1}}`, p.Message)
	q, err = send(`{"id":1,"method":"Runtime.evaluate","params":{"expression":"1"}}`)
	require.NoError(t, err)
	require.JSONEq(t, `{"sessionId":"s1","message":"{\"id\":1,\"method\":\"Runtime.evaluate\",\"params\":{\"expression\":\"1\"}}"}`, string(q.(request.CDP).Params))
	_, err = c.guard(t.Context(), request.CDP{Method: "Target.exposeDevToolsProtocol", Params: json.RawMessage(`{"targetId":"t"}`)})
	require.ErrorIs(t, err, events.ErrPathNotAllowed)
}
