package defaultaction

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/mafredri/cdp/protocol/dom"
)

// raises it, down lowers it.
type rangeKeys struct{ up, down keyDef }

// rangeDrive presses keys on a focused slider or spinbutton toward a
// value and keeps what it learnt: which keys move the value which way,
// and by how much.
type rangeDrive struct {
	a  *attachment
	el *element
	sc rangeScale
	// st is what the widget showed at the last read.
	st rangeState
	// keys counts the keys pressed.
	keys int
	// pairs are the arrow keys to try, in order; arrows is the pair that
	// moved the value, set once one did.
	pairs  []rangeKeys
	arrows *rangeKeys
	// step is how far one arrow key moves the value (0 until known).
	step float64
	// page is what Page Up and Page Down do: 0 not tried, 1 move by
	// pageStep (pageKeys oriented as arrows are), -1 nothing of use.
	page     int
	pageStep float64
	pageKeys rangeKeys
	// stop says why the keys stopped short, for the error.
	stop string
}

func newRangeDrive(a *attachment, el *element, role string) *rangeDrive {
	lr := rangeKeys{namedKeys["arrowright"], namedKeys["arrowleft"]}
	ud := rangeKeys{namedKeys["arrowup"], namedKeys["arrowdown"]}
	pairs := []rangeKeys{lr, ud}
	if strings.HasPrefix(role, "spinbutton") {
		pairs = []rangeKeys{ud, lr}
	}
	return &rangeDrive{a: a, el: el, pairs: pairs, pageKeys: rangeKeys{namedKeys["pageup"], namedKeys["pagedown"]}}
}

// read reads what the widget shows into d.st; after keys (wait), it
// waits a little for a page that shows their effect late.
func (d *rangeDrive) read(ctx context.Context, wait bool) error {
	var st rangeState
	var err error
	if wait {
		err = d.el.callOn(ctx, jsRangeState, &st, d.st.Sig, rangeWait.Milliseconds())
	} else {
		err = d.el.callOn(ctx, jsRangeState, &st)
	}
	if err != nil {
		return err
	}
	if !st.Connected {
		return staleRef(d.el.ref)
	}
	d.st = st
	return nil
}

// value is the number the widget shows now.
func (d *rangeDrive) value() (float64, bool) { return d.st.at(d.sc) }

// press presses k n times with the widget focused, then reads it.
func (d *rangeDrive) press(ctx context.Context, k keyDef, n int) error {
	if !d.st.Focused {
		// A page that re-rendered the widget may have dropped its
		// focus; DOM focus gives it back without moving the value.
		if err := d.el.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(d.el.res.ObjectID)); err != nil {
			return d.el.gone(fmt.Errorf("focusing %s: %w", d.el.ref, err))
		}
	}
	for range n {
		if err := press(ctx, d.el.tab.Client, chord{key: k}); err != nil {
			return err
		}
		d.keys++
	}
	return d.read(ctx, true)
}

// moved presses k n times and answers how far the value moved (0 when
// it did not, or when it no longer shows a number).
func (d *rangeDrive) moved(ctx context.Context, k keyDef, n int) (float64, error) {
	v0, _ := d.value()
	if err := d.press(ctx, k, n); err != nil {
		return 0, err
	}
	v1, ok := d.value()
	if !ok {
		return 0, nil
	}
	return v1 - v0, nil
}

// learn finds the arrow keys that move the value, pressing the one of
// each pair that should move it in direction dir (+1 up, -1 down) until
// one moves it; false when none does.
func (d *rangeDrive) learn(ctx context.Context, dir float64) (bool, error) {
	for _, p := range d.pairs {
		k := p.up
		if dir < 0 {
			k = p.down
		}
		dv, err := d.moved(ctx, k, 1)
		if err != nil {
			return false, err
		}
		if dv == 0 {
			continue
		}
		if dv*dir < 0 {
			// The page moves the other way (a slider laid out right
			// to left, or upside down).
			p.up, p.down = p.down, p.up
		}
		d.arrows, d.step = &p, math.Abs(dv)
		return true, nil
	}
	d.stop = "no key moved it (it may be at its end, or the page moves it only with the pointer: drag its thumb)"
	return false, nil
}

// done reports whether v is t, or as near as the widget's step allows.
func (d *rangeDrive) done(v, t float64) bool {
	return near(v, t) || (d.step > 0 && math.Abs(t-v) < d.step/2)
}

