package bus_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/bus"
)

// greetEvent is emitted by the example and handled by its greeter.
type greetEvent struct{ Name string }

func ExampleOn() {
	b := bus.New(bus.Config{Name: "example"})
	defer b.Close()

	bus.On(b, "greeter", func(ctx context.Context, e greetEvent) (string, error) {
		return "hello, " + e.Name, nil
	})
	bus.Guard(b, "no-strangers", 0, func(ctx context.Context, e greetEvent) error {
		if e.Name == "" {
			return errors.New("name is empty")
		}
		return nil
	})

	msg, err := bus.DispatchFirst[greetEvent, string](context.Background(), b, greetEvent{Name: "gopher"})
	fmt.Println(msg, err)

	_, err = bus.Dispatch(context.Background(), b, greetEvent{})
	fmt.Println(errors.Is(err, bus.ErrVetoed), err)

	for _, rec := range b.History() {
		fmt.Println(rec.EventID, rec.Type, rec.Outcome)
	}
	// Output:
	// hello, gopher <nil>
	// true dispatching bus_test.greetEvent: vetoed by guard "no-strangers": name is empty
	// 1 bus_test.greetEvent ok
	// 2 bus_test.greetEvent vetoed
}
