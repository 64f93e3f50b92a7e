function (x, y, last) {
  // Resolves true once the frame armed by move-arm.js has received a mouse
  // move at (x, y), whole pixels of its own viewport, and false when none
  // came by its second frame (or 500 ms when it draws none, 100 when
  // hidden): the browser sent the move elsewhere, or by a place the frame
  // is no longer at. The recording stops on true, or when last.
  const m = globalThis.__agentbrowserMoves;
  if (!m) return false;
  const w = this.ownerDocument.defaultView;
  const hit = () => m.seen.some(p => p[0] === x && p[1] === y);
  return new Promise(r => {
    let t = 0;
    const end = () => {
      clearTimeout(t);
      const ok = hit();
      if (ok || last) { m.stop(); if (globalThis.__agentbrowserMoves === m) delete globalThis.__agentbrowserMoves; }
      r(ok);
    };
    if (hit()) return end();
    t = setTimeout(end, w.document.hidden ? 100 : 500);
    w.requestAnimationFrame(() => w.requestAnimationFrame(end));
  });
}
