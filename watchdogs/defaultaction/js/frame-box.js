function () {
  const f = this;
  if (!f.isConnected) return null;
  const w = f.ownerDocument.defaultView;
  if (!w || w.frameElement) return null;
  const vv = w.visualViewport;
  if (vv && (vv.scale !== 1 || vv.offsetLeft !== 0 || vv.offsetTop !== 0)) return null;
  // Where this <iframe> was at this world's last call for it: input
  // reaches the frame by a place the browser has composited, which a new
  // place (or one not known yet) may not be yet, so either is reported as
  // moved and the click confirms the route first.
  const known = globalThis.__agentbrowserFrameRects || (globalThis.__agentbrowserFrameRects = new WeakMap());
  const last = known.get(f);
  const before = f.getBoundingClientRect();
  if ((__INTOVIEW__)(f).held) return null;
  const measure = (moved) => {
    const r = f.getBoundingClientRect();
    known.set(f, [r.left, r.top, r.width, r.height]);
    // A transformed <iframe> (or ancestor) maps frame coordinates by more
    // than an offset: leave it to the CDP path.
    if (Math.abs(r.width - f.offsetWidth) > 0.5 || Math.abs(r.height - f.offsetHeight) > 0.5) return null;
    const cs = w.getComputedStyle(f);
    const pl = parseFloat(cs.paddingLeft) || 0, pt = parseFloat(cs.paddingTop) || 0;
    const pr = parseFloat(cs.paddingRight) || 0, pb = parseFloat(cs.paddingBottom) || 0;
    const x0 = r.left + f.clientLeft + pl, y0 = r.top + f.clientTop + pt;
    return {x0: x0, y0: y0, x1: x0 + f.clientWidth - pl - pr, y1: y0 + f.clientHeight - pt - pb,
      vw: vv ? vv.width : w.innerWidth, vh: vv ? vv.height : w.innerHeight, moved: !!moved};
  };
  const now = f.getBoundingClientRect();
  if (now.left === before.left && now.top === before.top) {
    return measure(!last || last[0] !== now.left || last[1] !== now.top || last[2] !== now.width || last[3] !== now.height);
  }
  // The <iframe> moved: the browser routes input to the frame by where it
  // was in the last frame drawn, so wait until a frame with the new
  // position has been drawn; bounded, since a tab in the background draws
  // none (100 ms when hidden, 1 s when visible: frames come late under load).
  return new Promise(done => {
    const t = setTimeout(() => done(measure(true)), w.document.hidden ? 100 : 1000);
    w.requestAnimationFrame(() => w.requestAnimationFrame(() => { clearTimeout(t); done(measure(true)); }));
  });
}
