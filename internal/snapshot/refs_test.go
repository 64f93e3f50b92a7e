package snapshot_test

import (
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// refByLine returns the ref on the first line of text that contains
// substr.
func refByLine(t *testing.T, text, substr string) events.Ref {
	t.Helper()
	for _, ln := range strings.Split(text, "\n") {
		if !strings.Contains(ln, substr) {
			continue
		}
		i := strings.Index(ln, "[ref=")
		require.GreaterOrEqual(t, i, 0, "line %q has no ref", ln)
		j := strings.IndexByte(ln[i:], ']')
		return events.Ref(ln[i+len("[ref=") : i+j])
	}
	t.Fatalf("no line contains %q in:\n%s", substr, text)
	return ""
}

func TestRefsSurviveSecondSnapshot(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	first, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	second, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, first.Text, second.Text)
	assert.Equal(t, first.Refs, second.Refs)
}

func TestRefsStayWithTheirElements(t *testing.T) {
	p, e, ctx, first := openCaptured(t, "buttons")
	checkout := refByLine(t, first.Text, `button "Checkout"`)
	// Insert a new first button: every later element keeps its ref.
	p.eval(ctx, `document.body.prepend(Object.assign(document.createElement('button'), {textContent: 'New'}))`)
	second, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, checkout, refByLine(t, second.Text, `button "Checkout"`))
	newRef := refByLine(t, second.Text, `button "New"`)
	assert.NotContains(t, first.Refs, newRef, "a new element gets a new ref")
}

func TestRemovedElementIsStale(t *testing.T) {
	p, e, ctx, res := openCaptured(t, "buttons")
	checkout := refByLine(t, res.Text, `button "Checkout"`)
	remove := refByLine(t, res.Text, `button "Remove"`)

	p.eval(ctx, `[...document.querySelectorAll('button')].find(b => b.textContent === 'Checkout').remove()`)
	_, err := e.Resolve(ctx, checkout)
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
	assert.EqualError(t, err, "ref "+string(checkout)+" is stale: the element is gone; take a new snapshot")
	var stale *snapshot.StaleRefError
	require.True(t, errors.As(err, &stale))
	assert.Equal(t, checkout, stale.Ref)

	// Other refs still resolve.
	_, err = e.Resolve(ctx, remove)
	require.NoError(t, err)

	// A new element just like the removed one gets a new ref; the old ref
	// stays stale and never names it.
	p.eval(ctx, `document.body.append(Object.assign(document.createElement('button'), {textContent: 'Checkout'}))`)
	again, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	fresh := refByLine(t, again.Text, `button "Checkout"`)
	assert.NotEqual(t, checkout, fresh)
	_, err = e.Resolve(ctx, checkout)
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
	_, err = e.Resolve(ctx, fresh)
	require.NoError(t, err)
}

func TestNavigationMakesRefsStale(t *testing.T) {
	for _, how := range []string{"navigate", "reload"} {
		t.Run(how, func(t *testing.T) {
			p, e, s := openPage(t, "buttons")
			ctx := testContext(t)
			before, err := e.Capture(ctx, snapshot.Options{})
			require.NoError(t, err)
			checkout := refByLine(t, before.Text, `button "Checkout"`)

			// The same page again: a new document with identical elements.
			p.navigate(ctx, s.url("/buttons.html?"+how))
			_, err = e.Resolve(ctx, checkout)
			require.ErrorIs(t, err, snapshot.ErrStaleRef, "before the next snapshot")

			after, err := e.Capture(ctx, snapshot.Options{})
			require.NoError(t, err)
			// The page's navigation is the same subtree on the new
			// document: its refs keep their names and name the new
			// document's links (see landmarks.go). Every other ref is
			// fresh, and the old ones are stale.
			nav := subtreeRefs(before.Text, `- navigation "Pages"`)
			require.Len(t, nav, 4)
			for ref := range after.Refs {
				if !nav[ref] {
					assert.NotContains(t, before.Refs, ref, "refs of a new document are fresh")
				}
			}
			for ref := range before.Refs {
				_, err := e.Resolve(ctx, ref)
				if nav[ref] {
					require.NoError(t, err, "navigation ref %s on the new document", ref)
					continue
				}
				require.ErrorIs(t, err, snapshot.ErrStaleRef, "old ref %s after the next snapshot", ref)
			}
			_, err = e.Resolve(ctx, refByLine(t, after.Text, `button "Checkout"`))
			require.NoError(t, err)
		})
	}
}

