package defaultaction

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// pickedTypes are the input types whose value a user picks rather than
// types (a calendar, a clock, a colour well, a slider): typing or filling
// one sets its value in the form the input holds, converted from a common
// form, with the input and change events a user's pick fires.
var pickedTypes = map[string]bool{
	"date": true, "time": true, "datetime-local": true, "month": true, "week": true, "color": true, "range": true,
}

// inputValue converts v, as an agent writes it, to the value an <input>
// of type typ holds: 2026-12-25, 12/25/2026, 25.12.2026, 25 Dec 2026 or
// December 25, 2026 for a date; 14:30, 2:30 PM or 14:30:15 for a time;
// both, with a space or a T between them, for datetime-local; 2026-12,
// 12/2026 or Dec 2026 for a month; 2026-W52, or a date (its ISO week),
// for a week. A colour and a range's number are passed on as they are
// (the page converts a CSS colour; the input clamps a number to its range).
// A value that fits none of the forms is invalid_argument, naming the
// forms.
func inputValue(typ, v string) (string, error) {
	s := strings.TrimSpace(v)
	bad := func(forms string) error {
		return events.Errorf(events.CodeInvalidArgument, "%q is not a %s: want %s", v, typ, forms)
	}
	switch typ {
	case "date":
		d, ok := parseDate(s)
		if !ok {
			if dt, _, ok := parseDateTime(s); ok {
				d = dt
			} else {
				return "", bad("2026-12-25, 12/25/2026, 25.12.2026 or 25 Dec 2026")
			}
		}
		return d.Format("2006-01-02"), nil
	case "time":
		t, secs, ok := parseClock(s)
		if !ok {
			return "", bad("14:30, 2:30 PM or 14:30:15")
		}
		return clockString(t, secs), nil
	case "datetime-local":
		dt, secs, ok := parseDateTime(s)
		if !ok {
			if d, ok := parseDate(s); ok {
				return d.Format("2006-01-02") + "T00:00", nil
			}
			return "", bad("2026-12-25T14:30, 2026-12-25 14:30 or 12/25/2026 2:30 PM")
		}
		return dt.Format("2006-01-02") + "T" + clockString(dt, secs), nil
	case "month":
		if m, ok := parseMonth(s); ok {
			return m.Format("2006-01"), nil
		}
		if d, ok := parseDate(s); ok {
			return d.Format("2006-01"), nil
		}
		return "", bad("2026-12, 12/2026 or Dec 2026")
	case "week":
		if m := weekRE.FindStringSubmatch(s); m != nil {
			y, _ := strconv.Atoi(m[1])
			w, _ := strconv.Atoi(m[2])
			if w >= 1 && w <= 53 {
				return fmt.Sprintf("%04d-W%02d", y, w), nil
			}
		}
		if d, ok := parseDate(s); ok {
			y, w := d.ISOWeek()
			return fmt.Sprintf("%04d-W%02d", y, w), nil
		}
		return "", bad("2026-W52 or a date in that week")
	case "range":
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return "", bad("a number")
		}
		return s, nil
	}
	return s, nil
}

var weekRE = regexp.MustCompile(`(?i)^(\d{4})[- ]?w(\d{1,2})$`)

// dateLayouts are the written forms of a date, tried in order; numeric
// day-first and month-first forms are told apart in parseDate.
var dateLayouts = []string{
	"2006-01-02", "2006/01/02", "2006-1-2", "2006/1/2",
	"2 Jan 2006", "2 January 2006", "Jan 2 2006", "January 2 2006", "Jan 2, 2006", "January 2, 2006",
	"2 Jan, 2006", "2 January, 2006", "Mon, 2 Jan 2006", "Monday, January 2, 2006", "Mon Jan 2 2006",
	"20060102",
}

var numericDate = regexp.MustCompile(`^(\d{1,2})([/.\-])(\d{1,2})[/.\-](\d{4})$`)

// parseDate reads a date in one of the common forms. Numbers separated by
// slashes are month first (12/25/2026) unless the first cannot be a month
// (25/12/2026); with dots they are day first (25.12.2026).
func parseDate(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if m := numericDate.FindStringSubmatch(s); m != nil {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[3])
		y, _ := strconv.Atoi(m[4])
		month, day := a, b
		if m[2] == "." || a > 12 {
			month, day = b, a
		}
		return validDate(y, month, day)
	}
	// "25th", "1st", "Dec.": the suffix and the dot are dropped.
	s = ordinal.ReplaceAllString(s, "$1")
	s = abbrev.ReplaceAllString(s, "$1")
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

