async function (surface) {
  // editor-focus answers whether a click on an editor's surface gave the
  // editor focus: the focused element (through shadow roots) is this
  // element, inside it, or inside the surface. A page may move focus
  // after the click's events (a timer, a frame later): it is looked at
  // again for up to 300 ms.
  const e = this, w = e.ownerDocument.defaultView;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const within = (n, root) => { for (let c = n; c; c = up(c)) if (c === root) return true; return false; };
  const focused = () => {
    let a = e.ownerDocument.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    const own = e.getRootNode().activeElement;
    if (own && within(own, e)) return true;
    return !!a && a !== e.ownerDocument.body && (within(a, e) || (!!surface && within(a, surface)));
  };
  const end = Date.now() + 300;
  while (!focused()) {
    if (Date.now() >= end || !e.isConnected) return false;
    await new Promise((r) => w.setTimeout(r, 16));
  }
  return true;
}
