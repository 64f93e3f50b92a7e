package cli

import (
	"strconv"
	"time"
)

// MaxTimeoutMS is the largest --timeout-ms a command accepts: one hour. A
// larger budget is almost always a typo, and bounding it keeps every
// duration computed from it far from overflowing time.Duration.
const MaxTimeoutMS = 3_600_000

// MaxSettingMS bounds the millisecond settings other than --timeout-ms
// (--dialog-timeout-ms, --hold-ms): one day.
const MaxSettingMS = 86_400_000

// ParseMS reads a millisecond flag value: a whole number between 1 (0 when
// zeroOK) and max, anything else a usage error (exit 2) that names the
// flag and the range.
func ParseMS(flag, v string, max int, zeroOK bool) (int, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	min := int64(1)
	if zeroOK {
		min = 0
	}
	if err != nil {
		return 0, usageErrorf("--%s %q: want a whole number of milliseconds from %d to %d", flag, v, min, max)
	}
	if n > int64(max) {
		return 0, usageErrorf("--%s %d: at most %d (%v)", flag, n, max, MSDuration(max))
	}
	if n < min {
		return 0, usageErrorf("--%s %d: want a whole number of milliseconds from %d to %d", flag, n, min, max)
	}
	return int(n), nil
}

// MSDuration converts a bounded number of milliseconds to a Duration.
func MSDuration(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
