// locate.js is evaluated in agentbrowser's isolated world right after
// snapshot.js, as `(<this file>)(globalThis.__ab)`. It registers the
// "locate" plugin of the snapshot walk: a walk of the document (in the
// snapshot's interactive mode) that returns, instead of the snapshot's
// records, the records of the elements a locator matches, so that their
// roles, names and nth are the snapshot's own.
//
// Options: { name: "locate", kind, value, exact, name_value, name_exact,
// nth (null or a number), checked, disabled, expanded, selected, pressed
// ("", "true", "false" or "mixed"), level (0: any), limit, scopes (the
// steps of a chain before this one, outermost first, each with the same
// fields but limit) }.
//
// The records it returns, in document order: a marker text record before
// each match ("\x01m", or "\x01h" for a match the snapshot does not show),
// then the match's element record; the element records of out-of-process
// iframes (no marker), whose documents the Go side looks into; and a last
// text record "\x01c" + the number of matches in this document (the
// element records stop at limit). A CSS selector the browser rejects
// gives one text record "\x01x" + the browser's message instead.
(function (ab) {
  'use strict';
  // An older snapshot script (a fidelity comparison's) has no plugins.
  if (!ab || !ab.plugins) return;
  const L = ab.lib;

  // roots returns the document, the documents of its same-origin frames,
  // and every open or closed shadow root the world knows, below root.
  function roots(root, out) {
    out.push(root);
    for (const e of root.querySelectorAll('*')) {
      const sr = L.shadowOf(e);
      if (sr) roots(sr, out);
      if (e.localName === 'iframe' || e.localName === 'frame') {
        let d = null;
        try {
          d = e.contentDocument;
        } catch (err) {
          d = null;
        }
        if (d) roots(d, out);
      }
    }
    return out;
  }

  // cssMatches is every element sel matches in the document's roots.
  function cssMatches(sel) {
    const out = [];
    for (const r of roots(document, [])) {
      for (const e of r.querySelectorAll(sel)) out.push(e);
    }
    return out;
  }

  // textMatches finds the innermost elements whose visible text matches:
  // elements none of whose element children match on their own.
  function textMatches(q) {
    const needle = q.exact ? L.norm(q.value) : L.norm(q.value).toLowerCase();
    const test = q.exact ? (t) => t === needle : (t) => t.toLowerCase().includes(needle);
    const out = [];
    // text is e's visible text, white space collapsed, or null when an
    // element below it matched (so neither e nor its ancestors are the
    // innermost match).
    function text(e) {
      const tag = e.localName;
      if (L.SKIP.has(tag)) return '';
      let vis = true;
      if (!e.checkVisibility(L.CV)) {
        const st = getComputedStyle(e);
        if (st.display === 'none') return '';
        vis = st.visibility === 'visible';
      }
      if (tag === 'iframe' || tag === 'frame') {
        let d = null;
        try {
          d = e.contentDocument;
        } catch (err) {
          d = null;
        }
        if (d && d.body) text(d.body);
        return '';
      }
      let s = '';
      if (tag === 'input') {
        const t = e.type;
        if (vis && (t === 'button' || t === 'submit' || t === 'reset')) s = e.value;
      } else if (tag !== 'textarea' && tag !== 'select') {
        const sr = L.shadowOf(e);
        let kids = sr ? sr.childNodes : e.childNodes;
        if (!sr && tag === 'slot') {
          const a = e.assignedNodes();
          if (a.length) kids = a;
        }
        let below = false;
        for (const c of kids) {
          if (c.nodeType === 3) {
            if (vis) s += c.data;
          } else if (c.nodeType === 1) {
            const t = text(c);
            if (t === null) below = true;
            else if (!below && t) s += L.INLINE_TAGS.has(c.localName) ? t : ' ' + t + ' ';
          }
        }
        if (below) return null;
      }
      const n = L.unformat(L.norm(s));
      if (n && vis && test(n)) {
        out.push(e);
        return null;
      }
      return n;
    }
    const body = document.body || document.documentElement;
    if (body) text(body);
    return out;
  }

  // labelsOf lists the texts that label e: aria-labelledby's, aria-label,
  // and its label elements'.
  function labelsOf(e) {
    const out = [];
    const lby = e.getAttribute('aria-labelledby');
    if (lby) out.push(L.labelledBy(e, lby));
    const al = e.getAttribute('aria-label');
    if (al) out.push(L.nnorm(al));
    const ls = L.labelsName(e);
    if (ls) out.push(ls);
    return out;
  }

  // roleOf is the role of an element the walk did not visit, from its
  // markup alone (or what its ElementInternals say).
  function roleOf(e) {
    const r = L.ariaAttr(e, 'role');
    const er = r ? L.explicitRole(r) : null;
    return (er !== null ? er : L.implicitRole(e, e.localName)) || 'generic';
  }

  // stepOf prepares one step of a locator (the locator itself, or a
  // scope of a chain): what css=, testid= and text= match is found up
  // front; the other kinds are matched as the walk visits elements.
  function stepOf(q) {
    const st = {
      q,
      want: null,
      needle: q.exact ? L.norm(q.value) : L.norm(q.value).toLowerCase(),
      roleName: q.name_exact ? L.norm(q.name_value || '') : L.norm(q.name_value || '').toLowerCase(),
    };
    switch (q.kind) {
      case 'css': st.want = cssMatches(q.value); break;
      case 'testid': st.want = cssMatches('[data-testid="' + q.value.replace(/["\\]/g, '\\$&') + '"]'); break;
      case 'text': st.want = textMatches(q); break;
    }
    st.wanted = st.want ? new Set(st.want) : null;
    return st;
  }

  const same = (exact, want, got) => !!got && (exact ? L.norm(got) === want : got.toLowerCase().includes(want));

  // stateOk checks a role= step's state filters against the states the
  // snapshot shows (rec.attrs), and, for a state written false, that the
  // element has that state at all.
  function stateOk(q, e, tag, rec) {
    const a = rec.attrs || '';
    const has = (s) => a.indexOf(' [' + s + ']') >= 0;
    const tri = (want, name, explicitFalse) => {
      if (!want) return true;
      if (want === 'true') return has(name);
      if (want === 'mixed') return has(name + '=mixed');
      return !has(name) && !has(name + '=mixed') && explicitFalse();
    };
    const ariaFalse = (attr) => () => {
      const v = e.getAttribute(attr);
      return v !== null && v.toLowerCase() === 'false';
    };
    if (!tri(q.checked, 'checked', () => true)) return false;
    if (!tri(q.disabled, 'disabled', () => true)) return false;
    if (!tri(q.selected, 'selected', () => true)) return false;
    if (!tri(q.pressed, 'pressed', ariaFalse('aria-pressed'))) return false;
    if (!tri(q.expanded, 'expanded', () => (tag === 'summary' && e.parentElement && !e.parentElement.open) ||
        ariaFalse('aria-expanded')())) return false;
    if (q.level && !has('level=' + q.level)) return false;
    return true;
  }

  // hit reports whether the walk's element e matches step st.
  function hit(st, e, tag, rec) {
    const q = st.q;
    switch (q.kind) {
      case 'role':
        return !!rec && rec.role === q.value && (!st.roleName || same(q.name_exact, st.roleName, rec.name)) &&
          stateOk(q, e, tag, rec);
      case 'label': {
        if (!rec) return false;
        if (labelsOf(e).some((t) => same(q.exact, st.needle, t))) return true;
        // An editor's surface stands for its focus target (the line the
        // snapshot shows for both): the target's label names it too.
        const f = rec.role === 'textbox' ? L.editorOf(e) : null;
        return !!f && f !== e && labelsOf(f).some((t) => same(q.exact, st.needle, t));
      }
      case 'placeholder':
        return !!rec && same(q.exact, st.needle, L.placeholderOf(e, tag) || L.attr(e, 'aria-placeholder'));
      default:
        return st.wanted.has(e);
    }
  }

  const nthOk = (q, rec) => q.nth === null || q.nth === undefined || (rec && rec.nth === q.nth);

  // inside reports whether e is below an element of set: its ancestors
  // through shadow roots and same-origin frames.
  function inside(e, set) {
    let n = e;
    for (;;) {
      let p = n.parentNode;
      if (!p) return false;
      if (p.nodeType === 11 && p.host) p = p.host;
      else if (p.nodeType === 9) {
        const w = p.defaultView;
        p = w && w.frameElement;
        if (!p) return false;
      }
      if (p.nodeType === 1 && set.has(p)) return true;
      n = p;
    }
  }

  ab.plugins.locate = function (q) {
    const limit = q.limit > 0 ? q.limit : 50;
    let main = null;
    let scopes = [];
    let failed = '';
    try {
      main = stepOf(q);
      scopes = (q.scopes || []).map(stepOf);
    } catch (err) {
      failed = String(err && err.message || err).replace(/[\x00-\x1f\x7f]/g, ' ');
      main = { q, want: [], wanted: new Set(), needle: '', roleName: '' };
      scopes = [];
    }
    // scopeHits[i] holds the elements scope i matched as the walk
    // visited them (css=, testid= and text= scopes use their want).
    const scopeHits = scopes.map(() => []);

    // found holds the matches and the out-of-process iframes in the
    // order the walk entered them.
    const found = [];
    const seen = new Set();
    return {
      visit(e, tag, role, rec, vis, fr, seq) {
        for (let i = 0; i < scopes.length; i++) {
          if (!scopes[i].want && hit(scopes[i], e, tag, rec) && nthOk(scopes[i].q, rec)) scopeHits[i].push(e);
        }
        if (hit(main, e, tag, rec)) {
          seen.add(e);
          const r = rec || { k: 'E', d: 0, role: role || 'generic', name: '', id: 0, nth: 0, attrs: '', value: '', fr, oop: false, quiet: false };
          found.push({ e, rec: r, hidden: !vis, seq });
        } else if (rec && rec.oop && rec.id) {
          found.push({ rec, frame: true, seq });
        }
      },
      pick(recs, frames) {
        if (failed) return [{ k: 'T', d: 0, t: '\x01x' + failed }];
        found.sort((a, b) => a.seq - b.seq);
        if (main.wanted) {
          // What the walk never reached: hidden, outside the body, or
          // left out of the tree (aria-hidden); hidden is what layout
          // says, as for what the walk reached.
          for (const e of main.want) {
            if (seen.has(e)) continue;
            let fr = 0;
            const fe = e.ownerDocument !== document && e.ownerDocument.defaultView ? e.ownerDocument.defaultView.frameElement : null;
            if (fe) fr = Math.max(0, frames.indexOf(L.idOf(fe)));
            found.push({ e, rec: { k: 'E', d: 0, role: roleOf(e), name: '', id: 0, nth: 0, attrs: '', value: '', fr, oop: false, quiet: false }, hidden: !e.checkVisibility(L.CV) });
          }
        }
        // A chain: each scope's elements inside the one before's.
        let within = null;
        for (let i = 0; i < scopes.length; i++) {
          const els = scopes[i].want || scopeHits[i];
          const next = new Set();
          for (const e of els) if (!within || inside(e, within)) next.add(e);
          within = next;
        }
        const out = [];
        let n = 0;
        for (const f of found) {
          if (f.frame) {
            // A chain's scope in this document does not reach into
            // another process's document.
            if (!within) out.push(f.rec);
            continue;
          }
          if (!nthOk(q, f.rec)) continue;
          if (within && !inside(f.e, within)) continue;
          n++;
          if (n > limit) continue;
          if (!f.rec.id) f.rec.id = L.idOf(f.e);
          // A match is a ref, even an unnamed landmark's (which a
          // snapshot keeps as an anchor).
          f.rec.anchor = false;
          out.push({ k: 'T', d: 0, t: f.hidden ? '\x01h' : '\x01m' }, f.rec);
        }
        out.push({ k: 'T', d: 0, t: '\x01c' + n });
        return out;
      },
    };
  };
})
