package actions_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// stateSite serves a sign-in flow on both loopback origins: /login sets an
// HttpOnly session cookie and a visible one and stores a token in
// localStorage; /app shows, in its title, what its script finds when it
// runs first (localStorage and document.cookie) and, in its body, the
// Cookie header the server got.
func stateSite(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "s3cret", Path: "/", HttpOnly: true, MaxAge: 3600})
			http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Path: "/"})
			http.SetCookie(w, &http.Cookie{Name: "scoped", Value: "only-a", Path: "/a"})
			fmt.Fprint(w, `<!doctype html><title>signed in</title><script>localStorage.setItem("token", "t-"+location.port); sessionStorage.setItem("tab", "one")</script>`)
		case "/app":
			fmt.Fprintf(w, `<!doctype html><title>app</title><p id=hdr>%s</p><script>document.title = "ls=" + localStorage.getItem("token") + " c=" + document.cookie + " h=" + hdr.textContent</script>`, r.Header.Get("Cookie"))
		default:
			fmt.Fprint(w, `<!doctype html><title>page</title>`)
		}
	}))
}

// stateSession is a session on the shared browser in a browser context of
// its own, so that its cookies and storage are the test's alone.
func stateSession(t *testing.T, cfg session.Config, extra ...fx.Option) *session.BrowserSession {
	t.Helper()
	m, err := standard.NewManager(extra...)
	require.NoError(t, err)
	cfg.IsolatedContext = true
	cfg.Extensions = append(cfg.Extensions, m)
	return testkit.Session(t, cfg)
}

func navigate(t *testing.T, s *session.BrowserSession, url string) events.NavigationResult {
	t.Helper()
	r, err := actions.Navigate(t.Context(), s, url, actions.NavigateOptions{})
	require.NoError(t, err)
	return r
}

func cookieNames(cs []events.Cookie) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

func requireCode(t *testing.T, err error, code events.Code) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, actions.Code(err), "error: %v", err)
}

