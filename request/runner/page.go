package runner

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/events"
)

// pageReserve is room kept in the output cap for what a listing says
// beside its entries.
const pageReserve = 4096

// SetOutputCap sets the cap on one command's output in bytes (a daemon's
// --max-result-bytes): listings (cookies, routes) answer with the page of
// their entries that fits, and a batch stops when its output reaches it.
// 0 or less means events.DefaultMaxResultBytes. Set it before the Browser
// is shared.
func (b *Browser) SetOutputCap(n int) { b.outputCap = n }

func (b *Browser) capBytes() int {
	if b.outputCap > 0 {
		return b.outputCap
	}
	return events.DefaultMaxResultBytes
}

// pageOf returns the entries of list from offset on that fit in limit
// bytes as JSON (always at least one, so that a listing moves on), and
// the offset of the entry after them: 0 when the page reaches the end.
func pageOf[T any](list []T, offset, limit int) (page []T, next int) {
	if offset >= len(list) {
		return list[:0], 0
	}
	used := 0
	for i := offset; i < len(list); i++ {
		b, _ := json.Marshal(list[i])
		used += len(b) + 1
		if used > limit && i > offset {
			return list[offset:i], i
		}
	}
	return list[offset:], 0
}
