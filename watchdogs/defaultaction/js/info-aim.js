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
    //
    // The page may move the element away from the aimed point between
    // the aim and the press (a list that filters itself late, a hover
    // that lays things out again). When the first press neither reaches
    // the element nor falls inside its boxes any more, the click is
    // withheld: its presses, releases and clicks stop here, the press
    // changes no focus, and missed says what was at the point instead.
    const el = this;
    const kinds = ['pointerup', 'mouseup', 'click'];
    const held = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'contextmenu', 'dblclick'];
    const seen = {pointerup: 0, mouseup: 0, click: 0};
    const waiters = [];
    let pressed = false, missed = '';
    const inside = (x, y) => Array.from(el.getClientRects()).some(r => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
    const on = e => {
      if (!pressed && (e.type === 'pointerdown' || e.type === 'mousedown')) {
        pressed = true;
        const reached = e.composedPath().includes(el) || (el.isConnected && inside(e.clientX, e.clientY));
        if (!reached) missed = (__HIT__).call(el, e.clientX, e.clientY) || 'another element';
      }
      if (seen[e.type] !== undefined) seen[e.type]++;
      if (missed) {
        e.stopImmediatePropagation();
        if (e.type !== 'pointerdown') e.preventDefault();
      }
      for (const f of waiters.splice(0)) f();
    };
    for (const k of held) w.addEventListener(k, on, true);
    globalThis.__agentbrowserInput = {
      win: w,
      watch: (__WATCH__)([this.ownerDocument], this),
      reached: n => kinds.some(k => seen[k] >= n),
      missed: () => missed,
      wait: f => { waiters.push(f); },
      stop: () => { for (const k of held) w.removeEventListener(k, on, true); },
    };
  }
  return {info: info, aim: aim, armed: armed};
}
