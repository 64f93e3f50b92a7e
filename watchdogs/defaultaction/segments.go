package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsSegments answers the spin buttons of a field drawn as parts (see
// js/segments.js).
//
//go:embed js/segments.js
var jsSegments string

// segment is one part of such a field: its range and the number it
// shows, as its aria-value attributes say (nil when it says none).
type segment struct {
	Min *float64 `json:"min"`
	Max *float64 `json:"max"`
	Now *float64 `json:"now"`
	// Text is what the part shows and its aria-valuetext, read after
	// typing.
	Text string `json:"text"`
}

// partSep splits the text typed into a field of parts at what is no
// letter or digit ("04/15/2026", "15.04.2026", "10:30").
var partSep = regexp.MustCompile(`[^\pL\pN]+`)

// typeSegments types text into a field drawn as two or more spin buttons
// that each take text (a date's month, day and year), as a user does:
// each part of the text, split at its separators, into the part of the
// field in the same place, in order. Text of several parts typed into one
// of those parts goes into it and the parts after it. It answers false
// when el is no such field or part. Text whose parts do not match the
// field's (their number, or a number outside a part's range) fails with
// invalid_argument naming the field's ranges; afterwards each part must
// show the number (or the words) typed, or typing fails with not_applied.
func (a *attachment) typeSegments(ctx context.Context, el *element, e events.TypeTextEvent) (typed, bool, error) {
	raw, err := el.callHandleByValue(ctx, jsSegments, runtime.CallArgument{Value: json.RawMessage("null")})
	if err != nil {
		return typed{}, false, err
	}
	var field struct {
		Part bool      `json:"part"`
		Segs []segment `json:"segs"`
	}
	if err := json.Unmarshal(raw, &field); err != nil || len(field.Segs) == 0 {
		return typed{}, false, nil
	}
	segs := field.Segs
	parts := strings.Fields(partSep.ReplaceAllString(e.Text, " "))
	if field.Part && (len(parts) < 2 || len(segs) < 2) {
		// One part typed into a part: plain typing.
		return typed{}, false, nil
	}
	// A part of words (a time's AM or PM) is checked by the words the
	// part shows; a number by the number it holds, within its range.
	want, fits := make([]float64, len(parts)), len(parts) == len(segs)
	words := make([]bool, len(parts))
	for i, p := range parts {
		if fits && !strings.ContainsAny(p, "0123456789") {
			if segs[i].Min == nil || segs[i].Max == nil || *segs[i].Max-*segs[i].Min <= 1 {
				// A part with no range, or of two values (AM or PM):
				// its words.
				words[i] = true
				continue
			}
			// Words for a part that holds a number: a month's name for
			// a part of 1 to 12, else no fit.
			if m := monthOf(p); m > 0 && segs[i].Min != nil && segs[i].Max != nil && *segs[i].Min == 1 && *segs[i].Max == 12 {
				parts[i] = strconv.Itoa(m)
				p = parts[i]
			}
		}
		n, err := strconv.ParseFloat(p, 64)
		if err != nil || !fits || (segs[i].Min != nil && n < *segs[i].Min) || (segs[i].Max != nil && n > *segs[i].Max) {
			fits = false
			break
		}
		want[i] = n
	}
	if !fits {
		return typed{}, true, events.Errorf(events.CodeInvalidArgument, "element %s is one field of %d parts typed each on its own (%s, in that order): give its value as %d parts in that order, e.g. separated by /, not %q",
			el.describe(), len(segs), ranges(segs), len(segs), e.Text).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	// The parts are taken at once: the page may redraw the field as it
	// fills (a part shown in another place once the value is whole), and
	// each part must be read where it was typed.
	fields := make([]*element, 0, len(segs))
	defer func() {
		for _, f := range fields {
			f.release(ctx)
		}
	}()
	for i := range segs {
		o, err := el.callHandle(ctx, jsSegments, runtime.CallArgument{Value: json.RawMessage(strconv.Itoa(i))})
		if err != nil {
			return typed{}, true, err
		}
		seg := el.elementOf(o)
		if seg == nil {
			return typed{}, true, fmt.Errorf("part %d of %s is gone: %w", i+1, el.ref, staleRef(el.ref))
		}
		fields = append(fields, seg)
	}
	for i, p := range parts {
		pe := e
		// A part that shows no number is not cleared: deleting in an
		// empty part moves the focus back to the one before it.
		pe.Text, pe.Clear, pe.Submit = p, segs[i].Now != nil, false
		_, err := a.typeEditor(ctx, fields[i], pe)
		var ce *events.Error
		if err != nil && !(errors.As(err, &ce) && ce.Code == events.CodeNotApplied) {
			return typed{}, true, err
		}
	}
	// The page may move the focus on, or rewrite a part, once it is
	// whole: read every part at the end.
	if err := el.callOn(ctx, "function () { return new Promise((r) => requestAnimationFrame(() => r(true))); }", nil); err != nil {
		return typed{}, true, err
	}
	after := make([]segment, len(fields))
	for i, f := range fields {
		if err := f.callOn(ctx, "function () { const v = parseFloat(this.getAttribute('aria-valuenow')); return {now: isNaN(v) ? null : v, text: (this.textContent + ' ' + (this.getAttribute('aria-valuetext') || '')).replace(/\\s+/g, ' ').trim()}; }", &after[i]); err != nil {
			return typed{}, true, err
		}
	}
	shown := make([]string, len(after))
	ok := true
	for i, s := range after {
		shown[i] = "?"
		switch {
		case words[i]:
			shown[i] = s.Text
			if !shownWords(s.Text, parts[i]) {
				ok = false
			}
			continue
		case s.Now != nil:
			shown[i] = strconv.FormatFloat(*s.Now, 'f', -1, 64)
		}
		if s.Now == nil || *s.Now != want[i] {
			ok = false
		}
	}
	if !ok {
		return typed{}, true, notApplied(el, "typing into "+el.describe(), e.Text, strings.Join(shown, "/"), false)
	}
	v := strings.Join(shown, "/")
	return typed{value: &v}, true, nil
}

// ranges describes the parts' ranges: "1-12, 1-31, 1-9999".
func ranges(segs []segment) string {
	out := make([]string, len(segs))
	for i, s := range segs {
		lo, hi := "?", "?"
		if s.Min != nil {
			lo = strconv.FormatFloat(*s.Min, 'f', -1, 64)
		}
		if s.Max != nil {
			hi = strconv.FormatFloat(*s.Max, 'f', -1, 64)
		}
		out[i] = lo + "-" + hi
	}
	return strings.Join(out, ", ")
}

// shownWords tells whether a part that shows text (its text and
// aria-valuetext) shows the words typed: one of its words begins with
// them, case aside ("PM" for "pm" or "p").
func shownWords(text, typed string) bool {
	t := strings.ToLower(typed)
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if strings.HasPrefix(w, t) {
			return true
		}
	}
	return false
}

// monthOf is the number of the month an English name, or its first three
// letters or more, names ("Apr", "april"); 0 for anything else.
func monthOf(word string) int {
	w := strings.ToLower(word)
	if len(w) < 3 {
		return 0
	}
	for m := time.January; m <= time.December; m++ {
		if strings.HasPrefix(strings.ToLower(m.String()), w) {
			return int(m)
		}
	}
	return 0
}
