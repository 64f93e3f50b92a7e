function (docs, el, field) {
  // watch notes, from the moment it is called until stop, what the page
  // changes in docs (the first is the one whose focus counts): its
  // elements, attributes and text, its selection, and which element has
  // focus; and, when el is given, el's value and checked state. A settle
  // waits for an animation frame only when the input changed something
  // (active), and the action's result says what changed (effect). field,
  // when given, is the element the input types into: a settle then also
  // waits, bounded, for the suggestions such a field announces
  // (suggested).
  const st = {mutations: 0, added: 0, selection: 0, inputs: 0, outside: 0};
  // inField: a mutation of field itself or of what it holds (its value
  // drawn in an editable host, an attribute such as
  // aria-activedescendant), not of the page around it.
  const inField = (n) => !!field && (n === field || field.contains(n));
  const wakers = [];
  const wake = () => { for (const f of wakers.splice(0)) f(); };
  const note = (rs) => {
    for (const r of rs) {
      st.mutations++;
      if (!inField(r.target)) st.outside++;
      if (r.type === 'childList') for (const n of r.addedNodes) if (n.nodeType === 1) st.added++;
    }
    if (rs.length) wake();
  };
  // The element that has focus, through shadow roots and the documents
  // of same-origin frames.
  const deep = (d) => {
    let a = d.activeElement;
    for (let i = 0; a && i < 32; i++) {
      if (a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement; continue; }
      if (a.localName === 'iframe' || a.localName === 'frame') {
        let cd = null;
        try { cd = a.contentDocument; } catch (e) { cd = null; }
        if (cd && cd.activeElement && (cd.activeElement !== cd.body || cd.designMode === 'on' || cd.body.isContentEditable)) { a = cd.activeElement; continue; }
      }
      break;
    }
    return a;
  };
  const valueOf = (e) => {
    if (!e || e.type === 'password') return null;
    if (e.localName === 'input' || e.localName === 'textarea' || e.localName === 'select') return e.value;
    if (e.editContext) return e.editContext.text;
    if (e.isContentEditable) return e.innerText;
    return null;
  };
  const checkedOf = (e) => {
    if (!e) return null;
    if (e.localName === 'input' && (e.type === 'checkbox' || e.type === 'radio')) return e.checked;
    // Read through the snapshot's record of ElementInternals, where a
    // custom element keeps its role and state.
    const ab = globalThis.__ab, aria = (x, a) => (ab && ab.aria ? ab.aria(x, a) : x.getAttribute(a));
    const r = (aria(e, 'role') || '').trim();
    if (/^(checkbox|switch|radio|menuitemcheckbox|menuitemradio)$/.test(r)) return aria(e, 'aria-checked') === 'true';
    if (e.hasAttribute('aria-pressed')) return e.getAttribute('aria-pressed') === 'true';
    return null;
  };
  // announces: f says it offers a list of suggestions as text is typed.
  // A <datalist> is left out: the browser draws its list, and the page
  // changes nothing a wait could see.
  const announces = (f) => {
    const ab = globalThis.__ab, aria = (x, a) => (ab && ab.aria ? ab.aria(x, a) : x.getAttribute(a));
    const role = (aria(f, 'role') || '').trim().toLowerCase().split(/\s+/)[0];
    const ac = (aria(f, 'aria-autocomplete') || '').trim().toLowerCase();
    return role === 'combobox' || ac === 'list' || ac === 'both' || (__LISTS__).call(f);
  };
  const mos = [];
  const offs = [];
  // The document's selection, as nodes and offsets: an input that moves
  // it (a key that selects all, text that moves the caret) moves it at
  // once, while the selectionchange event that pages follow it by comes
  // in a task of its own, which the browser may run after the next input
  // (input runs first): settle waits for that event when the selection
  // moved and it has not come yet.
  const selOf = (d) => {
    const s = d.getSelection ? d.getSelection() : null;
    return s ? [s.anchorNode, s.anchorOffset, s.focusNode, s.focusOffset, s.rangeCount] : null;
  };
  const sels = [];
  const observe = (d) => {
    const mo = new MutationObserver(note);
    mo.observe(d, {subtree: true, childList: true, attributes: true, characterData: true});
    mos.push(mo);
    const sel = {d: d, at: selOf(d), seen: false};
    sels.push(sel);
    const on = (e) => { if (e.target === d) { st.selection++; sel.seen = true; wake(); } };
    const inp = () => { st.inputs++; wake(); };
    d.addEventListener('selectionchange', on, true);
    d.addEventListener('input', inp, true);
    offs.push(() => { d.removeEventListener('selectionchange', on, true); d.removeEventListener('input', inp, true); });
  };
  for (const d of docs) observe(d);
  const focus0 = deep(docs[0]);
  // Keys go to the focused document: watch it too when it is a frame's.
  if (focus0 && !docs.includes(focus0.ownerDocument)) observe(focus0.ownerDocument);
  // Focus in a frame this world cannot look into (another origin): what
  // changes there is not seen.
  const blind = !!focus0 && (focus0.localName === 'iframe' || focus0.localName === 'frame');
  const value0 = valueOf(el), checked0 = checkedOf(el), fvalue0 = valueOf(focus0);
  const flush = () => { for (const mo of mos) note(mo.takeRecords()); };
  return {
    win: docs[0].defaultView,
    // seen: did the page take the input at all (an input event, or any
    // change active counts)?
    seen() { return st.inputs > 0 || this.active(); },
    // until(ms) resolves once seen holds, or after ms.
    until(ms) {
      return new Promise((r) => {
        if (this.seen()) { r(); return; }
        const t = setTimeout(r, ms);
        const check = () => { if (this.seen()) { clearTimeout(t); r(); } else wakers.push(check); };
        wakers.push(check);
      });
    },
    // pending: the selection of a watched document moved and its
    // selectionchange event has not been dispatched yet.
    pending() {
      return sels.some((x) => {
        if (x.seen || !x.at) return false;
        const now = selOf(x.d);
        return !!now && now.some((v, i) => v !== x.at[i]);
      });
    },
    // selected(ms) resolves once no selectionchange is pending, or after
    // ms.
    selected(ms) {
      return new Promise((r) => {
        if (!this.pending()) { r(); return; }
        const t = setTimeout(r, ms);
        const check = () => { if (!this.pending()) { clearTimeout(t); r(); } else wakers.push(check); };
        wakers.push(check);
      });
    },
    // settle(win, ms): until(ms), then the selectionchange a moved
    // selection fires (bounded), then the timers the input's handlers
    // queued (as settleScript), then an animation frame, where handlers
    // may leave their work (frame.js).
    settle(win, ms) {
      return this.until(ms).then(() => this.selected(100)).then(() => new Promise((r) => {
        setTimeout(() => setTimeout(async () => {
          await (__FRAME__)(this.win, this.active());
          r();
        }, 0), win);
      }));
    },
    // suggested(ms): when field announces a list of suggestions (role
    // combobox, aria-autocomplete list or both, a list it controls or
    // owns: lists.js) and the input has changed nothing in the page
    // outside field yet, waits up to ms for the page to change something
    // there (a list that filters after a pause in typing, or opens, or
    // empties), then for the page's next frame (frame.js): the result and
    // the next snapshot show the list as the page left it. A field whose
    // list changed with the input, or that announces none, does not wait.
    suggested(ms) {
      if (!ms || !this.suggests()) return Promise.resolve();
      return new Promise((r) => {
        const t = setTimeout(r, ms);
        const check = () => {
          if (st.outside === 0) { wakers.push(check); return; }
          clearTimeout(t);
          (__FRAME__)(this.win).then(r);
        };
        wakers.push(check);
      });
    },
    // suggests: field announces a list of suggestions and the input has
    // changed nothing outside it yet (suggested would wait).
    suggests() { flush(); return !!field && st.outside === 0 && announces(field); },
    active() { flush(); return blind || st.mutations > 0 || st.selection > 0 || deep(docs[0]) !== focus0; },
    stop() { flush(); for (const mo of mos) mo.disconnect(); for (const f of offs) f(); offs.length = 0; },
    // effect: changed (anything at all), added (elements), focus (the
    // element that took focus, when it moved), value and checked (el's,
    // or the focused field's value, when they changed).
    effect() {
      flush();
      const f = deep(docs[0]);
      const out = {changed: st.mutations > 0 || st.selection > 0 || f !== focus0, added: st.added, blind: blind};
      if (f !== focus0 && f && f !== f.ownerDocument.body) out.focus = f;
      const v = valueOf(el);
      if (v !== value0 && v !== null) out.value = v;
      else if (f === focus0) { const fv = valueOf(f); if (fv !== fvalue0 && fv !== null) out.value = fv; }
      const c = checkedOf(el);
      if (c !== checked0 && c !== null) out.checked = c;
      if (out.value !== undefined || out.checked !== undefined) out.changed = true;
      return out;
    },
  };
}