func TestResolveErrors(t *testing.T) {
	_, e, _ := openPage(t, "buttons")
	ctx := testContext(t)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)

	_, err = e.Resolve(ctx, "e999")
	require.ErrorIs(t, err, snapshot.ErrUnknownRef)
	_, err = e.Resolve(ctx, "button")
	require.ErrorIs(t, err, snapshot.ErrInvalidRef)
	_, err = e.Capture(ctx, snapshot.Options{Scope: "x1"})
	require.ErrorIs(t, err, snapshot.ErrInvalidRef)

	// The forms events.ParseRef accepts all work.
	ref := refByLine(t, res.Text, `button "Checkout"`)
	for _, form := range []string{string(ref), "@" + string(ref), "ref=" + string(ref)} {
		r, err := e.Resolve(ctx, events.Ref(form))
		require.NoError(t, err, form)
		assert.Equal(t, ref, r.Ref)
	}

	e.Reset()
	_, err = e.Resolve(ctx, ref)
	require.ErrorIs(t, err, snapshot.ErrStaleRef, "refs issued before Reset are stale")
	after, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.NotContains(t, after.Refs, ref, "numbering goes on after Reset")
}

// TestConcurrentUse runs captures and resolves side by side, for the race
// detector.
func TestConcurrentUse(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := e.Capture(ctx, snapshot.Options{Interactive: i%2 == 0})
			assert.NoError(t, err)
		}()
		go func() {
			defer wg.Done()
			for ref := range res.Refs {
				r, err := e.Resolve(ctx, ref)
				if assert.NoError(t, err) {
					assert.NoError(t, r.Release(ctx))
				}
			}
		}()
	}
	wg.Wait()
}

func TestDetachedAndReinsertedElement(t *testing.T) {
	p, e, ctx, res := openCaptured(t, "buttons")
	checkout := refByLine(t, res.Text, `button "Checkout"`)

	// Moved, not replaced: the same element keeps its ref.
	p.eval(ctx, `(() => { const b = [...document.querySelectorAll('button')].find(b => b.textContent === 'Checkout'); b.remove(); document.body.prepend(b); })()`)
	moved, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, checkout, refByLine(t, moved.Text, `button "Checkout"`))

	// Reported stale while detached, it gets a new ref when it is back.
	p.eval(ctx, `window.saved = [...document.querySelectorAll('button')].find(b => b.textContent === 'Checkout'); window.saved.remove()`)
	_, err = e.Resolve(ctx, checkout)
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
	p.eval(ctx, `document.body.append(window.saved)`)
	back, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	again := refByLine(t, back.Text, `button "Checkout"`)
	assert.NotEqual(t, checkout, again)
	_, err = e.Resolve(ctx, again)
	require.NoError(t, err)
	_, err = e.Resolve(ctx, checkout)
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
}

// subtreeRefs returns the refs on the line of text that starts with head
// (after its indentation) and on the lines under it.
func subtreeRefs(text, head string) map[events.Ref]bool {
	out := map[events.Ref]bool{}
	in := -1
	for _, l := range strings.Split(text, "\n") {
		ind := len(l) - len(strings.TrimLeft(l, " "))
		switch {
		case in < 0 && strings.HasPrefix(strings.TrimLeft(l, " "), head):
			in = ind
		case in >= 0 && ind <= in:
			return out
		case in < 0:
			continue
		}
		for _, m := range refOnLine.FindAllStringSubmatch(l, -1) {
			out[events.Ref(m[1])] = true
		}
	}
	return out
}

var refOnLine = regexp.MustCompile(`\[ref=(e[0-9]+)\]`)
