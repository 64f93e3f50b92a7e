async function (arm) {
  const info = (__INFO__).call(this);
  if (!info.connected || info.tag === 'select' || info.dropdown) return {info: info, aim: null};
  const aim = await (__AIM__).call(this);
  const armed = !!(arm && aim && !aim.cover);
  if (armed) {
    // The click follows: count, from now on, the releases its document
    // sees, for settle-armed.js, which is sent along with the input, and
    // watch what the click changes there (watch.js).
    const w = this.ownerDocument.defaultView;
    const old = globalThis.__agentbrowserInput;
    if (old) { old.stop(); old.watch.stop(); }
    const kinds = ['pointerup', 'mouseup', 'click'];
    const seen = {pointerup: 0, mouseup: 0, click: 0};
    const waiters = [];
    const on = e => { seen[e.type]++; for (const f of waiters.splice(0)) f(); };
    for (const k of kinds) w.addEventListener(k, on, true);
    globalThis.__agentbrowserInput = {
      win: w,
      watch: (__WATCH__)([this.ownerDocument], this),
      reached: n => kinds.some(k => seen[k] >= n),
      wait: f => { waiters.push(f); },
      stop: () => { for (const k of kinds) w.removeEventListener(k, on, true); },
    };
  }
  return {info: info, aim: aim, armed: armed};
}
