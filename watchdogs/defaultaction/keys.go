package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
)

// keyDef is one key of a US keyboard as CDP wants it described.
type keyDef struct {
	key, code string
	keyCode   int
	text      string
	location  int
}

// namedKeys are the keys an agent names. Letters, digits and other
// printable characters are built by charKey.
var namedKeys = map[string]keyDef{
	"enter":       {"Enter", "Enter", 13, "\r", 0},
	"tab":         {"Tab", "Tab", 9, "", 0},
	"escape":      {"Escape", "Escape", 27, "", 0},
	"backspace":   {"Backspace", "Backspace", 8, "", 0},
	"delete":      {"Delete", "Delete", 46, "", 0},
	"insert":      {"Insert", "Insert", 45, "", 0},
	"space":       {" ", "Space", 32, " ", 0},
	"arrowup":     {"ArrowUp", "ArrowUp", 38, "", 0},
	"arrowdown":   {"ArrowDown", "ArrowDown", 40, "", 0},
	"arrowleft":   {"ArrowLeft", "ArrowLeft", 37, "", 0},
	"arrowright":  {"ArrowRight", "ArrowRight", 39, "", 0},
	"home":        {"Home", "Home", 36, "", 0},
	"end":         {"End", "End", 35, "", 0},
	"pageup":      {"PageUp", "PageUp", 33, "", 0},
	"pagedown":    {"PageDown", "PageDown", 34, "", 0},
	"shift":       {"Shift", "ShiftLeft", 16, "", 1},
	"control":     {"Control", "ControlLeft", 17, "", 1},
	"alt":         {"Alt", "AltLeft", 18, "", 1},
	"meta":        {"Meta", "MetaLeft", 91, "", 1},
	"contextmenu": {"ContextMenu", "ContextMenu", 93, "", 0},
}

var keyAliases = map[string]string{
	"return": "enter", "esc": "escape", "del": "delete", "up": "arrowup", "down": "arrowdown",
	"left": "arrowleft", "right": "arrowright", "ctrl": "control", "cmd": "meta", "command": "meta",
	"option": "alt", " ": "space", "spacebar": "space",
}

