function (since, ms) {
  // range-state reads what an ARIA slider or spinbutton shows: its
  // aria-valuenow, -valuemin, -valuemax and -valuetext as written, its
  // text, whether it (or an ancestor) is aria-disabled or it is
  // aria-readonly, and whether it has focus; sig sums up what it shows.
  // Given since (the sig of an earlier read) and ms, it waits up to ms for
  // the page to show something else first: a page may update the
  // attributes a frame after the key that moved the value.
  const e = this;
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  // aria reads an attribute, or what the element's ElementInternals say
  // where no attribute does (the snapshot's record of them).
  const ab = globalThis.__ab, aria = (x, a) => (ab && ab.aria ? ab.aria(x, a) : x.getAttribute(a));
  const attr = (n) => norm(aria(e, n));
  const read = () => {
    let disabled = false;
    for (let n = e; n && !disabled; ) {
      if (n.nodeType === 1 && (aria(n, 'aria-disabled') || '').trim().toLowerCase() === 'true') disabled = true;
      n = n.parentNode && n.parentNode.nodeType === 11 ? n.parentNode.host : n.parentNode;
    }
    if (e.matches && e.matches(':disabled')) disabled = true;
    const a = e.getRootNode().activeElement;
    const s = {
      now: attr('aria-valuenow'), min: attr('aria-valuemin'), max: attr('aria-valuemax'),
      text: attr('aria-valuetext'), content: norm(e.textContent).slice(0, 200),
      disabled, readonly: attr('aria-readonly').toLowerCase() === 'true',
      focused: !!a && (a === e || e.contains(a)), connected: e.isConnected,
    };
    s.sig = s.now + '|' + s.text + '|' + s.content;
    return s;
  };
  const first = read();
  if (typeof since !== 'string' || first.sig !== since || !(ms > 0)) return first;
  const until = performance.now() + ms;
  return new Promise((resolve) => {
    const tick = () => {
      const s = read();
      if (s.sig !== since || performance.now() >= until) resolve(s);
      else setTimeout(tick, 10);
    };
    setTimeout(tick, 0);
  });
}
