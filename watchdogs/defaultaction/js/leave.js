function (wait) {
  // leave moves focus out of this field, as a user who goes on to
  // something else does (the page's blur and change handlers run, as
  // they do then), and tells whether the field had it. Focus inside it (a
  // component's inner field, through its shadow roots) counts as its.
  // What a page does on leaving may come a little later (a timer that
  // tells a blur from a focus moving within the widget): the answer waits
  // until the field's text changes, then for the page's next frame, or
  // wait ms when it does not.
  let a = this.ownerDocument.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  let inside = false;
  for (let n = a; n; n = n.parentNode || n.host) if (n === this) { inside = true; break; }
  if (!inside) return false;
  const text = () => ('value' in this ? this.value : this.textContent);
  const before = text(), until = performance.now() + wait;
  a.blur();
  const w = this.ownerDocument.defaultView;
  return new Promise((done) => {
    const tick = () => {
      if (text() !== before) w.requestAnimationFrame(() => w.setTimeout(() => done(true), 0));
      else if (performance.now() >= until) done(true);
      else w.setTimeout(tick, 10);
    };
    tick();
  });
}