// to presses keys until the widget shows t (or as near as its step
// allows), a key no longer moves it, or rangeMaxKeys are pressed.
func (d *rangeDrive) to(ctx context.Context, t float64) error {
	lastDir, flips := 0.0, 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		v, ok := d.value()
		if !ok {
			d.stop = "it no longer shows a number"
			return nil
		}
		if d.done(v, t) {
			return nil
		}
		if d.keys >= rangeMaxKeys {
			d.stop = fmt.Sprintf("%d keys did not reach it", d.keys)
			if d.step > 0 {
				d.stop += fmt.Sprintf(" (a key moves it by %s)", num(d.step))
			}
			return nil
		}
		dir := math.Copysign(1, t-v)
		if lastDir != 0 && dir != lastDir {
			flips++
		}
		lastDir = dir
		if d.arrows == nil {
			if ok, err := d.learn(ctx, dir); err != nil || !ok {
				return err
			}
			continue
		}
		if used, err := d.paged(ctx, t, v, dir); err != nil || used {
			if err != nil {
				return err
			}
			continue
		}
		k := d.arrows.up
		if dir < 0 {
			k = d.arrows.down
		}
		n := 1
		if flips < 2 {
			n = int(math.Max(1, math.Min(math.Round(math.Abs(t-v)/d.step), rangeBatch)))
		}
		n = min(n, rangeMaxKeys-d.keys)
		dv, err := d.moved(ctx, k, n)
		if err != nil {
			return err
		}
		if dv == 0 {
			d.stop = "a key no longer moves it (another control may bound it)"
			return nil
		}
		if n == 1 {
			d.step = math.Abs(dv)
			if w, _ := d.value(); (t-w)*dir < 0 {
				// One key went past t: t lies between two values the
				// widget takes; keep the nearer.
				if math.Abs(t-w) > math.Abs(t-v) {
					back := d.arrows.down
					if dir < 0 {
						back = d.arrows.up
					}
					_, err := d.moved(ctx, back, 1)
					return err
				}
				return nil
			}
		} else if dv*dir > 0 {
			d.step = math.Abs(dv) / float64(n)
		}
	}
}

// paged presses Page Up or Page Down toward t when the distance from v
// is worth it, learning on first use whether the page handles them and
// how far they move; false when it pressed nothing.
func (d *rangeDrive) paged(ctx context.Context, t, v, dir float64) (bool, error) {
	dist := math.Abs(t - v)
	switch {
	case d.page < 0:
		return false, nil
	case d.page == 0 && dist >= 10*d.step:
		k := d.pageKeys.up
		if dir < 0 {
			k = d.pageKeys.down
		}
		dv, err := d.moved(ctx, k, 1)
		if err != nil {
			return true, err
		}
		if math.Abs(dv) <= d.step {
			// Nothing gained over an arrow.
			d.page = -1
			return true, nil
		}
		if dv*dir < 0 {
			d.pageKeys.up, d.pageKeys.down = d.pageKeys.down, d.pageKeys.up
		}
		d.page, d.pageStep = 1, math.Abs(dv)
		return true, nil
	case d.page == 1 && dist >= d.pageStep:
		k := d.pageKeys.up
		if dir < 0 {
			k = d.pageKeys.down
		}
		n := int(math.Min(math.Floor(dist/d.pageStep), rangeBatch))
		n = min(n, rangeMaxKeys-d.keys)
		dv, err := d.moved(ctx, k, n)
		if err != nil {
			return true, err
		}
		if dv*dir <= 0 {
			d.page = -1
		}
		return true, nil
	}
	return false, nil
}

// ends presses Home for a t that is the widget's minimum, End for its
// maximum: one key where a user would press it.
func (d *rangeDrive) ends(ctx context.Context, t float64) error {
	if d.sc != scaleNow {
		return nil
	}
	if v, ok := d.value(); ok && near(v, t) {
		return nil
	}
	if lo, ok := attrNumber(d.st.Min); ok && near(lo, t) {
		return d.press(ctx, namedKeys["home"], 1)
	}
	if hi, ok := attrNumber(d.st.Max); ok && near(hi, t) {
		return d.press(ctx, namedKeys["end"], 1)
	}
	return nil
}

// seek walks the widget from its lowest value up, one key at a time,
// until its aria-valuetext is text; false (with the value back where it
// was) when no value shows it. seen lists the texts it showed.
func (d *rangeDrive) seek(ctx context.Context, text string) (found bool, seen []string, err error) {
	start, startOK := d.value()
	note := func() {
		if s := d.st.shown(); len(seen) == 0 || seen[len(seen)-1] != s {
			seen = append(seen, s)
		}
	}
	if err := d.press(ctx, namedKeys["home"], 1); err != nil {
		return false, nil, err
	}
	if err := d.to(ctx, math.Inf(-1)); err != nil {
		return false, nil, err
	}
	for d.keys < rangeMaxKeys {
		note()
		if sameText(d.st.Text, text) || sameText(d.st.shown(), text) {
			return true, seen, nil
		}
		if d.arrows == nil {
			if ok, err := d.learn(ctx, 1); err != nil || !ok {
				return false, seen, err
			}
			continue
		}
		dv, err := d.moved(ctx, d.arrows.up, 1)
		if err != nil {
			return false, seen, err
		}
		if dv == 0 {
			break
		}
	}
	if startOK {
		d.stop = ""
		err = d.to(ctx, start)
	}
	return false, seen, err
}
