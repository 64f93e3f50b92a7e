package actions_test

import (
	"context"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// A locator names an element by what the agent knows of it, so that no
// snapshot is needed: Find lists what it matches, and any action takes it
// in a ref's place.
func ExampleFind() {
	srv := page(`<title>Login</title><label>Email <input></label>
<button onclick="document.title = 'Signed in'">Sign in</button><button>Sign in with a key</button>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-find"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}

	found, err := actions.Find(ctx, s, "text=sign in")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range found.Matches {
		fmt.Println(m.Ref, m.Role, m.Name)
	}
	_, err = actions.Click(ctx, s, "text=sign in")
	fmt.Println(actions.Code(err))
	if _, err := actions.Click(ctx, s, `role=button[name="Sign in"]`); err != nil {
		fmt.Println(err)
		return
	}
	title, _ := actions.Evaluate(ctx, s, "document.title")
	fmt.Println(title.Value)
	// Output:
	// e1 button Sign in
	// e2 button Sign in with a key
	// ambiguous_locator
	// Signed in
}

// Read gives the page's content as Markdown, its links with refs to act on.
func ExampleRead() {
	srv := page(`<title>News</title><nav><a href="/">Home</a></nav>
<main><h1>Release 2.0</h1><p>Read the <a href="/notes">notes</a>.</p><ul><li>Faster</li><li>Smaller</li></ul></main>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-read"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}

	r, err := actions.Read(ctx, s, "", false)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Markdown)
	// Output:
	// # Release 2.0
	//
	// Read the [notes][e1].
	//
	// - Faster
	// - Smaller
}

// Routes answer the session's requests in the browser's place.
func ExampleRoute() {
	srv := page(`<title>App</title>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-route"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Route(ctx, s, events.RouteEvent{Pattern: "**/api/*", Status: 200, Body: []byte(`{"user":"ada"}`),
		Headers: []events.Header{{Name: "Content-Type", Value: "application/json"}}}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	r, err := actions.Evaluate(ctx, s, "fetch('/api/me').then(r => r.json()).then(j => j.user)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Value)
	// Output: ada
}