// modifierBit is each modifier key's bit in CDP's modifiers field.
var modifierBit = map[string]int{"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}

func init() {
	for i := 1; i <= 12; i++ {
		n := fmt.Sprintf("F%d", i)
		namedKeys[strings.ToLower(n)] = keyDef{n, n, 111 + i, "", 0}
	}
}

// shifted maps characters typed with Shift to their unshifted key's code.
var shifted = map[rune]struct {
	code    string
	keyCode int
}{
	'!': {"Digit1", 49}, '@': {"Digit2", 50}, '#': {"Digit3", 51}, '$': {"Digit4", 52}, '%': {"Digit5", 53},
	'^': {"Digit6", 54}, '&': {"Digit7", 55}, '*': {"Digit8", 56}, '(': {"Digit9", 57}, ')': {"Digit0", 48},
	'_': {"Minus", 189}, '+': {"Equal", 187}, '{': {"BracketLeft", 219}, '}': {"BracketRight", 221},
	'|': {"Backslash", 220}, ':': {"Semicolon", 186}, '"': {"Quote", 222}, '<': {"Comma", 188},
	'>': {"Period", 190}, '?': {"Slash", 191}, '~': {"Backquote", 192},
}

var plain = map[rune]struct {
	code    string
	keyCode int
}{
	'-': {"Minus", 189}, '=': {"Equal", 187}, '[': {"BracketLeft", 219}, ']': {"BracketRight", 221},
	'\\': {"Backslash", 220}, ';': {"Semicolon", 186}, '\'': {"Quote", 222}, ',': {"Comma", 188},
	'.': {"Period", 190}, '/': {"Slash", 191}, '`': {"Backquote", 192},
}

// charKey describes the key that types r, and whether it needs Shift.
func charKey(r rune) (keyDef, bool) {
	s := string(r)
	switch {
	case r >= 'a' && r <= 'z':
		return keyDef{s, "Key" + strings.ToUpper(s), int(r - 'a' + 65), s, 0}, false
	case r >= 'A' && r <= 'Z':
		return keyDef{s, "Key" + s, int(r - 'A' + 65), s, 0}, true
	case r >= '0' && r <= '9':
		return keyDef{s, "Digit" + s, int(r), s, 0}, false
	}
	if k, ok := plain[r]; ok {
		return keyDef{s, k.code, k.keyCode, s, 0}, false
	}
	if k, ok := shifted[r]; ok {
		return keyDef{s, k.code, k.keyCode, s, 0}, true
	}
	return keyDef{s, "", 0, s, 0}, false
}

// chord is a parsed key press: modifiers held around one key.
type chord struct {
	mods []keyDef
	bits int
	key  keyDef
}

// parseChord parses "Enter", "a", "Control+A", "Shift+Tab", "Control+Shift+K".
func parseChord(s string) (chord, error) {
	var c chord
	if s == "" {
		return c, events.Errorf(events.CodeInvalidArgument, "key is empty: want a name such as Enter, Tab, ArrowDown, or a chord such as Control+A")
	}
	parts := []string{s}
	if s != "+" && strings.Contains(s, "+") {
		parts = strings.Split(s, "+")
		if strings.HasSuffix(s, "++") {
			parts = append(strings.Split(strings.TrimSuffix(s, "++"), "+"), "+")
		}
	}
	for i, p := range parts {
		name := strings.TrimSpace(p)
		if p == " " {
			name = " "
		}
		last := i == len(parts)-1
		lower := strings.ToLower(name)
		if a, ok := keyAliases[lower]; ok {
			lower = a
		}
		if k, ok := namedKeys[lower]; ok {
			if bit, isMod := modifierBit[k.key]; isMod && !last {
				c.mods = append(c.mods, k)
				c.bits |= bit
				continue
			}
			if !last {
				return c, events.Errorf(events.CodeInvalidArgument, "key %q: %q is not a modifier (Alt, Control, Meta, Shift)", s, name)
			}
			c.key = k
			continue
		}
		if !last {
			return c, events.Errorf(events.CodeInvalidArgument, "key %q: %q is not a modifier (Alt, Control, Meta, Shift)", s, name)
		}
		if utf8.RuneCountInString(name) != 1 {
			return c, events.Errorf(events.CodeInvalidArgument, "unknown key %q: want a single character or a name such as Enter, Tab, Escape, ArrowDown, Backspace, PageDown, F5", name)
		}
		r, _ := utf8.DecodeRuneInString(name)
		k, shift := charKey(r)
		if len(c.mods) > 0 && r >= 'A' && r <= 'Z' {
			// "Control+A" means the A key, not a capital letter.
			k, shift = charKey(r + ('a' - 'A'))
		}
		if shift && c.bits&8 == 0 {
			c.bits |= 8
		}
		c.key = k
	}
	if c.bits&(1|2|4) != 0 {
		// A chord with Control, Alt or Meta is a shortcut, not typing.
		c.key.text = ""
	} else if c.bits&8 != 0 && c.key.text != "" && len(c.key.text) == 1 {
		c.key.text = strings.ToUpper(c.key.text)
		if len(c.mods) > 0 {
			c.key.key = c.key.text
		}
	}
	return c, nil
}

// press sends the chord's key events: modifiers down, key down and up,
// modifiers up.
func press(ctx context.Context, c *cdp.Client, ch chord) error {
	bits := 0
	for _, m := range ch.mods {
		bits |= modifierBit[m.key]
		if err := keyEvent(ctx, c, "rawKeyDown", m, bits); err != nil {
			return err
		}
	}
	typ := "rawKeyDown"
	if ch.key.text != "" {
		typ = "keyDown"
	}
	if err := keyEvent(ctx, c, typ, ch.key, ch.bits); err != nil {
		return err
	}
	if err := keyEvent(ctx, c, "keyUp", ch.key, ch.bits); err != nil {
		return err
	}
	for i := len(ch.mods) - 1; i >= 0; i-- {
		m := ch.mods[i]
		bits &^= modifierBit[m.key]
		if err := keyEvent(ctx, c, "keyUp", m, bits); err != nil {
			return err
		}
	}
	return nil
}

func keyEvent(ctx context.Context, c *cdp.Client, typ string, k keyDef, mods int) error {
	args := input.NewDispatchKeyEventArgs(typ).SetKey(k.key).SetModifiers(mods)
	if k.code != "" {
		args.SetCode(k.code)
	}
	if k.keyCode != 0 {
		args.SetWindowsVirtualKeyCode(k.keyCode).SetNativeVirtualKeyCode(k.keyCode)
	}
	if typ == "keyDown" && k.text != "" {
		args.SetText(k.text).SetUnmodifiedText(k.text)
	}
	if k.location != 0 {
		args.SetLocation(k.location)
	}
	if err := c.Input.DispatchKeyEvent(ctx, args); err != nil {
		return fmt.Errorf("sending %s %s: %w", typ, k.key, err)
	}
	return nil
}

func (a *attachment) pressKey(ctx context.Context, e events.PressKeyEvent) (events.ActionResult, error) {
	ch, err := parseChord(e.Key)
	if err != nil {
		return events.ActionResult{}, err
	}
	if e.Ref != "" {
		el, err := a.element(ctx, e.TabID, e.Ref)
		if err != nil {
			return events.ActionResult{}, err
		}
		defer el.release(ctx)
		return a.observe(ctx, el.tab, func(ctx context.Context) error {
			if err := a.focusFor(ctx, el); err != nil {
				return err
			}
			return a.armedPress(ctx, el.tab, ch)
		})
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	return a.observe(ctx, tab, func(ctx context.Context) error {
		return a.armedPress(ctx, tab, ch)
	})
}

// focusFor gives keyboard focus to what keys sent to el reach: the
// element typing into it reaches, focused as typing focuses it (see
// editTarget, focusEditor), or el itself when it is a control of another
// kind (a button, a link), by DOM focus alone: a click would act on it.
func (a *attachment) focusFor(ctx context.Context, el *element) error {
	ed, keys, err := a.editTarget(ctx, el)
	if errors.Is(err, errControl) {
		if err := el.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(el.res.ObjectID)); err != nil {
			return el.gone(fmt.Errorf("focusing %s: %w", el.ref, err))
		}
		var focused bool
		if err := el.callOn(ctx, jsFocused, &focused); err != nil {
			return err
		}
		if !focused {
			return events.Errorf(events.CodeInvalidArgument, "element %s does not take keyboard focus", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
		}
		return nil
	}
	if err != nil {
		return err
	}
	defer ed.release(ctx)
	if keys {
		return nil
	}
	st, err := ed.state(ctx, el)
	if err != nil {
		return err
	}
	var surface *element
	if !st.Self {
		surface = el
	}
	s, err := a.focusEditor(ctx, el, ed, st, surface, false)
	if s != nil && s != el {
		s.release(ctx)
	}
	return err
}