func TestCookies(t *testing.T) {
	srv := stateSite(t)
	s := stateSession(t, session.Config{})
	ctx := t.Context()
	navigate(t, s, srv.MainURL("/login"))

	all, err := actions.Cookies(ctx, s)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"sid", "theme", "scoped"}, cookieNames(all.Cookies))
	for _, c := range all.Cookies {
		require.Equal(t, "127.0.0.1", c.Domain)
		if c.Name == "sid" {
			require.True(t, c.HTTPOnly, "the HttpOnly cookie is listed as such")
			require.Equal(t, "s3cret", c.Value)
			require.Greater(t, c.Expires, float64(0))
			require.Equal(t, "Lax", c.SameSite)
		}
	}
	// Playwright's field names.
	b, err := json.Marshal(all.Cookies[0])
	require.NoError(t, err)
	for _, k := range []string{`"name"`, `"value"`, `"domain"`, `"path"`, `"expires"`, `"httpOnly"`, `"secure"`, `"sameSite"`} {
		require.Contains(t, string(b), k)
	}

	// --url lists what a request there would send: /a's cookie only there.
	b1, err := actions.Cookies(ctx, s, srv.MainURL("/b"))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"sid", "theme"}, cookieNames(b1.Cookies))
	a1, err := actions.Cookies(ctx, s, srv.MainURL("/a/page"))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"sid", "theme", "scoped"}, cookieNames(a1.Cookies))
	other, err := actions.Cookies(ctx, s, srv.CrossURL("/"))
	require.NoError(t, err)
	require.Empty(t, other.Cookies)

	// Set by URL and by domain; the page's server gets both.
	set, err := actions.SetCookie(ctx, s, events.Cookie{Name: "lang", Value: "fr", HTTPOnly: true}, srv.MainURL("/deep/page"))
	require.NoError(t, err)
	require.Len(t, set.Cookies, 1)
	require.True(t, set.Cookies[0].HTTPOnly)
	require.Equal(t, "/", set.Cookies[0].Path, "without --path, the whole site's")
	require.Equal(t, "127.0.0.1", set.Cookies[0].Domain, "with a URL, a host-only cookie")
	require.Equal(t, float64(-1), set.Cookies[0].Expires, "no expiry: a session cookie")
	_, err = actions.SetCookie(ctx, s, events.Cookie{Name: "region", Value: "eu", Domain: "127.0.0.1", Path: "/", SameSite: "Strict", Expires: 4102444800}, "")
	require.NoError(t, err)
	r := navigate(t, s, srv.MainURL("/app"))
	script, header, _ := strings.Cut(r.Title, " h=")
	require.Contains(t, script, "theme=dark")
	require.NotContains(t, script, "lang=fr", "HttpOnly: not in document.cookie")
	require.Contains(t, header, "lang=fr")
	require.Contains(t, header, "region=eu")

	// Bad cookies are refused with what is wrong; nothing is set.
	_, err = actions.SetCookie(ctx, s, events.Cookie{Name: "x", Value: "1"}, "")
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = actions.SetCookie(ctx, s, events.Cookie{Name: "x", Value: "1", SameSite: "lax"}, srv.MainURL("/"))
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "Strict, Lax or None")
	_, err = actions.SetCookie(ctx, s, events.Cookie{Name: "x", Value: "1"}, "ftp://example.com/")
	requireCode(t, err, events.CodeInvalidArgument)

	// Clear by URL deletes what a request there sends, and only that.
	gone, err := actions.ClearCookies(ctx, s, srv.MainURL("/a/x"))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"sid", "theme", "scoped", "lang", "region"}, cookieNames(gone.Cookies))
	left, err := actions.Cookies(ctx, s)
	require.NoError(t, err)
	require.Empty(t, left.Cookies)

	_, err = actions.SetCookie(ctx, s, events.Cookie{Name: "k", Value: "v"}, srv.CrossURL("/"))
	require.NoError(t, err)
	_, err = actions.SetCookie(ctx, s, events.Cookie{Name: "k2", Value: "v"}, srv.MainURL("/"))
	require.NoError(t, err)
	gone, err = actions.ClearCookies(ctx, s, srv.CrossURL("/"))
	require.NoError(t, err)
	require.Equal(t, []string{"k"}, cookieNames(gone.Cookies))
	gone, err = actions.ClearCookies(ctx, s, "")
	require.NoError(t, err)
	require.Equal(t, []string{"k2"}, cookieNames(gone.Cookies))
}

// Two sessions in browser contexts of their own never see each other's
// cookies.
func TestCookiesStayInTheirContext(t *testing.T) {
	srv := stateSite(t)
	a := stateSession(t, session.Config{TaskID: t.Name() + "-a"})
	b := stateSession(t, session.Config{TaskID: t.Name() + "-b"})
	navigate(t, a, srv.MainURL("/login"))
	got, err := actions.Cookies(t.Context(), b)
	require.NoError(t, err)
	require.Empty(t, got.Cookies)
	_, err = actions.ClearCookies(t.Context(), b, "")
	require.NoError(t, err)
	got, err = actions.Cookies(t.Context(), a)
	require.NoError(t, err)
	require.Len(t, got.Cookies, 3)
}

