package bus_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/bus"
)

// greetEvent is a request its greeter answers with a string.
type greetEvent struct{ Name string }

func (greetEvent) Returns(string) {}

func ExampleGuard() {
	b := bus.New(bus.Config{Name: "example"})
	defer b.Close()

	if _, err := bus.Handle(b, "greeter", func(ctx context.Context, e greetEvent) (string, error) {
		return "hello, " + e.Name, nil
	}); err != nil {
		fmt.Println(err)
		return
	}
	bus.Guard(b, "no-strangers", 0, func(ctx context.Context, e greetEvent) error {
		if e.Name == "" {
			return errors.New("name is empty")
		}
		return nil
	})

	msg, err := bus.Ask(context.Background(), b, greetEvent{Name: "gopher"})
	fmt.Println(msg, err)

	_, err = bus.Ask(context.Background(), b, greetEvent{})
	fmt.Println(errors.Is(err, bus.ErrVetoed), err)

	for _, rec := range b.History() {
		fmt.Println(rec.EventID, rec.Type, rec.Outcome)
	}
	// Output:
	// hello, gopher <nil>
	// true name is empty
	// 1 bus_test.greetEvent ok
	// 2 bus_test.greetEvent vetoed
}

// orderEvent is a request: its one owner answers with an orderResult.
type orderEvent struct{ Item string }

type orderResult struct{ Number int }

// Returns binds orderEvent to its result type.
func (orderEvent) Returns(orderResult) {}

func ExampleHandle() {
	b := bus.New(bus.Config{Name: "example"})
	defer b.Close()

	// The owner answers; a second owner would be refused.
	_, err := bus.Handle(b, "shop", func(ctx context.Context, e orderEvent) (orderResult, error) {
		if e.Item == "" {
			return orderResult{}, errors.New("nothing to order")
		}
		return orderResult{Number: 7}, nil
	})
	fmt.Println(err)
	_, err = bus.Handle(b, "audit", func(ctx context.Context, e orderEvent) (orderResult, error) {
		return orderResult{Number: -1}, nil
	})
	fmt.Println(err)

	// An observer of the outcome sees every order and how it ended, and
	// cannot change it.
	seen := make(chan string, 2)
	bus.Observe(b, "audit", func(ctx context.Context, o bus.Outcome[orderEvent, orderResult]) {
		seen <- fmt.Sprintf("audit: %q -> %d, %v", o.Event.Item, o.Value.Number, o.Err)
	})

	r, err := bus.Ask(context.Background(), b, orderEvent{Item: "tea"}) // r is an orderResult
	fmt.Println(r.Number, err)
	_, err = bus.Ask(context.Background(), b, orderEvent{})
	fmt.Println(err)
	fmt.Println(<-seen)
	fmt.Println(<-seen)
	// Output:
	// <nil>
	// one owner per request: "audit" cannot own bus_test.orderEvent, "shop" owns it (a request has one owner; others watch it with bus.Observe)
	// 7 <nil>
	// nothing to order
	// audit: "tea" -> 7, <nil>
	// audit: "" -> 0, nothing to order
}
