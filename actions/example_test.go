package actions_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// page serves one HTML document on a loopback port; examples use it so
// that they run without a network.
func page(html string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, html)
	}))
}

// Open a page and read where the browser ended up.
func ExampleNavigate() {
	srv := page(`<title>Welcome</title><h1>Hello</h1>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-navigate"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	r, err := actions.Navigate(ctx, s, srv.URL+"/welcome", actions.NavigateOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.TrimPrefix(r.URL, srv.URL), r.Title)
	// Output: /welcome Welcome
}

// The snapshot is the page as an agent reads it: roles, names and refs that
// later actions take.
func ExampleSnapshot() {
	srv := page(`<title>Shop</title><h1>Basket</h1><button>Pay now</button><a href="/help">Help</a>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-snapshot"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}

	st, err := actions.Snapshot(ctx, s, events.SnapshotOptions{Interactive: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Text)
	// Output:
	// - heading "Basket" [level=1] [ref=e1]
	// - button "Pay now" [ref=e2]
	// - link "Help" [ref=e3]
}

// Click an element by the ref a snapshot gave it; the click is scrolled
// into view and checked for anything covering it first.
func ExampleClick() {
	srv := page(`<button onclick="this.textContent = 'Clicked'">Click me</button>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-click"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := actions.Snapshot(ctx, s, events.SnapshotOptions{Interactive: true}); err != nil {
		fmt.Println(err)
		return
	}

	if _, err := actions.Click(ctx, s, "e1"); err != nil {
		fmt.Println(err)
		return
	}
	r, err := actions.Evaluate(ctx, s, "document.querySelector('button').textContent")
	fmt.Println(r.Value, err)
	// Output: Clicked <nil>
}

// Type into a field, as a user would, and submit it with Enter.
func ExampleType() {
	srv := page(`<form onsubmit="event.preventDefault(); out.textContent = q.value"><input id=q aria-label=Search></form><p id=out></p>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-type"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := actions.Snapshot(ctx, s, events.SnapshotOptions{Interactive: true}); err != nil {
		fmt.Println(err)
		return
	}

	if _, err := actions.Type(ctx, s, events.TypeTextEvent{Ref: "e1", Text: "agent browsers", Submit: true}); err != nil {
		fmt.Println(err)
		return
	}
	r, err := actions.Evaluate(ctx, s, "out.textContent")
	fmt.Println(r.Value, err)
	// Output: agent browsers <nil>
}

// Evaluate runs page script within the caller's budget; a script that never
// ends is terminated at the budget and the tab stays usable.
func ExampleEvaluate() {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-evaluate"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	r, err := actions.Evaluate(ctx, s, "6 * 7")
	fmt.Println(r.Value, err)

	hung, cancelHung := context.WithTimeout(ctx, 500*time.Millisecond)
	_, err = actions.Evaluate(hung, s, "while (true) {}")
	cancelHung()
	fmt.Println(actions.Code(err))

	r, err = actions.Evaluate(ctx, s, "'still usable'")
	fmt.Println(r.Value, err)
	// Output:
	// 42 <nil>
	// timeout
	// still usable <nil>
}

// A click that opens a JavaScript dialog returns at once with it; the agent
// answers it, and the page goes on.
func ExampleRespondDialog() {
	srv := page(`<button onclick="out.textContent = confirm('Delete it?') ? 'deleted' : 'kept'">Delete</button><p id=out></p>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-dialog"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := actions.Snapshot(ctx, s, events.SnapshotOptions{Interactive: true}); err != nil {
		fmt.Println(err)
		return
	}

	res, err := actions.Click(ctx, s, "e1")
	if err != nil || res.Dialog == nil {
		fmt.Println("no dialog:", err)
		return
	}
	fmt.Println(res.Dialog.Type, res.Dialog.Message)
	if _, err := actions.RespondDialog(ctx, s, actions.DialogResponse{Accept: true, ID: res.Dialog.ID}); err != nil {
		fmt.Println(err)
		return
	}
	r, err := actions.Evaluate(ctx, s, "out.textContent")
	fmt.Println(r.Value, err)
	// Output:
	// confirm Delete it?
	// deleted <nil>
}

// A cross-origin iframe runs in its own process; agentbrowser attaches to it
// and evaluates inside it.
func ExampleFrames() {
	inner := page(`<title>inner</title><p>inside</p>`)
	defer inner.Close()
	// localhost and 127.0.0.1 are different sites, so the frame is out of
	// process with site isolation on.
	innerURL := strings.Replace(inner.URL, "127.0.0.1", "localhost", 1)
	outer := page(`<title>outer</title><iframe name=child src="` + innerURL + `"></iframe>`)
	defer outer.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-frames", Launch: session.LaunchConfig{SitePerProcess: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, outer.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}

	var child events.FrameInfo
	for child.FrameID == "" {
		fr, err := actions.Frames(ctx, s)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, f := range fr.Frames {
			if f.Name == "child" && f.IsOOPIF {
				child = f
			}
		}
		if child.FrameID == "" {
			select {
			case <-ctx.Done():
				fmt.Println("the frame never attached")
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	r, err := actions.EvaluateInFrame(ctx, s, child.FrameID, "document.querySelector('p').textContent")
	fmt.Println(child.IsOOPIF, r.Value, err)
	// Output: true inside <nil>
}

// Tabs: open one, list them, switch back, close it.
func ExampleNewTab() {
	srv := page(`<title>second</title>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-tabs"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	first, err := s.ActiveTab()
	if err != nil {
		fmt.Println(err)
		return
	}

	nt, err := actions.NewTab(ctx, s, srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	tabs, _ := actions.Tabs(ctx, s)
	fmt.Println("tabs:", len(tabs))
	if _, err := actions.SwitchTab(ctx, s, first.ID); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := actions.CloseTab(ctx, s, nt.Tab.ID); err != nil {
		fmt.Println(err)
		return
	}
	tabs, _ = actions.Tabs(ctx, s)
	fmt.Println("tabs:", len(tabs))
	// Output:
	// tabs: 2
	// tabs: 1
}

// A screenshot of the active tab, as PNG bytes.
func ExampleScreenshot() {
	srv := page(`<h1 style="color:teal">Picture me</h1>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-screenshot"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}

	shot, err := actions.Screenshot(ctx, s, events.ScreenshotEvent{})
	if err != nil {
		fmt.Println(err)
		return
	}
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	fmt.Println(shot.Format, bytes.HasPrefix(png, []byte("\x89PNG")), shot.Width > 0, err)
	// Output: png true true <nil>
}
