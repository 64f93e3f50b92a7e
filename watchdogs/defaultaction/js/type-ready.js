function () {
  // Typing's fast path, in one call in the element's world: describes the
  // element and, when it is editable, enabled and not concealed, scrolls
  // it into view and focuses it, then reports whether the focus took.
  // ready false sends the action down the full path, which explains every
  // refusal. When ready, the element's window starts counting the input
  // events the text will cause, for type-settle.js, which is sent along
  // with the text.
  const info = (__INFO__).call(this);
  if (!info.connected || !info.editable || info.disabled) return {info: info, ready: false};
  if ((__CONCEALED__).call(this)) return {info: info, ready: false};
  this.scrollIntoViewIfNeeded(true);
  this.focus();
  const ready = (__FOCUSED__).call(this);
  if (ready) {
    const w = this.ownerDocument.defaultView;
    const old = globalThis.__agentbrowserTyped;
    if (old) old.stop();
    let seen = 0;
    const waiters = [];
    const on = () => { seen++; for (const f of waiters.splice(0)) f(); };
    w.addEventListener('input', on, true);
    globalThis.__agentbrowserTyped = {
      seen: () => seen > 0,
      wait: f => { waiters.push(f); },
      stop: () => { w.removeEventListener('input', on, true); },
    };
  }
  return {info: info, ready: ready};
}
