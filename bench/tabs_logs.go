package main

import (
	"context"
	"slices"
	"sync"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/network"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
)

// rawLogs is the floor's share of what ours does for each tab besides its
// actions: it keeps the tab's request log (the Network domain on, with no
// room for bodies, as our network watchdog enables it) and its console
// log (the Runtime domain on, console messages and uncaught exceptions, as
// our console watchdog). An agent asks for these after the fact ("what
// failed to load", "what did the page print"), so a client that answers
// must have kept them all along; its browser sends every event of them
// whether or not anyone asks. A log ours leaves out (-drop) the floor
// leaves out too. The floor keeps the log as entries by request id and a
// count of messages; ours keeps bounded rings with more in each entry.
type rawLogs struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	requests map[network.RequestID]int // status, 0 until answered, -1 failed
	messages int
}

// keepRawLogs turns on the logs ours keeps for c's tab and reads them
// until stop.
func keepRawLogs(ctx context.Context, c *cdp.Client) (*rawLogs, error) {
	ctx, cancel := context.WithCancel(ctx)
	l := &rawLogs{cancel: cancel, done: make(chan struct{}), requests: map[network.RequestID]int{}}
	keepRequests, keepConsole := !slices.Contains(dropped, "network"), !slices.Contains(dropped, "console")
	var (
		g          cdpstream.Group
		sent       network.RequestWillBeSentClient
		answered   network.ResponseReceivedClient
		failed     network.LoadingFailedClient
		console    runtime.ConsoleAPICalledClient
		exceptions runtime.ExceptionThrownClient
	)
	if keepRequests {
		cdpstream.Open(ctx, &g, &sent, c.Network.RequestWillBeSent)
		cdpstream.Open(ctx, &g, &answered, c.Network.ResponseReceived)
		cdpstream.Open(ctx, &g, &failed, c.Network.LoadingFailed)
	}
	if keepConsole {
		cdpstream.Open(ctx, &g, &console, c.Runtime.ConsoleAPICalled)
		cdpstream.Open(ctx, &g, &exceptions, c.Runtime.ExceptionThrown)
	}
	err := g.Err()
	if err == nil && keepRequests {
		err = c.Network.Enable(ctx, network.NewEnableArgs().SetMaxPostDataSize(0).SetMaxTotalBufferSize(0).SetMaxResourceBufferSize(0))
	}
	if err == nil && keepConsole {
		err = c.Runtime.Enable(ctx)
	}
	if err != nil {
		g.Close()
		cancel()
		return nil, err
	}
	go func() {
		defer close(l.done)
		defer g.Close()
		for {
			// A nil stream (a log left out) is never ready.
			var err error
			select {
			case <-ready(sent):
				var ev *network.RequestWillBeSentReply
				if ev, err = sent.Recv(); err == nil {
					l.set(ev.RequestID, 0)
				}
			case <-ready(answered):
				var ev *network.ResponseReceivedReply
				if ev, err = answered.Recv(); err == nil {
					l.set(ev.RequestID, ev.Response.Status)
				}
			case <-ready(failed):
				var ev *network.LoadingFailedReply
				if ev, err = failed.Recv(); err == nil {
					l.set(ev.RequestID, -1)
				}
			case <-ready(console):
				if _, err = console.Recv(); err == nil {
					l.count()
				}
			case <-ready(exceptions):
				if _, err = exceptions.Recv(); err == nil {
					l.count()
				}
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return l, nil
}

// ready is s's Ready channel, nil (never ready) for a stream not opened.
func ready(s interface{ Ready() <-chan struct{} }) <-chan struct{} {
	if s == nil {
		return nil
	}
	return s.Ready()
}

func (l *rawLogs) set(id network.RequestID, status int) {
	l.mu.Lock()
	l.requests[id] = status
	l.mu.Unlock()
}

func (l *rawLogs) count() {
	l.mu.Lock()
	l.messages++
	l.mu.Unlock()
}

// stop stops reading and waits for the reader.
func (l *rawLogs) stop() {
	l.cancel()
	<-l.done
}