func TestWebStorage(t *testing.T) {
	srv := stateSite(t)
	// Evaluation off: web storage goes through the DOMStorage domain, so
	// it still works, and runs no page script.
	s := stateSession(t, session.Config{}, fx.Supply(&evaluate.Config{Enabled: false}))
	ctx := t.Context()

	_, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.LocalStorage})
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "about:blank")

	navigate(t, s, srv.MainURL("/login"))
	all, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.LocalStorage})
	require.NoError(t, err)
	port := strings.TrimPrefix(srv.MainURL(""), "http://127.0.0.1:")
	require.Equal(t, []events.StorageItem{{Name: "token", Value: "t-" + port}}, all.Items)
	require.Equal(t, srv.MainURL(""), all.Origin)

	one, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.SessionStorage, Op: events.StorageGet, Key: "tab"})
	require.NoError(t, err)
	require.True(t, *one.Found)
	require.Equal(t, "one", *one.Value)
	missing, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.SessionStorage, Key: "nope"})
	require.NoError(t, err)
	require.False(t, *missing.Found)
	b, err := json.Marshal(missing)
	require.NoError(t, err)
	require.JSONEq(t, fmt.Sprintf(`{"tab_id":%q,"origin":%q,"kind":"session","key":"nope","found":false}`, missing.TabID, srv.MainURL("")), string(b))

	set, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.LocalStorage, Op: events.StorageSet, Key: "token", Value: "from-agent"})
	require.NoError(t, err)
	require.Equal(t, []events.StorageItem{{Name: "token", Value: "from-agent"}}, set.Items)
	// The page reads what the agent set.
	r := navigate(t, s, srv.MainURL("/app"))
	require.True(t, strings.HasPrefix(r.Title, "ls=from-agent"), r.Title)

	rm, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.LocalStorage, Op: events.StorageRemove, Key: "token"})
	require.NoError(t, err)
	require.Empty(t, rm.Items)
	b, err = json.Marshal(rm)
	require.NoError(t, err)
	require.Contains(t, string(b), `"items":[]`)
	_, err = actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.SessionStorage, Op: events.StorageClear})
	require.NoError(t, err)
	cleared, err := actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.SessionStorage})
	require.NoError(t, err)
	require.Empty(t, cleared.Items)

	_, err = actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: "cookie"})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = actions.WebStorage(ctx, s, events.WebStorageEvent{Kind: events.LocalStorage, Op: events.StorageSet})
	requireCode(t, err, events.CodeInvalidArgument)
}

// A state saved from one session loads into another before its first page:
// the page's first script already finds the token, and the server the
// cookies; the file is the owner's alone.
func TestStorageStateRoundTrip(t *testing.T) {
	srv := stateSite(t)
	a := stateSession(t, session.Config{TaskID: t.Name() + "-a"})
	ctx := t.Context()
	navigate(t, a, srv.MainURL("/login"))
	navigate(t, a, srv.CrossURL("/login"))
	navigate(t, a, srv.MainURL("/"))

	path := filepath.Join(t.TempDir(), "state.json")
	res, err := actions.SaveStorageState(ctx, a, path)
	require.NoError(t, err)
	require.Equal(t, path, res.Path)
	require.Equal(t, 6, res.Cookies)
	require.ElementsMatch(t, []string{srv.MainURL(""), srv.CrossURL("")}, res.Origins)
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	var raw map[string][]map[string]any
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &raw))
	require.Len(t, raw["cookies"], 6)
	require.Len(t, raw["origins"], 2)
	require.Contains(t, raw["origins"][0], "localStorage")

	loaded, err := session.ReadStorageState(path)
	require.NoError(t, err)
	b2 := stateSession(t, session.Config{TaskID: t.Name() + "-b", StorageState: &loaded})
	r := navigate(t, b2, srv.CrossURL("/app"))
	cross := strings.TrimPrefix(srv.CrossURL(""), "http://localhost:")
	require.True(t, strings.HasPrefix(r.Title, "ls=t-"+cross), "the page's first script finds the token: %q", r.Title)
	require.Contains(t, r.Title, "theme=dark")
	_, header, _ := strings.Cut(r.Title, " h=")
	require.Contains(t, header, "sid=s3cret")
	// The page the state was loaded through is gone.
	tabs, err := actions.Tabs(ctx, b2)
	require.NoError(t, err)
	require.Len(t, tabs, 1)

	// Loaded mid-session, into a session that has state of its own: added,
	// same names replaced, the rest kept.
	c := stateSession(t, session.Config{TaskID: t.Name() + "-c"})
	_, err = actions.SetCookie(ctx, c, events.Cookie{Name: "mine", Value: "1"}, srv.MainURL("/"))
	require.NoError(t, err)
	_, err = actions.SetCookie(ctx, c, events.Cookie{Name: "theme", Value: "light", Domain: "127.0.0.1", Path: "/"}, "")
	require.NoError(t, err)
	lr, err := actions.LoadStorageState(ctx, c, path)
	require.NoError(t, err)
	require.Equal(t, 6, lr.Cookies)
	got, err := actions.Cookies(ctx, c, srv.MainURL("/"))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"mine", "sid", "theme"}, cookieNames(got.Cookies))
	for _, ck := range got.Cookies {
		if ck.Name == "theme" {
			require.Equal(t, "dark", ck.Value)
		}
	}
	r = navigate(t, c, srv.MainURL("/app"))
	main := strings.TrimPrefix(srv.MainURL(""), "http://127.0.0.1:")
	require.True(t, strings.HasPrefix(r.Title, "ls=t-"+main), r.Title)
}

