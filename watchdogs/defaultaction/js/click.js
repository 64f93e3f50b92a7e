function (button, count, mods, hoverOnly) {
  // A click through script, for force where no point of the element is
  // reached by the hit test: the events a user's click fires, dispatched
  // on the element itself at the centre of its box (pointer and mouse
  // over, move, down, up, then click, or auxclick for another button, a
  // contextmenu for the right one, and dblclick after a second click),
  // focusing it on the press as a press does. With hoverOnly, only the
  // hover's events.
  const el = this;
  const w = el.ownerDocument.defaultView;
  (__INTOVIEW__)(el);
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const b = button === 'right' ? 2 : button === 'middle' ? 1 : 0;
  const bits = b === 2 ? 2 : b === 1 ? 4 : 1;
  const has = (k) => (mods || []).some((m) => m.toLowerCase() === k);
  const base = {bubbles: true, cancelable: true, composed: true, view: w, clientX: x, clientY: y,
    screenX: x + w.screenX, screenY: y + w.screenY, button: b,
    altKey: has('alt'), ctrlKey: has('control') || has('ctrl'), metaKey: has('meta'), shiftKey: has('shift')};
  const P = (t, detail, buttons, bubbles) => el.dispatchEvent(new w.PointerEvent(t, {...base, bubbles: bubbles !== false, detail, buttons,
    pointerId: 1, pointerType: 'mouse', isPrimary: true, width: 1, height: 1, pressure: buttons ? 0.5 : 0}));
  const M = (t, detail, buttons, bubbles) => el.dispatchEvent(new w.MouseEvent(t, {...base, bubbles: bubbles !== false, detail, buttons}));
  P('pointerover', 0, 0); P('pointerenter', 0, 0, false);
  M('mouseover', 0, 0); M('mouseenter', 0, 0, false);
  P('pointermove', 0, 0); M('mousemove', 0, 0);
  if (hoverOnly) return;
  for (let i = 1; i <= Math.max(1, count); i++) {
    const down = P('pointerdown', i, bits) && M('mousedown', i, bits);
    if (i === 1 && down) {
      // A press focuses the nearest focusable box holding the point.
      for (let c = el; c && c.nodeType === 1; c = c.parentElement) {
        if (c.tabIndex >= 0 || c.isContentEditable) { if (c.focus) c.focus({preventScroll: true}); break; }
      }
    }
    P('pointerup', i, 0); M('mouseup', i, 0);
    if (b === 0) M('click', i, 0);
    else M('auxclick', i, 0);
    if (b === 2 && i === 1) M('contextmenu', 1, 0);
  }
  if (b === 0 && count >= 2) M('dblclick', 2, 0);
}
