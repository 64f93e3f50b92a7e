function () {
  // Runs in an out-of-process frame whose place in the tab is new: records
  // the mouse moves the frame receives from now on, for move-seen.js.
  const w = this.ownerDocument.defaultView;
  const old = globalThis.__agentbrowserMoves;
  if (old) old.stop();
  const seen = [];
  const on = e => { seen.push([e.clientX, e.clientY]); };
  w.addEventListener('mousemove', on, true);
  globalThis.__agentbrowserMoves = {seen: seen, stop: () => w.removeEventListener('mousemove', on, true)};
  return true;
}
