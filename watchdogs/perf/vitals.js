// The vitals observer: run in an isolated world of a top document, it
// watches the page's largest contentful paint, layout shifts and
// interactions with PerformanceObserver (buffered, so that what happened
// before it ran is seen too) and keeps them in one global of its world.
// It changes nothing in the page. A second run does nothing.
(() => {
  if (globalThis.__agentbrowserVitals) return;
  const v = {
    early: document.readyState === 'loading',
    lcp: null, fcp: null,
    cls: { best: 0, bestN: 0, bestNodes: [], cur: 0, curN: 0, curNodes: [], first: 0, last: 0 },
    inp: new Map(),
    observers: [],
  };
  globalThis.__agentbrowserVitals = v;
  const name = (n) => {
    if (!n) return '';
    if (n.nodeType === 3) n = n.parentElement;
    if (!n || n.nodeType !== 1) return '';
    let s = n.localName;
    if (n.id) s += '#' + n.id;
    for (const c of [...n.classList].slice(0, 3)) s += '.' + c;
    for (const a of ['src', 'alt', 'href', 'aria-label', 'name']) {
      const val = n.getAttribute(a);
      if (val) { s += ' ' + a + '="' + val.slice(0, 80) + '"'; break; }
    }
    return s;
  };
  const handle = {
    'largest-contentful-paint': (e) => { v.lcp = { ms: e.startTime, size: e.size, element: name(e.element), url: e.url || '' }; },
    'paint': (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime; },
    'layout-shift': (e) => {
      if (e.hadRecentInput) return;
      const c = v.cls;
      if (c.curN > 0 && e.startTime - c.last < 1000 && e.startTime - c.first < 5000) {
        c.cur += e.value; c.curN++; c.last = e.startTime;
      } else {
        c.cur = e.value; c.curN = 1; c.first = c.last = e.startTime; c.curNodes = [];
      }
      for (const src of e.sources || []) {
        const n = name(src.node);
        if (n && !c.curNodes.includes(n)) c.curNodes.push(n);
      }
      if (c.cur > c.best) { c.best = c.cur; c.bestN = c.curN; c.bestNodes = c.curNodes.slice(0, 3); }
    },
    'event': (e) => {
      if (!e.interactionId) return;
      const old = v.inp.get(e.interactionId);
      if (!old || old.ms < e.duration) v.inp.set(e.interactionId, { ms: e.duration, event: e.name, element: name(e.target) });
    },
  };
  handle['first-input'] = handle['event'];
  for (const type of Object.keys(handle)) {
    try {
      const o = new PerformanceObserver((list) => { for (const e of list.getEntries()) handle[e.entryType](e); });
      o.observe(type === 'event' ? { type, buffered: true, durationThreshold: 16 } : { type, buffered: true });
      v.observers.push(o);
    } catch (_) { /* an entry type this browser lacks */ }
  }
  v.read = () => {
    for (const o of v.observers) for (const e of o.takeRecords()) handle[e.entryType](e);
    const out = { url: location.href, observing: v.early };
    const nav = performance.getEntriesByType('navigation')[0];
    if (nav && nav.responseStart > 0) out.ttfb_ms = nav.responseStart;
    if (v.fcp != null) out.fcp_ms = v.fcp;
    if (v.lcp) out.lcp = v.lcp;
    if (v.fcp != null || v.lcp) out.cls = { score: v.cls.best, shifts: v.cls.bestN, elements: v.cls.bestNodes };
    if (v.inp.size) {
      const all = [...v.inp.values()].sort((a, b) => b.ms - a.ms);
      const pick = all[Math.min(Math.floor(all.length / 50), all.length - 1)];
      out.inp = { ms: pick.ms, event: pick.event, element: pick.element, interactions: all.length };
    }
    return out;
  };
})();
