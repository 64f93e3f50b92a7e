function () {
  // Typing's fast path, in one call in the element's world: describes the
  // element and, when it is a field or an editable host that is enabled,
  // not concealed and not a picked input (a date, a colour: set-value.js),
  // scrolls it into view and focuses it, then reports whether the focus
  // took and the value before the text. ready false sends the action down
  // the full path, which explains every refusal. When ready, the
  // element's window starts counting the input events the text will cause,
  // and watching what it changes (watch.js), for type-settle.js, which is
  // sent along with the text.
  const info = (__INFO__).call(this);
  if (!info.connected || !info.editable || info.disabled) return {info: info, ready: false};
  if (['date', 'time', 'datetime-local', 'month', 'week'].includes(info.type)) return {info: info, ready: false};
  if ((__CONCEALED__).call(this)) return {info: info, ready: false};
  // An editable host that does not have the keyboard gets it as a user
  // gives it, by a click where its text ends (the full path's focusHost).
  const t = this.localName;
  if (t !== 'input' && t !== 'textarea' && !this.editContext && !(__HOST_FOCUSED__).call(this)) return {info: info, ready: false};
  // Into view as a user could bring it (into-view.js), then focused
  // where it is: focus's own scroll would move boxes a user cannot.
  if ((__INTOVIEW__)(this).held) return {info: info, ready: false};
  this.focus({preventScroll: true});
  const ready = (__FOCUSED__).call(this);
  let before = null;
  if (ready) {
    before = (__VALUE__).call(this);
    const w = this.ownerDocument.defaultView;
    const old = globalThis.__agentbrowserTyped;
    if (old) { old.stop(); old.watch.stop(); }
    let seen = 0;
    const waiters = [];
    const on = () => { seen++; for (const f of waiters.splice(0)) f(); };
    w.addEventListener('input', on, true);
    globalThis.__agentbrowserTyped = {
      win: w,
      watch: (__WATCH__)([this.ownerDocument], null, this),
      seen: () => seen > 0,
      wait: f => { waiters.push(f); },
      stop: () => { w.removeEventListener('input', on, true); },
    };
  }
  // A field the page listens to for input (keys among them) also gets the
  // key's release after the text (typing.go): pages that act on keyup
  // see one, as they do when a user types.
  const ab = globalThis.__ab;
  const keys = ready && !!ab && !!ab.heard && ab.heard(this);
  return {info: info, ready: ready, before: before, keys: keys};
}
