package defaultaction

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Polling bounds for WaitEvent: each check has its own short deadline so a
// check stuck on a navigating page does not eat the whole budget.
const (
	waitPoll     = 50 * time.Millisecond
	waitCheckMax = 2 * time.Second

	waitReserveMin = 20 * time.Millisecond
	waitReserveMax = 300 * time.Millisecond
)

// checkWait checks a wait's budget and that it has one condition.
func checkWait(e events.WaitEvent) error {
	if e.Timeout < 0 {
		return events.Errorf(events.CodeInvalidArgument, "timeout %v is negative", e.Timeout)
	}
	switch e.LoadState {
	case "", "load", "domcontentloaded", "networkidle":
	default:
		return events.Errorf(events.CodeInvalidArgument, "load state %q: want load, domcontentloaded or networkidle", e.LoadState)
	}
	modes := 0
	for _, set := range []bool{e.Text != "", e.Ref != "", e.Gone != "", e.URL != "", e.Load || e.LoadState != ""} {
		if set {
			modes++
		}
	}
	if modes != 1 {
		return events.Errorf(events.CodeInvalidArgument, "wait needs exactly one of text, ref, gone, url or load; got %d", modes)
	}
	return nil
}

func (a *attachment) wait(ctx context.Context, e events.WaitEvent) (events.ActionResult, error) {
	if err := checkWait(e); err != nil {
		return events.ActionResult{}, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	// Stop a little before the dispatch deadline so that the timeout
	// error is this handler's, which names what it waited for.
	var until time.Time
	if dl, ok := ctx.Deadline(); ok {
		until = dl.Add(-max(waitReserveMin, min(waitReserveMax, time.Until(dl)/20)))
	}
	if e.Timeout > 0 && (until.IsZero() || time.Now().Add(e.Timeout).Before(until)) {
		until = time.Now().Add(e.Timeout)
	}
	if !until.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, until)
		defer cancel()
	}
	what, check, err := a.waitCheck(tab, e)
	if err != nil {
		return events.ActionResult{}, err
	}
	if e.LoadState == "networkidle" {
		idle, stop, err := a.networkIdle(ctx, tab)
		if err != nil {
			return events.ActionResult{}, err
		}
		defer stop()
		loaded := check
		what, check = "the network to be idle", func(ctx context.Context) (bool, error) {
			ok, err := loaded(ctx)
			return ok && idle(), err
		}
	}
	start := time.Now()
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		for {
			cctx, cancel := context.WithTimeout(ctx, waitCheckMax)
			ok, err := check(cctx)
			cancel()
			if err != nil {
				return err
			}
			if ok {
				return nil
			}
			t := time.NewTimer(waitPoll)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
		}
	})
	res := events.ActionResult{TabID: tab.ID, Dialog: d}
	if d != nil {
		return res, nil
	}
	if err != nil {
		var ce *events.Error
		if errors.As(err, &ce) {
			return res, err
		}
		if ctx.Err() != nil {
			return res, events.Errorf(events.CodeTimeout, "waiting for %s: not reached within %v", what, time.Since(start).Round(time.Millisecond)).WithDetails(events.ErrorDetails{WaitedFor: what})
		}
		return res, err
	}
	res.URL = tab.URL()
	res.Details = events.ActionDetails{WaitedFor: what, ElapsedMS: new(time.Since(start).Milliseconds())}
	return res, nil
}

