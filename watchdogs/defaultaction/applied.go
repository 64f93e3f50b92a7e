package defaultaction

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/agentbrowser/agentbrowser/events"
)

// The functions below decide whether the page took what an action set,
// from what it shows afterwards, and word the not_applied error when it
// did not.

// tookText reports whether a field or editor that showed was before the
// text and shows now afterwards took text: now includes it (white space,
// case and a mask's separators aside), and, unless the field was cleared
// first, differs from before.
func tookText(was, now, text string, cleared bool) bool {
	if text == "" {
		return true
	}
	if !cleared && was == now {
		return false
	}
	if strings.Contains(now, text) {
		return true
	}
	if t := squeeze(text); t != "" && strings.Contains(squeeze(now), t) {
		return true
	}
	t := alnum(text)
	return t != "" && strings.Contains(alnum(now), t)
}

// spreadText reports whether text typed into the first of values (a
// field and the fields that follow it in its group, see
// js/spread-values.js) was spread by the page across them, one part each:
// the field changed (was is what it held before), and it and the fields
// after it, joined in order, hold text alone.
func spreadText(was string, values []string, text string) bool {
	if len(values) < 2 || values[0] == was || values[0] == "" {
		return false
	}
	joined := values[0]
	for _, v := range values[1:] {
		if v == "" {
			break
		}
		joined += v
		if sameText(joined, text) {
			return true
		}
	}
	return false
}

// sameText reports whether a field holds text alone, white space, case
// and a mask's separators aside.
func sameText(v, text string) bool {
	return v == text || squeeze(v) == squeeze(text) || (alnum(text) != "" && alnum(v) == alnum(text))
}

// heldAlone reports whether a field cleared and typed into holds text
// alone (as sameText), or, when clearing left a template the field keeps
// (kept, a mask's "(___) ___-____"), that template filled in with text:
// as long as the template, holding its own letters and digits and then
// the text's.
func heldAlone(v, kept, text string) bool {
	if sameText(v, text) {
		return true
	}
	return kept != "" && len([]rune(v)) == len([]rune(kept)) && alnum(v) == alnum(kept)+alnum(text)
}

// squeeze drops white space and invisible format characters.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
}

// alnum keeps letters and digits, in lower case.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// maxShown caps the text a result or an error quotes from the page.
const maxShown = 2000

func capText(s string) string {
	if r := []rune(s); len(r) > maxShown {
		return string(r[:maxShown-1]) + "…"
	}
	return s
}

// notApplied is the not_applied error of an action (what, e.g. "typing
// into e5 textbox \"Email\"") that the page did not take: it shows shown
// where wanted was asked (a password's value is not quoted).
func notApplied(el *element, what, wanted, shown string, secret bool) error {
	d := events.ErrorDetails{Ref: el.ref}
	msg := fmt.Sprintf("%s did not take: the page shows %q, not %q; a handler of the page rejected or rewrote it (read the page to see why, e.g. a validation message)", what, short(shown), short(wanted))
	if secret {
		msg = what + " did not take: the field does not hold the text typed; a handler of the page rejected or rewrote it"
	} else {
		d.Wanted, d.Shown = new(wanted), new(capText(shown))
	}
	return events.Errorf(events.CodeNotApplied, "%s", msg).WithDetails(d)
}

// short cuts text quoted in a message.
func short(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return s
}