// A malformed state is refused whole, naming what is wrong, and nothing of
// it is loaded, even its valid parts.
func TestStorageStateMalformed(t *testing.T) {
	srv := stateSite(t)
	s := stateSession(t, session.Config{})
	ctx := t.Context()
	good := `{"name":"ok","value":"1","domain":"127.0.0.1","path":"/","expires":-1,"httpOnly":false,"secure":false,"sameSite":"Lax"}`
	cases := []struct {
		name, doc, want string
	}{
		{"not json", `{"cookies": [`, "not JSON"},
		{"a list", `[]`, "want an object"},
		{"no keys", `{"foo": 1}`, "neither"},
		{"cookies not a list", `{"cookies": {}}`, "cookies: want a list"},
		{"expires a string", `{"cookies":[` + good + `,{"name":"a","value":"b","domain":"127.0.0.1","path":"/","expires":"soon"}]}`, "cookies[1].expires"},
		{"bad sameSite", `{"cookies":[` + good + `,{"name":"a","value":"b","domain":"127.0.0.1","path":"/","sameSite":"lax"}]}`, `cookies[1].sameSite: "lax"`},
		{"no domain", `{"cookies":[{"name":"a","value":"b","path":"/"}]}`, "cookies[0].domain: missing"},
		{"bad path", `{"cookies":[{"name":"a","value":"b","domain":"x.test","path":"a"}]}`, "cookies[0].path"},
		{"httpOnly a string", `{"cookies":[{"name":"a","value":"b","domain":"x.test","httpOnly":"yes"}]}`, "cookies[0].httpOnly: want true or false"},
		{"origin with a path", `{"cookies":[` + good + `],"origins":[{"origin":"https://example.com/app","localStorage":[]}]}`, "origins[0].origin"},
		{"file origin", `{"origins":[{"origin":"file:///tmp","localStorage":[]}]}`, "origins[0].origin"},
		{"item without value", `{"origins":[{"origin":"http://127.0.0.1:1","localStorage":[{"name":"a"}]}]}`, "origins[0].localStorage[0].value: missing"},
		// Valid to us, refused by the browser (a __Secure- cookie must be Secure):
		// the good cookie before it is not set either.
		{"browser refuses", `{"cookies":[` + good + `,{"name":"__Secure-a","value":"b","domain":"127.0.0.1","path":"/","secure":false}]}`, "refused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.json")
			require.NoError(t, os.WriteFile(path, []byte(tc.doc), 0o600))
			_, err := actions.LoadStorageState(ctx, s, path)
			requireCode(t, err, events.CodeInvalidArgument)
			require.Contains(t, err.Error(), tc.want)
			require.NotContains(t, err.Error(), "unmarshal", "no Go decoder text")
			got, err := actions.Cookies(ctx, s)
			require.NoError(t, err)
			require.Empty(t, got.Cookies, "nothing was loaded")
		})
	}
	_, err := actions.LoadStorageState(ctx, s, filepath.Join(t.TempDir(), "missing.json"))
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "no such file")

	// An origin outside the session's URL policy is refused whole.
	p := stateSession(t, session.Config{TaskID: t.Name() + "-policy", Policy: session.URLPolicy{AllowedOrigins: []string{"127.0.0.1"}}})
	path := filepath.Join(t.TempDir(), "state.json")
	doc := `{"cookies":[` + good + `],"origins":[{"origin":"` + srv.CrossURL("") + `","localStorage":[{"name":"a","value":"b"}]}]}`
	require.NoError(t, os.WriteFile(path, []byte(doc), 0o600))
	_, err = actions.LoadStorageState(ctx, p, path)
	requireCode(t, err, events.CodeURLNotAllowed)
	got, err := actions.Cookies(ctx, p)
	require.NoError(t, err)
	require.Empty(t, got.Cookies)

	// A state path that is a symbolic link is not written through.
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("keep"), 0o600))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(target, link))
	_, err = actions.SaveStorageState(ctx, s, link)
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "symbolic link")
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, "keep", string(b))
}