// waitCheck returns a description of what e waits for and a check that
// reports whether it holds. A check's error ends the wait.
func (a *attachment) waitCheck(tab *session.Target, e events.WaitEvent) (string, func(ctx context.Context) (bool, error), error) {
	switch {
	case e.Text != "":
		b, _ := json.Marshal(e.Text)
		expr := "(() => !!document.body && document.body.innerText.includes(" + string(b) + "))()"
		return fmt.Sprintf("text %q", e.Text), func(ctx context.Context) (bool, error) {
			return evalBool(ctx, tab, expr), nil
		}, nil
	case e.Ref != "" || e.Gone != "":
		ref, gone := e.Ref, false
		if e.Gone != "" {
			ref, gone = e.Gone, true
		}
		if events.IsLocator(string(ref)) {
			return a.waitLocator(tab, string(ref), gone)
		}
		if _, ok := events.ParseRef(string(ref)); !ok {
			return "", nil, events.Errorf(events.CodeInvalidArgument, "malformed ref %q: want e5, @e5 or ref=e5, or a locator (css=, text=, role=, label=, placeholder=, testid=)", ref)
		}
		what := fmt.Sprintf("ref %s to be visible", ref)
		if gone {
			what = fmt.Sprintf("ref %s to be gone", ref)
		}
		return what, func(ctx context.Context) (bool, error) {
			el, err := a.element(ctx, tab.ID, ref)
			if err != nil {
				if gone && errors.Is(err, events.ErrStaleRef) {
					return true, nil
				}
				var ce *events.Error
				if errors.As(err, &ce) {
					return false, err
				}
				return false, nil
			}
			defer el.release(ctx)
			var visible bool
			if err := el.callOn(ctx, jsVisible, &visible); err != nil {
				if gone && errors.Is(err, events.ErrStaleRef) {
					return true, nil
				}
				return false, nil
			}
			return visible != gone, nil
		}, nil
	case e.URL != "":
		match := urlMatcher(e.URL)
		return fmt.Sprintf("url matching %q", e.URL), func(ctx context.Context) (bool, error) {
			if match(tab.URL()) {
				return true, nil
			}
			r, err := session.Evaluate(ctx, tab.Client, "location.href", false)
			if err != nil || r.ExceptionDetails != nil {
				return false, nil
			}
			var u string
			_ = json.Unmarshal(r.Result.Value, &u)
			return match(u), nil
		}, nil
	case e.LoadState == "domcontentloaded":
		return "the document's content to load", func(ctx context.Context) (bool, error) {
			return evalBool(ctx, tab, "document.readyState !== 'loading'"), nil
		}, nil
	default:
		return "the page to load", func(ctx context.Context) (bool, error) {
			return evalBool(ctx, tab, "document.readyState === 'complete'"), nil
		}, nil
	}
}

// evalBool evaluates expr in the tab's page; any failure (a navigation in
// between) counts as false.
func evalBool(ctx context.Context, tab *session.Target, expr string) bool {
	r, err := session.Evaluate(ctx, tab.Client, expr, false)
	if err != nil || r.ExceptionDetails != nil {
		return false
	}
	return string(r.Result.Value) == "true"
}

// urlMatcher matches a URL against a pattern: a substring, or, when the
// pattern holds '*', a whole-URL glob where '*' matches anything.
func urlMatcher(pattern string) func(string) bool {
	if !strings.Contains(pattern, "*") {
		return func(u string) bool { return strings.Contains(u, pattern) }
	}
	parts := strings.Split(pattern, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	re := regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
	return re.MatchString
}

// waitLocator is waitCheck for a locator: its one element to be visible,
// or (gone) no element it matches to be visible. Several visible matches
// while waiting for one is ambiguous_locator.
func (a *attachment) waitLocator(tab *session.Target, raw string, gone bool) (string, func(ctx context.Context) (bool, error), error) {
	l, err := events.ParseLocator(raw)
	if err != nil {
		return "", nil, err
	}
	what := fmt.Sprintf("%s to be visible", l)
	if gone {
		what = fmt.Sprintf("%s to be gone", l)
	}
	return what, func(ctx context.Context) (bool, error) {
		found, err := a.locateIn(ctx, tab, l, ambiguousShown)
		if err != nil {
			var ce *events.Error
			if errors.As(err, &ce) && ce.Code != events.CodeStaleRef && ce.Code != events.CodePageUnstable {
				return false, err
			}
			return false, nil
		}
		shown := 0
		for _, m := range found.Matches {
			if !m.Hidden {
				shown++
			}
		}
		if gone {
			return shown == 0, nil
		}
		if shown > 1 {
			_, err := pickOne(l, found, tab.ID)
			return false, err
		}
		if shown == 0 {
			return false, nil
		}
		for _, m := range found.Matches {
			if m.Hidden {
				continue
			}
			el, err := a.element(ctx, tab.ID, m.Ref)
			if err != nil {
				return false, nil
			}
			defer el.release(ctx)
			var visible bool
			if err := el.callOn(ctx, jsVisible, &visible); err != nil {
				return false, nil
			}
			return visible, nil
		}
		return false, nil
	}, nil
}
