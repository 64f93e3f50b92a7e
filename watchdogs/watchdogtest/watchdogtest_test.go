package watchdogtest_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// brokenKind selects, in a child process, which broken watchdog
// TestBrokenWatchdogChild runs the suite on.
const brokenKind = "WATCHDOGTEST_BROKEN"

// forever is released when the child process's test ends, so that the
// broken watchdogs' goroutines can end and goleak in TestMain is not what
// fails the child.
var forever = make(chan struct{})

// broken is a watchdog that breaks one rule of the contract.
type broken struct {
	kind string
	once sync.Once
}

func (b *broken) Name() string { return "broken-" + b.kind }

func (b *broken) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	switch b.kind {
	case "leak":
		go func() { <-forever }()
	case "ignores-context":
		if _, err := bus.Handle(h.Bus(), "stuck", func(ctx context.Context, e events.FramesEvent) (events.FramesResult, error) {
			<-forever
			return events.FramesResult{}, nil
		}); err != nil {
			return nil, err
		}
	case "state-blocks-on-dialog":
		if _, err := bus.Contribute(h.Bus(), "state", func(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
			tab, err := h.Tab("")
			if err != nil {
				return nil, err
			}
			_, err = session.Evaluate(ctx, tab.Client, "document.title", false) // a dialog holds the tab
			return events.ExtraSection{Key: "blocking"}, err
		}); err != nil {
			return nil, err
		}
	}
	done := make(chan struct{})
	return watchdogs.DetachFunc(func(context.Context) error {
		if b.kind == "detach-twice-panics" {
			close(done)
			return nil
		}
		b.once.Do(func() { close(done) })
		return nil
	}), nil
}

// TestBrokenWatchdogChild runs the suite on a broken watchdog; it only does
// something in the child processes TestSuiteCatchesBrokenWatchdogs starts.
func TestBrokenWatchdogChild(t *testing.T) {
	kind := os.Getenv(brokenKind)
	if kind == "" {
		t.Skip("runs only as the child of TestSuiteCatchesBrokenWatchdogs")
	}
	t.Cleanup(func() { close(forever) })
	watchdogtest.Run(t, watchdogtest.Suite{
		New:    func(t *testing.T) watchdogs.Watchdog { return &broken{kind: kind} },
		Events: []any{events.FramesEvent{}},
	})
}

// Each rule of the suite fails a watchdog that breaks it, and names the
// rule; a watchdog that keeps them all passes.
func TestSuiteCatchesBrokenWatchdogs(t *testing.T) {
	for _, tc := range []struct {
		kind, failing string
	}{
		{"leak", "DetachIsIdempotentAndLeavesNoGoroutine"},
		{"detach-twice-panics", "DetachIsIdempotentAndLeavesNoGoroutine"},
		{"ignores-context", "HandlersHonourTheirContext"},
		{"state-blocks-on-dialog", "AnswersStateWhileDialogPending"},
		{"none", ""},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run", "^TestBrokenWatchdogChild$", "-test.v")
			cmd.Env = append(os.Environ(), brokenKind+"="+tc.kind)
			out, err := cmd.CombinedOutput()
			if tc.failing == "" {
				if err != nil {
					t.Fatalf("a correct watchdog failed the suite: %v\n%s", err, out)
				}
				return
			}
			if err == nil {
				t.Fatalf("the suite passed a watchdog of kind %s\n%s", tc.kind, out)
			}
			if !strings.Contains(string(out), "--- FAIL: TestBrokenWatchdogChild/"+tc.failing) &&
				!strings.Contains(string(out), "panic") {
				t.Fatalf("the suite failed, but not in %s:\n%s", tc.failing, out)
			}
		})
	}
}
