function (name, exact) {
  // option-find answers the option named name that this combobox or
  // listbox offers, as a user finds it in the list it shows: among the
  // elements it controls or owns (aria-controls, aria-owns), its own
  // descendants, then the options shown anywhere in its document (a popup
  // drawn at the end of the body). The name matches the option's label
  // or text exactly, then ignoring case, then (unless exact) as the one
  // option whose name contains it. Answers {options: [names shown]} when
  // none matches.
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const d = this.ownerDocument;
  // Roles come from the role attribute, or from the ElementInternals of a
  // custom element (the snapshot's record of them).
  const ab = globalThis.__ab, aria = (x, a) => (ab && ab.aria ? ab.aria(x, a) : x.getAttribute(a));
  // An id names an element of the combobox's own tree (its shadow root).
  const root = this.getRootNode();
  const scopes = [];
  for (const a of ['aria-controls', 'aria-owns']) {
    for (const id of (this.getAttribute(a) || '').split(/\s+/)) {
      const el = id && ((root.getElementById && root.getElementById(id)) || d.getElementById(id));
      if (el) scopes.push(el);
    }
  }
  scopes.push(this, d);
  const OPT = '[role=option],[role=menuitem],[role=menuitemradio],[role=treeitem]';
  const ROLES = new Set(['option', 'menuitem', 'menuitemradio', 'treeitem']);
  // optionsIn lists the options under s as they are shown: through the
  // shadow roots and into what the slots there show (a list in a
  // component's shadow root holding the host's options).
  const optionsIn = (s) => {
    const out = [];
    const visit = (n) => {
      if (out.length >= 2000) return;
      const kids = n.localName === 'slot' ? n.assignedElements({ flatten: true }) : [];
      const list = kids.length ? kids : Array.from((n.shadowRoot || n).children);
      for (const c of list) {
        if (ROLES.has((aria(c, 'role') || '').trim().split(/\s+/)[0])) out.push(c);
        visit(c);
      }
    };
    visit(s.nodeType === 9 ? s.documentElement : s);
    return out;
  };
  // flatText is the text the flat tree shows in n: an option in a
  // shadow root shows its host's words through a slot.
  const flatText = (n) => {
    if (n.nodeType === 3) return n.data;
    if (n.nodeType !== 1) return '';
    // A slot lays out as display: contents, which checkVisibility calls
    // invisible.
    if (n.checkVisibility && !n.checkVisibility() && getComputedStyle(n).display !== 'contents') return '';
    const slotted = n.localName === 'slot' ? n.assignedNodes({ flatten: true }) : [];
    const list = slotted.length ? slotted : Array.from((n.shadowRoot || n).childNodes);
    let t = '';
    for (const c of list) t += ' ' + flatText(c);
    return t;
  };
  // drawn answers what the page draws for an option named exactly name
  // that has no box of its own (a list kept for assistive technology
  // beside the one drawn for the eye): the outermost element shown inside
  // the option's nearest ancestor with a box whose text is that name, or
  // null. A click there is the user's pick. Both the options and what is
  // drawn are looked for in the flat tree: through open shadow roots and
  // into what their slots show (a component that draws its list in its
  // shadow root, for options its host holds or its own).
  const up = (n) => n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const kidsOf = (e) => {
    const slotted = e.localName === 'slot' ? e.assignedElements({ flatten: true }) : [];
    return slotted.length ? slotted : Array.from((e.shadowRoot || e).children);
  };
  const drawn = () => {
    const want = norm(name).toLowerCase();
    const says = (e) => norm(e.innerText).toLowerCase() === want || norm(flatText(e)).toLowerCase() === want;
    for (const s of scopes) {
      for (const o of new Set([...s.querySelectorAll(OPT), ...optionsIn(s)])) {
        if (shown(o) || norm(o.getAttribute('aria-label') || o.textContent || flatText(o)).toLowerCase() !== want) continue;
        let box = up(o);
        while (box && !shown(box)) box = up(box);
        if (!box || box === d.body || box === d.documentElement) continue;
        const walk = (e) => {
          if (e === o) return null;
          // A slot (display: contents) has no box of its own: what it
          // shows does.
          const through = getComputedStyle(e).display === 'contents';
          if (!through && !shown(e)) return null;
          if (!through && says(e) && !e.querySelector(OPT) && !optionsIn(e).length) return e;
          for (const c of kidsOf(e)) { const f = walk(c); if (f) return f; }
          return null;
        };
        for (const c of kidsOf(box)) { const f = walk(c); if (f) return f; }
      }
    }
    return null;
  };
  for (const s of scopes) {
    // The options in the light DOM by their role attribute first (quick),
    // else those the flat tree shows.
    let opts = Array.from(s.querySelectorAll(OPT)).filter(shown);
    if (!opts.length) opts = optionsIn(s).filter(shown);
    if (!opts.length) continue;
    const nameOf = (o) => norm(o.getAttribute('aria-label')) || norm(o.innerText) || norm(o.textContent) || norm(flatText(o));
    const want = norm(name), low = want.toLowerCase();
    const hit = opts.find((o) => nameOf(o) === want) || opts.find((o) => nameOf(o).toLowerCase() === low);
    if (hit) return hit;
    const shownFor = drawn();
    if (shownFor) return shownFor;
    if (exact) return {options: opts.slice(0, 30).map(nameOf)};
    const part = opts.filter((o) => nameOf(o).toLowerCase().includes(low));
    if (part.length === 1) return part[0];
    return {options: opts.slice(0, 30).map(nameOf)};
  }
  return drawn() || {options: []};
}
