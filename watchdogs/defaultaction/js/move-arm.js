function () {
  // Runs in the element's out-of-process frame when its place in the tab
  // is new: records the mouse moves the frame receives from now on (see
  // move-seen.js), then aims as aim-in-page.js does.
  const w = this.ownerDocument.defaultView;
  const old = globalThis.__agentbrowserMoves;
  if (old) old.stop();
  const seen = [];
  const on = e => { seen.push([e.clientX, e.clientY]); };
  w.addEventListener('mousemove', on, true);
  globalThis.__agentbrowserMoves = {seen: seen, stop: () => w.removeEventListener('mousemove', on, true)};
  return (__AIM__).call(this);
}
