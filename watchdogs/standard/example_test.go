package standard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// TitleEvent asks for the active tab's title. It is the plugin's own
// request, answered with a string.
type TitleEvent struct{}

// Returns makes TitleEvent a request whose result is a string.
func (TitleEvent) Returns(string) {}

// TitleWatchdog is a plugin: it answers TitleEvent on every session.
type TitleWatchdog struct{}

func NewTitleWatchdog() *TitleWatchdog { return &TitleWatchdog{} }

func (*TitleWatchdog) Name() string { return "title" }

// Attach needs only what watchdogs.Host offers: the bus and the active tab,
// which Tab("") returns.
func (*TitleWatchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	sub, err := bus.Handle(h.Bus(), "title", func(ctx context.Context, _ TitleEvent) (string, error) {
		tab, err := h.Tab("")
		if err != nil {
			return "", err
		}
		r, err := session.Evaluate(ctx, tab.Client, "document.title", false)
		if err != nil {
			return "", err
		}
		var title string
		err = json.Unmarshal(r.Result.Value, &title)
		return title, err
	})
	if err != nil {
		return nil, err // another watchdog owns TitleEvent already
	}
	return watchdogs.DetachFunc(func(context.Context) error {
		sub.Unsubscribe()
		return nil
	}), nil
}

// A plugin author adds a watchdog with one fx.Provide; every session then
// starts it alongside the standard ones.
func Example_plugin() {
	plugin := fx.Provide(watchdogs.As(NewTitleWatchdog))

	m, err := standard.NewManager(plugin)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("registered:", slices.Contains(m.Names(), "title"))

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The page below is a data: URL, which agent navigations open only
	// when the session's URL policy allows the scheme.
	cfg := session.Config{TaskID: "example", Policy: session.URLPolicy{AllowSchemes: []string{"data"}}}
	s, err := standard.Start(ctx, cfg, plugin)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := actions.Navigate(ctx, s, "data:text/html,<title>Hello from a plugin</title>", actions.NavigateOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	title, err := actions.Do(ctx, s, TitleEvent{}) // title is a string

	fmt.Println("title:", title, err)
	// Output:
	// registered: true
	// title: Hello from a plugin <nil>
}