var (
	ordinal = regexp.MustCompile(`(?i)\b(\d{1,2})(st|nd|rd|th)\b`)
	abbrev  = regexp.MustCompile(`(?i)\b([a-z]{3,})\.`)
)

// validDate builds a date from its parts, refusing one that does not
// exist (February 30).
func validDate(y, m, d int) (time.Time, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, false
	}
	return t, true
}

var clockRE = regexp.MustCompile(`(?i)^(\d{1,2})(?::(\d{2}))?(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$`)

// parseClock reads a time of day: 14:30, 14:30:15, 2:30 PM, 2 pm. secs
// says whether seconds were given.
func parseClock(s string) (t time.Time, secs bool, ok bool) {
	m := clockRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || (m[2] == "" && m[4] == "") {
		return time.Time{}, false, false
	}
	h, _ := strconv.Atoi(m[1])
	mi, _ := strconv.Atoi(m[2])
	sec, _ := strconv.Atoi(m[3])
	if ap := strings.ToLower(strings.ReplaceAll(m[4], ".", "")); ap != "" {
		if h < 1 || h > 12 {
			return time.Time{}, false, false
		}
		h %= 12
		if ap == "pm" {
			h += 12
		}
	}
	if h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, false, false
	}
	return time.Date(0, 1, 1, h, mi, sec, 0, time.UTC), m[3] != "", true
}

func clockString(t time.Time, secs bool) string {
	if secs {
		return t.Format("15:04:05")
	}
	return t.Format("15:04")
}

// parseDateTime reads a date and a time of day, joined by a T or a space
// (and an optional comma or "at").
func parseDateTime(s string) (time.Time, bool, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "Tt"); i > 0 && i < len(s)-1 && s[i-1] >= '0' && s[i-1] <= '9' && s[i+1] >= '0' && s[i+1] <= '9' {
		s = s[:i] + " " + s[i+1:]
	}
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, ",", " ")), " ")
	s = strings.ReplaceAll(s, " at ", " ")
	f := strings.Fields(s)
	// The time is the last field, or the last two (2:30 PM).
	for n := 1; n <= 2 && n < len(f); n++ {
		d, ok := parseDate(strings.Join(f[:len(f)-n], " "))
		if !ok {
			continue
		}
		c, secs, ok := parseClock(strings.Join(f[len(f)-n:], " "))
		if !ok {
			continue
		}
		return time.Date(d.Year(), d.Month(), d.Day(), c.Hour(), c.Minute(), c.Second(), 0, time.UTC), secs, true
	}
	return time.Time{}, false, false
}

var numericMonth = regexp.MustCompile(`^(\d{4})[-/](\d{1,2})$|^(\d{1,2})[-/.](\d{4})$`)

// parseMonth reads a month of a year: 2026-12, 12/2026, Dec 2026.
func parseMonth(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if m := numericMonth.FindStringSubmatch(s); m != nil {
		y, mo := m[1], m[2]
		if y == "" {
			y, mo = m[4], m[3]
		}
		yi, _ := strconv.Atoi(y)
		mi, _ := strconv.Atoi(mo)
		return validDate(yi, mi, 1)
	}
	for _, l := range []string{"Jan 2006", "January 2006", "Jan, 2006", "January, 2006"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// pickValue sets an input whose value a user picks (date, time,
// datetime-local, month, week, color, range) to text, converted to the
// input's own form (see inputValue), as a user's pick does (jsSetValue),
// and checks that the input holds it.
func (a *attachment) pickValue(ctx context.Context, el, ed *element, st editState, text string, force bool) (typed, error) {
	v, err := inputValue(st.Type, text)
	if err != nil {
		return typed{}, err
	}
	if !force {
		if err := a.concealed(ctx, ed, "type"); err != nil {
			return typed{}, err
		}
	}
	var r struct {
		Want  string `json:"want"`
		Value string `json:"value"`
	}
	if err := ed.callOn(ctx, jsSetValue, &r, v); err != nil {
		return typed{}, err
	}
	out := typed{value: new(r.Value), editor: st.Type}
	ok := r.Value == r.Want || strings.EqualFold(r.Value, r.Want)
	if st.Type == "range" {
		w, err1 := strconv.ParseFloat(r.Want, 64)
		g, err2 := strconv.ParseFloat(r.Value, 64)
		ok = err1 == nil && err2 == nil && math.Abs(w-g) < 1e-9
	}
	if !ok {
		return out, notApplied(el, "setting "+el.describe()+" to "+strconv.Quote(r.Want), r.Want, r.Value, false)
	}
	return out, nil
}
