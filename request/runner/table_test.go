package runner

import (
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// Every request of package request has one handler here, for its own
// type, and nothing else has one.
func TestEveryRequestHasItsHandler(t *testing.T) {
	names := request.Names()
	require.Len(t, handlers, len(names))
	for _, name := range names {
		e, ok := byName[name]
		require.True(t, ok, "no handler for %s", name)
		q, _ := request.New(name)
		require.Equal(t, reflect.TypeOf(q), e.typ, name)
	}
}

// Check refuses, before any browser, what the owners of the requests
// refuse in their arguments, beside what the requests refuse themselves.
func TestCheckAsksTheOwners(t *testing.T) {
	e1 := events.Target{Ref: "e1"}
	for _, q := range []request.Request{
		request.Click{Ref: e1, Button: "sideways"}, request.Click{At: &request.Point{X: -1}},
		request.Click{At: &request.Point{X: math.NaN(), Y: 1}},
		request.Press{Key: "Hyper+X"},
		request.Mouse{}, request.Mouse{Action: events.MouseMove, X: -1},
		request.Mouse{Action: events.MouseDown, Button: "thumb"}, request.Mouse{Action: events.MouseClick, DelayMS: -1},
		request.Wait{}, request.Wait{Text: "a", Load: true},
		request.Screenshot{Format: "gif"},
		request.Route{Pattern: "api"}, request.Route{Pattern: "**", Status: 99},
		request.Set{Device: "Nokia"}, request.Set{ColorScheme: "blue"},
		// Numbers a Go caller can give that JSON cannot carry.
		request.Set{Viewport: &events.Viewport{Width: 800, Height: 600, DPR: math.NaN()}},
		request.Set{Viewport: &events.Viewport{Width: 800, Height: 600, DPR: math.Inf(1)}},
		request.Set{Geolocation: &events.Geolocation{Latitude: math.NaN(), Longitude: 1}},
		request.Set{Geolocation: &events.Geolocation{Latitude: 1, Longitude: 1, Accuracy: math.NaN()}},
		request.Set{Geolocation: &events.Geolocation{Latitude: 1, Longitude: 1, Accuracy: math.Inf(1)}},
		// Headers as the browser checks them.
		request.Set{Headers: map[string]string{"Host": "evil.example"}},
		request.Set{Headers: map[string]string{"X-A": "b\r\nSet-Cookie: a=1"}},
		request.Route{Pattern: "**", Status: 200, Headers: []events.Header{{Name: "X\x00A", Value: "1"}}},
		request.Route{Pattern: "**", Status: 200, Headers: []events.Header{{Name: "X-A", Value: "a\x00b"}}},
		request.Route{Pattern: "**", Status: 200, Body: make([]byte, 10<<20+1)},
		request.Set{Network: &events.NetworkConditions{Preset: "warp"}}, request.Set{CPU: new(0.5)}, request.Set{Contrast: "loud"},
		// A batch is checked step by step, the owners' checks included.
		batchOf(t, request.Click{Ref: e1}, request.Press{Key: "Hyper+X"}),
	} {
		require.NoError(t, request.Validate(q), "%T %+v: its own checks pass; its owner's do not", q, q)
		require.ErrorIs(t, Check(q), events.ErrInvalidArgument, "%T %+v", q, q)
	}
	for _, q := range []request.Request{
		request.Click{Ref: e1}, request.Click{At: &request.Point{X: 1, Y: 2}, Button: "right"}, request.Press{Key: "Control+A"},
		request.Wait{Text: "t"}, request.Wait{MS: 5}, request.Screenshot{Format: "jpeg", Quality: 50},
		request.Set{Device: "Pixel 8"}, request.Route{Pattern: "**/api/*", Status: 200},
		batchOf(t, request.Click{Ref: e1}, request.Press{Key: "Enter"}),
	} {
		require.NoError(t, Check(q), "%T %+v", q, q)
	}
}

func batchOf(t *testing.T, qs ...request.Request) request.Batch {
	var b request.Batch
	for _, q := range qs {
		s, err := request.NewBatchStep(q, request.Options{})
		require.NoError(t, err)
		b.Steps = append(b.Steps, s)
	}
	return b
}
