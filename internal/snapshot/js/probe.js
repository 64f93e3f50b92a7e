// probe.js runs in the page's main world, where an onclick handler set by
// script (element.onclick = f) is visible; agentbrowser's isolated world
// cannot see it. It returns up to LIMIT such elements (array) or
// undefined. Page scripts cannot observe it unless they replace the
// onclick accessor itself.
(() => {
  const LIMIT = 200;
  const out = [];
  const visit = (root) => {
    const all = root.querySelectorAll('*');
    for (let i = 0; i < all.length && out.length < LIMIT; i++) {
      const e = all[i];
      if (typeof e.onclick === 'function' && !e.hasAttribute('onclick')) out.push(e);
      if (e.shadowRoot) visit(e.shadowRoot);
      if (e.localName === 'iframe') {
        let d = null;
        try {
          d = e.contentDocument;
        } catch (err) {
          d = null;
        }
        if (d) visit(d);
      }
    }
  };
  visit(document);
  return out.length ? out : undefined;
})()
