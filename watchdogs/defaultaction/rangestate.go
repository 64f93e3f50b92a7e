package defaultaction

import (
	"math"
	"strconv"
)

// rangeState is what a slider or spinbutton shows (see js/range-state.js):
// its ARIA value attributes as written, its text and its state.
type rangeState struct {
	Now       string `json:"now"`
	Min       string `json:"min"`
	Max       string `json:"max"`
	Text      string `json:"text"`
	Content   string `json:"content"`
	Disabled  bool   `json:"disabled"`
	Readonly  bool   `json:"readonly"`
	Focused   bool   `json:"focused"`
	Connected bool   `json:"connected"`
	Sig       string `json:"sig"`
}

// shown is the value the widget shows: its aria-valuetext, else its
// aria-valuenow, else its text.
func (s rangeState) shown() string {
	switch {
	case s.Text != "":
		return s.Text
	case s.Now != "":
		return s.Now
	}
	return s.Content
}

// rangeScale names which number of a widget's state its keys move.
type rangeScale int

const (
	// scaleNow is aria-valuenow, the number whenever aria-valuetext
	// shows it too or shows no single other number.
	scaleNow rangeScale = iota
	// scaleText is the number aria-valuetext shows when it is not
	// aria-valuenow ("$500" for the fifth step of a price): the one an
	// agent reads in the snapshot.
	scaleText
	// scaleContent is the number the widget's text shows, for one that
	// has no value attributes.
	scaleContent
)

// scaleOf picks the number of s to drive; false when s shows none.
func scaleOf(s rangeState) (rangeScale, bool) {
	text := numbersIn(s.Text)
	if now, ok := attrNumber(s.Now); ok {
		for _, n := range text {
			if near(n, now) {
				return scaleNow, true
			}
		}
		if len(text) == 1 {
			return scaleText, true
		}
		return scaleNow, true
	}
	if len(text) == 1 {
		return scaleText, true
	}
	if len(numbersIn(s.Content)) == 1 {
		return scaleContent, true
	}
	return scaleNow, false
}

// at is the number s shows on scale sc.
func (s rangeState) at(sc rangeScale) (float64, bool) {
	switch sc {
	case scaleText:
		return oneNumber(s.Text)
	case scaleContent:
		return oneNumber(s.Content)
	}
	return attrNumber(s.Now)
}

// attrNumber reads a number attribute, leniently.
func attrNumber(s string) (float64, bool) {
	if v, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(v, 0) && !math.IsNaN(v) {
		return v, true
	}
	return oneNumber(s)
}

// near reports whether a and b are the same number, rounding aside.
func near(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// rangeKeys are two keys that move a value in opposite directions: up
