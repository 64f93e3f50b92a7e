package request

import (
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// logCommand tells the session's observers of events.CommandEvent (a
// recording's action log) that q ran: its name, its arguments, how it
// ended and when. Nothing is built while nobody observes.
func (b *Browser) logCommand(q Request, o Options, start time.Time, err error) {
	bs := b.s.Bus()
	if !bus.Observed[events.CommandEvent](bs) {
		return
	}
	ev := events.CommandEvent{Command: q.Command(), Code: "ok", Tab: o.Tab, At: start.UTC(),
		DurationMS: float64(time.Since(start).Microseconds()) / 1000}
	if args, merr := Marshal(q); merr == nil && string(args) != "{}" {
		ev.Args = args
	}
	if err != nil {
		ev.Code = string(FaultOf(err).Code)
	}
	bus.Notify(bs, ev)
}
