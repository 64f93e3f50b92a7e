package main

import (
	"strconv"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
)

// maxResultBytes reads --max-result-bytes; 0 when it is not given.
func maxResultBytes(settings map[string]string) (int64, error) {
	v, ok := settings["max-result-bytes"]
	if !ok {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1024 || n > 1<<30 {
		return 0, cli.Usagef("--max-result-bytes %q: want a number of bytes from 1024 to 1073741824", v)
	}
	return n, nil
}

// outputCap is the cap on a command's whole output.
func outputCap(settings map[string]string) int {
	n, err := maxResultBytes(settings)
	if err != nil || n == 0 {
		return events.DefaultMaxResultBytes
	}
	return int(n)
}

// frameOptions gives the FrameWatchdog (which answers the cdp command)
// and the DefaultActionWatchdog (which refuses an inline screenshot that
// cannot fit before capturing it) the result cap.
func frameOptions(settings map[string]string) (fx.Option, error) {
	n, err := maxResultBytes(settings)
	if err != nil || n == 0 {
		return nil, err
	}
	return fx.Options(
		fx.Supply(&frame.Config{MaxResultBytes: n}),
		fx.Supply(&defaultaction.Config{MaxResultBytes: n}),
	), nil
}

// tooLarge is the error for a command output above the cap. It says
// whether the command ran: eval and cdp ran their script or call, an
// action whose output could not be trimmed took effect, and a read
// changed nothing.
func tooLarge(cmd string, size, max int) error {
	ran := "the command ran, and what it changed stays changed; only its output is dropped"
	switch cmd {
	case "snapshot", "screenshot":
		ran = "nothing was changed"
	case "eval", "cdp":
		ran = "the script or call ran, and what it changed stays changed; only its output is dropped"
	}
	return events.Errorf(events.CodeResultTooLarge,
		"the command's output is %d bytes, above the cap of %d bytes (%s): ask for less (--max-chars, a narrower query) or raise --max-result-bytes", size, max, ran).
		WithDetails(events.ErrorDetails{Size: int64(size), Cap: int64(max)})
}

// largeReply is the reply size above which the daemon returns the
// memory the reply used to the system once it is written.
const largeReply = 1 << 20
