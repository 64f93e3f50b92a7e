package main

import (
	"strconv"
	"time"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
)

func init() {
	settingFlags = append(settingFlags,
		Flag{Name: "max-result-bytes", Kind: Int, Usage: "session setting: cap on an eval or cdp result and on any command's output, in bytes (default 4194304, 4 MiB)"},
	)
	settingOptions = append(settingOptions, frameOptions)
}

// maxResultBytes reads --max-result-bytes; 0 when it is not given.
func maxResultBytes(settings map[string]string) (int64, error) {
	v, ok := settings["max-result-bytes"]
	if !ok {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1024 || n > 1<<30 {
		return 0, usageErrorf("--max-result-bytes %q: want a number of bytes from 1024 to 1073741824", v)
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

// MaxTimeoutMS is the largest --timeout-ms a command accepts: one hour. A
// larger budget is almost always a typo, and bounding it keeps every
// duration computed from it far from overflowing time.Duration.
const MaxTimeoutMS = 3_600_000

// largeReply is the reply size above which the daemon returns the
// memory the reply used to the system once it is written.
const largeReply = 1 << 20

// maxSettingMS bounds the millisecond settings other than --timeout-ms
// (--dialog-timeout-ms, --hold-ms): one day.
const maxSettingMS = 86_400_000

// parseMS reads a millisecond flag value: a whole number between 1 (0 when
// zeroOK) and max, anything else a usage error (exit 2) that names the
// flag and the range.
func parseMS(flag, v string, max int, zeroOK bool) (int, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	min := int64(1)
	if zeroOK {
		min = 0
	}
	if err != nil {
		return 0, usageErrorf("--%s %q: want a whole number of milliseconds from %d to %d", flag, v, min, max)
	}
	if n > int64(max) {
		return 0, usageErrorf("--%s %d: at most %d (%v)", flag, n, max, msDuration(max))
	}
	if n < min {
		return 0, usageErrorf("--%s %d: want a whole number of milliseconds from %d to %d", flag, n, min, max)
	}
	return int(n), nil
}

// msDuration converts a bounded number of milliseconds to a Duration.
func msDuration(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
