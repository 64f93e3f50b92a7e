package actions_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// The page state is typed: every standard watchdog fills its fields, and a
// plugin adds a section of its own with events.ExtraSection.
func ExampleState() {
	srv := page(`<title>Shop</title><button>Pay now</button>`)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "example-state"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	// A plugin contributes a section of its own to the state.
	if _, err := bus.Contribute(s.Bus(), "cart", func(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
		return events.ExtraSection{Key: "cart_items", Value: 3}, nil
	}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{WaitUntil: events.WaitLoad}); err != nil {
		fmt.Println(err)
		return
	}

	st, err := actions.State(ctx, s, events.BrowserStateRequestEvent{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Title, len(st.PendingDialogs), st.Console.Errors)
	for ref, info := range st.Tree.Refs {
		fmt.Println(ref, info.Role, info.Name)
	}
	b, _ := json.Marshal(st)
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	fmt.Println(string(m["cart_items"]), string(m["title"]))
	// Output:
	// Shop 0 0
	// e1 button Pay now
	// 3 "Shop"
}
