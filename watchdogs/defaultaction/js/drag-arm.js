function () {
  // Starts watching, for the drag or drop that follows, the element's
  // document: which elements the page adds and removes (a node moved from
  // one place to another counts as neither), which attributes and texts it
  // changes (kept as their first old value, so a change undone by the end
  // does not count) and the values of its fields, whether a dragstart went
  // uncancelled, where a drop event went and how far the element followed
  // the pointer; and remembers where the element is. drag-report.js reads
  // it back. Only one drag at a time is watched in a world.
  const el = this, doc = el.ownerDocument, w = doc.defaultView;
  const old = globalThis.__agentbrowserDrag;
  if (old) old.stop();
  // A press on selected text drags the selection, not the element: a
  // selection left over the element (by an earlier drag over its text)
  // goes first.
  const sel = w.getSelection();
  if (sel && sel.rangeCount && !sel.isCollapsed) {
    try { if (sel.getRangeAt(0).intersectsNode(el)) sel.removeAllRanges(); } catch (e) {}
  }
  const added = new Set(), removed = new Set(), attrs = new Map(), texts = new Map(), textParents = new Set();
  const take = (recs) => {
    for (const r of recs) {
      if (r.type === 'childList') {
        for (const n of r.addedNodes) if (n.nodeType === 1) { if (removed.has(n)) removed.delete(n); else added.add(n); }
        for (const n of r.removedNodes) if (n.nodeType === 1) { if (added.has(n)) added.delete(n); else removed.add(n); }
        // Text put in or taken out (textContent set anew) changes the
        // text of the element that holds it.
        for (const n of [...r.addedNodes, ...r.removedNodes]) if (n.nodeType === 3 && n.data.trim()) textParents.add(r.target);
      } else if (r.type === 'attributes') {
        let m = attrs.get(r.target);
        if (!m) attrs.set(r.target, m = new Map());
        if (!m.has(r.attributeName)) m.set(r.attributeName, r.oldValue);
      } else if (!texts.has(r.target)) texts.set(r.target, r.oldValue);
    }
  };
  const mo = new MutationObserver(take);
  mo.observe(doc, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true});
  const seen = {dragstart: null, drop: null, dropFiles: 0, dropTypes: [], dropTarget: null};
  const onStart = (e) => { seen.dragstart = e; };
  const onDrop = (e) => {
    seen.drop = e;
    seen.dropTarget = e.target;
    try { seen.dropFiles = e.dataTransfer ? e.dataTransfer.files.length : 0; seen.dropTypes = e.dataTransfer ? Array.from(e.dataTransfer.types) : []; } catch (x) {}
  };
  w.addEventListener('dragstart', onStart, true);
  w.addEventListener('drop', onDrop, true);
  // The values of the document's fields, to tell a drag that set one (a
  // slider's input) from one that changed nothing.
  const valueOf = (f) => (f.type === 'checkbox' || f.type === 'radio' ? String(f.checked) : f.value);
  const values = new Map(Array.from(doc.querySelectorAll('input, select, textarea')).slice(0, 2000).map((f) => [f, valueOf(f)]));
  const box = el.getBoundingClientRect();
  // How far the element went from its place while the pointer moved
  // (read before the page answers each move, and the release): a page
  // that lets it follow the pointer and takes it back on release shows a
  // move it did not keep.
  let far = 0;
  const follow = () => {
    if (!el.isConnected) return;
    const b = el.getBoundingClientRect();
    far = Math.max(far, Math.hypot(b.left - box.left, b.top - box.top));
  };
  w.addEventListener('pointermove', follow, true);
  w.addEventListener('pointerup', follow, true);
  let stopped = false;
  globalThis.__agentbrowserDrag = {
    el: el, doc: doc, parent: el.parentNode,
    index: el.parentNode ? Array.prototype.indexOf.call(el.parentNode.children, el) : -1,
    of: el.parentNode ? el.parentNode.children.length : 0,
    left: box.left, top: box.top, tag: el.localName, text: (el.textContent || '').replace(/\s+/g, ' ').trim(),
    added: added, removed: removed, attrs: attrs, texts: texts, textParents: textParents, seen: seen,
    values: values, valueOf: valueOf,
    started: () => !!seen.dragstart && !seen.dragstart.defaultPrevented,
    far: () => far,
    stop: () => {
      if (stopped) return;
      stopped = true;
      take(mo.takeRecords());
      mo.disconnect();
      w.removeEventListener('dragstart', onStart, true);
      w.removeEventListener('drop', onDrop, true);
      w.removeEventListener('pointermove', follow, true);
      w.removeEventListener('pointerup', follow, true);
    },
  };
  return true;
}