// stateOf writes a state of n cookies per site (siteN.test, each named
// cK) and returns its path.
func stateOf(t *testing.T, sites, perSite int, extra ...string) string {
	t.Helper()
	var cs []string
	for s := range sites {
		for k := range perSite {
			cs = append(cs, fmt.Sprintf(`{"name":"c%d","value":"v","domain":"site%d.test","path":"/"}`, k, s))
		}
	}
	cs = append(cs, extra...)
	path := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"cookies":[`+strings.Join(cs, ",")+`]}`), 0o600))
	return path
}

// TestStorageStateTheBrowserWouldNotKeep: a state with more cookies than
// Chromium keeps (3,300 in all, 180 of a site), counting those the session
// holds, is refused whole before anything is set; one at the limits loads
// whole, read back from the browser; a cookie the browser drops without a
// word (an expired one) is reported, not counted.
func TestStorageStateTheBrowserWouldNotKeep(t *testing.T) {
	s := stateSession(t, session.Config{})
	ctx := t.Context()
	count := func() int {
		got, err := actions.Cookies(ctx, s)
		require.NoError(t, err)
		return len(got.Cookies)
	}

	_, err := actions.LoadStorageState(ctx, s, stateOf(t, 1, 181))
	requireCode(t, err, events.CodeTooManyCookies)
	require.Contains(t, err.Error(), "at most 180 of one site (site0.test 181)")
	require.Equal(t, 0, count(), "nothing was loaded")

	_, err = actions.LoadStorageState(ctx, s, stateOf(t, 20, 166))
	requireCode(t, err, events.CodeTooManyCookies)
	require.Contains(t, err.Error(), "the state has 3320 cookies")
	require.Contains(t, err.Error(), "at most 3300 in all")
	require.Equal(t, 0, count())

	// At the limits: every cookie is kept, and the count is the browser's.
	r, err := actions.LoadStorageState(ctx, s, stateOf(t, 20, 165))
	require.NoError(t, err)
	require.Equal(t, 3300, r.Cookies)
	require.Empty(t, r.Dropped)
	require.Equal(t, 3300, count())

	// With what the session holds, one more is too many.
	_, err = actions.LoadStorageState(ctx, s, stateOf(t, 0, 0, `{"name":"one","value":"more","domain":"other.test","path":"/"}`))
	requireCode(t, err, events.CodeTooManyCookies)
	require.Contains(t, err.Error(), "3301 in all with the 3300 the session holds")
	_, err = actions.ClearCookies(ctx, s, "")
	require.NoError(t, err)

	// An expired cookie is dropped by the browser: said, and not counted.
	r, err = actions.LoadStorageState(ctx, s, stateOf(t, 1, 2, `{"name":"old","value":"v","domain":"site0.test","path":"/","expires":1000}`))
	require.NoError(t, err)
	require.Equal(t, 2, r.Cookies)
	require.Equal(t, []events.DroppedCookie{{Name: "old", Domain: "site0.test", Path: "/"}}, r.Dropped)
	require.Contains(t, r.Warning, "did not keep 1 of the state's cookies")
}
