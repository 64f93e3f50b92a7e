// snapshot.js is evaluated in agentbrowser's isolated world as
// `(<this file>)(token)`. It installs globalThis.__ab, which walks the
// composed tree of the world's document (open shadow roots, slotted content
// in place, same-origin and same-process iframes) in one pass and returns
// the snapshot's records as a single string, and which maps the world-local
// ids it hands out back to elements.
//
// Page scripts cannot see this world: its globals and its DOM wrappers are
// its own, so a page that patches prototypes cannot disturb the walk.
//
// Output of snap(): one string of fields separated by DEL (\x7f), which
// JSON carries unescaped and which no field holds. Records, by their
// first field:
//   H  url  title  scopeFound(0|1)  elements
//   E  depth  role  name  id
//   X  depth  role  name  id  nth  attrs  value  frame  flags
// flags: 1 an out-of-process iframe, 2 a name the line leaves out (it
// only repeats the content that follows), 4 an unnamed landmark whose id
// is an anchor, not a ref.
//   T  depth  text
//   F  frame  iframeId
// Names, texts and values are whitespace-normalised.
//
// secret names the events through which the listener record of the
// page's main world (js/listeners.js) hands over the elements page script
// gave input listeners; empty when there is none.
(function (token, secret) {
  'use strict';

  // ids maps an element to its world-local id; byId maps the id back
  // through a WeakRef, so removed elements can be collected. Ids are never
  // reused, so an id never names a different element.
  const ids = new WeakMap();
  const byId = new Map();
  let nextId = 1;
  // clickProps holds elements the Go side found, just before a walk, to
  // have an onclick property set by page script (invisible from this
  // world). The walk clears it.
  let clickProps = new WeakSet();
  // listened holds the elements the listener record handed over: page
  // script gave them listeners for a user's input. QUERY, ANSWER and
  // REVOKE are the record's event types (see js/listeners.js); hooked holds the
  // windows and shadow roots our answer listener is on, missed the
  // documents whose last query left elements it could not hand over (in
  // shadow roots not listened on yet).
  const listened = new WeakSet();
  const QUERY = secret ? 'ab' + secret + 'q' : '', ANSWER = 'ab' + secret + 'a', REVOKE = 'ab' + secret + 'r';
  const hooked = new WeakSet();
  const missed = new WeakSet();
  // internal maps a custom element to the role and ARIA states it gives
  // itself through ElementInternals, which no attribute shows, as the
  // record handed them over: an object from attribute name (role,
  // aria-checked...) to value. An attribute the page sets wins over it.
  const internal = new WeakMap();
  // hostNamed holds the hosts whose labels named a control in this walk
  // (see hostLabel).
  let hostNamed = new WeakSet();
  const INTERNALS = 'ab' + secret + 'i', FRESH = 'ab' + secret + 'f', FRAME = 'ab' + secret + 'n';
  // framePending tells whether w's page has asked for an animation frame
  // it has not had yet (the record in its main world answers, see
  // listeners.js); true when no record can say.
  function framePending(w) {
    if (!QUERY) return true;
    try {
      return !w.dispatchEvent(new Event(FRAME, { cancelable: true }));
    } catch (err) {
      return true;
    }
  }
  // heard tells whether page script gave e listeners for a user's input
  // (the record's word, asked for now).
  function heard(e) {
    if (QUERY) pull(e.ownerDocument);
    return listened.has(e);
  }
  // timers resolves once the timers that the handlers of an input queued
  // in w's page (up to a second long: the record notes them, see
  // listeners.js) have run or been cleared, or after max ms; null when
  // none is waiting.
  const TIMERS = 'ab' + secret + 't', FIRED = 'ab' + secret + 'T';
  function timers(w, max) {
    const waiting = () => {
      try {
        return !w.dispatchEvent(new Event(TIMERS, { cancelable: true }));
      } catch (err) {
        return false;
      }
    };
    if (!QUERY || !waiting()) return null;
    return new Promise((r) => {
      const end = () => { clearTimeout(t); w.removeEventListener(FIRED, on, true); r(true); };
      const on = () => { if (!waiting()) end(); };
      const t = setTimeout(end, max);
      w.addEventListener(FIRED, on, true);
    });
  }
  // pulled holds the documents this world has asked at.
  const pulled = new WeakSet();
  // Every world listening takes it (no stopImmediatePropagation): one
  // that starts later asks for all of them again (FRESH).
  function onInternals(ev) {
    const t = ev.target;
    if (!t || t.nodeType !== 1 || typeof ev.detail !== 'string') return;
    const a = Object.create(null);
    for (const line of ev.detail.split('\n')) {
      const i = line.indexOf('=');
      if (i > 0) a[line.slice(0, i)] = line.slice(i + 1);
    }
    internal.set(t, a);
    ev.preventDefault();
  }
  // ariaAttr is e's attribute a, else the value its internals give a;
  // null when neither does.
  function ariaAttr(e, a) {
    const v = e.getAttribute(a);
    if (v !== null) return v;
    const ia = internal.get(e);
    return ia && a in ia ? ia[a] : null;
  }
  function onAnswer(ev) {
    ev.stopImmediatePropagation();
    const t = ev.target;
    if (t && t.nodeType === 1) {
      listened.add(t);
      ev.preventDefault();
    }
  }
  function onRevoke(ev) {
    ev.stopImmediatePropagation();
    const t = ev.target;
    if (t && t.nodeType === 1) {
      listened.delete(t);
      ev.preventDefault();
    }
  }
  function hook(t) {
    if (hooked.has(t)) return false;
    hooked.add(t);
    t.addEventListener(ANSWER, onAnswer, true);
    t.addEventListener(REVOKE, onRevoke, true);
    t.addEventListener(INTERNALS, onInternals, true);
    return true;
  }
  // pull asks doc's listener record for the elements it noted since.
  function pull(doc) {
    const win = QUERY && doc.defaultView;
    if (!win) return;
    hook(win);
    // This world's first query at doc: the record tells every element's
    // internals again, not only what changed since another world asked.
    if (!pulled.has(doc)) {
      pulled.add(doc);
      doc.dispatchEvent(new Event(FRESH));
    }
    if (doc.dispatchEvent(new Event(QUERY, { cancelable: true }))) missed.delete(doc);
    else missed.add(doc);
  }
  // ariaNow is ariaAttr with the internals of e's document asked for
  // first: what an action reads back right after its input.
  function ariaNow(e, a) {
    if (QUERY && e.getAttribute(a) === null && internal.has(e)) pull(e.ownerDocument);
    return ariaAttr(e, a);
  }
  // hookRoot listens on a shadow root the walk enters, and asks again for
  // what the last query could not hand over, which may be in it.
  function hookRoot(root) {
    if (!QUERY || !hook(root)) return;
    const doc = root.ownerDocument;
    if (missed.has(doc)) pull(doc);
  }
  // sweepAt is the size of byId at which entries of collected elements
  // are next swept out, so churning pages do not grow it without bound.
  let sweepAt = 10000;

  function idOf(e) {
    let id = ids.get(e);
    if (id === undefined) {
      id = nextId++;
      ids.set(e, id);
      byId.set(id, new WeakRef(e));
    }
    return id;
  }

  function sweep() {
    if (byId.size < sweepAt) return;
    for (const [id, r] of byId) if (!r.deref()) byId.delete(id);
    sweepAt = Math.max(10000, byId.size * 2);
  }

  // live reports whether e is still part of a live document.
  function live(e) {
    return !!e && e.isConnected && !!e.ownerDocument && !!e.ownerDocument.defaultView;
  }

  function el(id) {
    const r = byId.get(id);
    const e = r && r.deref();
    return live(e) ? e : null;
  }

  const SKIP = new Set(['script', 'style', 'template', 'head', 'meta', 'link', 'noscript',
    'title', 'base', 'param', 'source', 'track', 'datalist', 'area', 'map']);
  // LEAF elements are not descended into: their content is their value or
  // replaced content.
  const LEAF = new Set(['input', 'textarea', 'img', 'svg', 'canvas', 'video', 'audio',
    'object', 'embed', 'br', 'hr', 'meter', 'progress', 'math', 'iframe', 'frame']);

  const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio',
    'combobox', 'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'slider',
    'spinbutton', 'switch', 'tab', 'treeitem']);
  // CONTENT roles get a ref when they have a name.
  const CONTENT = new Set(['heading', 'cell', 'gridcell', 'columnheader', 'rowheader',
    'listitem', 'article', 'region', 'main', 'navigation', 'img', 'figure', 'dialog',
    'alertdialog', 'form', 'search', 'banner', 'complementary', 'contentinfo', 'tabpanel',
    'table', 'grid', 'treegrid', 'tree', 'list', 'menu', 'menubar', 'tablist', 'toolbar',
    'group', 'radiogroup', 'alert', 'status', 'progressbar', 'meter', 'tooltip', 'note',
    'math', 'log', 'timer', 'marquee', 'feed', 'application', 'document', 'row']);
  // FROM_CONTENT roles take their name from their content (accname 2F).
  const FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell',
    'heading', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio',
    'rowheader', 'switch', 'tab', 'tooltip', 'treeitem']);
  // STRUCTURAL roles are dropped, their children hoisted, unless named or
  // ref'd.
  // LANDMARKS are the roles a site repeats from page to page; an unnamed
  // one carries its element id as an anchor (flag 4), not a ref.
  const LANDMARKS = new Set(['banner', 'navigation', 'contentinfo', 'complementary', 'search']);
  // LIVE are the roles of live regions, where a page announces changes.
  const LIVE = new Set(['status', 'log', 'alert', 'timer', 'marquee']);
  const STRUCTURAL = new Set(['', 'generic', 'none', 'presentation', 'rowgroup']);
  const ARIA_ROLES = new Set(['alert', 'alertdialog', 'application', 'article', 'banner',
    'blockquote', 'button', 'caption', 'cell', 'checkbox', 'code', 'columnheader', 'combobox',
    'complementary', 'contentinfo', 'definition', 'deletion', 'dialog', 'directory',
    'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell', 'group',
    'heading', 'img', 'image', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main',
    'mark', 'marquee', 'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'meter', 'navigation', 'none', 'note', 'option', 'paragraph',
    'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup',
    'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton',
    'status', 'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist',
    'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid',
    'treeitem']);
  // Inline text-level roles are shown as plain text.
  const INLINE_ROLES = new Set(['emphasis', 'strong', 'code', 'deletion', 'insertion',
    'subscript', 'superscript', 'mark', 'time']);
  // INLINE_TAGS lay out inline by default; their text joins its
  // neighbours' without a space (a cheap stand-in for computed display).
  const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'button', 'cite', 'code', 'data',
    'dfn', 'em', 'font', 'i', 'img', 'input', 'kbd', 'label', 'mark', 'q', 's', 'samp', 'select',
    'small', 'span', 'strong', 'sub', 'sup', 'textarea', 'time', 'u', 'var', 'wbr', 'slot', 'svg',
    'del', 'ins', 'output', 'meter', 'progress', 'picture', 'canvas', 'video', 'audio', 'tt', 'big',
    'strike', 'nobr', 'acronym', 'ruby', 'rt', 'rp', 'tspan']);
  const LANDMARK_SCOPE = new Set(['article', 'aside', 'main', 'nav', 'section']);

  const WS = /[\s\x7f]+/g;
  // NEEDS_WS finds what trim leaves for WS to fix: a run of whitespace,
  // a whitespace character other than space, or DEL.
  const NEEDS_WS = /\s\s|[^\S ]|\x7f/;
  function norm(s) {
    if (!s) return '';
    const t = s.trim();
    return NEEDS_WS.test(t) ? t.replace(WS, ' ').trim() : t;
  }
  // nnorm normalises a name as Chrome does: runs of ASCII whitespace
  // collapse to one space and are trimmed; a no-break space stays.
  const NWS = /[ \t\n\r\f\x7f]+/g;
  const NNEEDS = /[\t\n\r\f\x7f]|  |^ | $/;
  function nnorm(s) {
    if (!s) return '';
    if (!NNEEDS.test(s)) return s;
    const t = s.replace(NWS, ' ');
    const a = t.charCodeAt(0) === 32 ? 1 : 0;
    const b = t.charCodeAt(t.length - 1) === 32 ? t.length - 1 : t.length;
    return a || b < t.length ? t.slice(a, Math.max(a, b)) : t;
  }
  // FORMAT finds invisible format characters: zero-width space and
  // non-joiner, word joiner, byte order mark, soft hyphen, and a
  // zero-width joiner that joins no emoji. The page shows none of them,
  // so names and text leave them out, for an agent to match what it
  // reads with what a user sees.
  const FORMAT = /[\u200b\u200c\u2060\ufeff\u00ad]|\u200d(?!\p{Extended_Pictographic})/u;
  const FORMAT_ALL = /[\u200b\u200c\u2060\ufeff\u00ad]|\u200d(?!\p{Extended_Pictographic})/gu;
  function unformat(s) {
    if (s && s.indexOf(KEEP) >= 0) s = keepEdge(s);
    return s && FORMAT.test(s) ? s.replace(FORMAT_ALL, '') : s;
  }
  // KEEP marks, in a name from content, white space the page lays out
  // after an aria-hidden element's text (mdBook's `<strong
  // aria-hidden="true">1.</strong> Getting Started`): Chrome's name keeps
  // it as a leading space, and so does the snapshot's. keepEdge turns the
  // mark into that space at the start of a name, into a plain space
  // elsewhere.
  const KEEP = '\ufdd0';
  const KEEP_RUN = / ?\ufdd0+ ?/g;
  function keepEdge(s) {
    const lead = s.charCodeAt(0) === 0xfdd0;
    let t = s.replace(KEEP_RUN, ' ');
    let a = 0, b = t.length;
    while (a < b && t.charCodeAt(a) === 32) a++;
    while (b > a && t.charCodeAt(b - 1) === 32) b--;
    t = t.slice(a, b);
    return lead && t ? ' ' + t : t;
  }
  // hiddenEdge tells whether c is an aria-hidden element laid out inline
  // whose text ends in a character other than white space, so that white
  // space right after it is kept on the page.
  function hiddenEdge(c) {
    if (c.nodeType !== 1) return false;
    const h = c.getAttribute('aria-hidden');
    if (!h || h.trim().toLowerCase() !== 'true') return false;
    const t = c.textContent;
    return !!t && HAS_TEXT.test(t) && !WS_END.test(t) && c.checkVisibility(CV) && !blockish(c, c.localName);
  }
  // NAME_MAX is the longest name kept in full; longer ones are cut and
  // marked with an ellipsis.
  const NAME_MAX = 4000;
  // HAS_TEXT finds a character that is not ASCII whitespace.
  const HAS_TEXT = /[^ \t\n\r\f]/;
  function cap(s, n) {
    return s.length > n ? s.slice(0, n - 1) + '\u2026' : s;
  }
  function attr(e, a) {
    const v = e.getAttribute(a);
    return v ? norm(v) : '';
  }

  // blockish reports whether e is laid out other than inline (block,
  // inline-block, a flex or grid item, absolutely positioned...): Chrome
  // puts spaces around such an element's text in a name from content.
  function blockish(e, tag) {
    const d = getComputedStyle(e).display;
    if (d === 'inline' || d === 'contents') return false;
    if (d === 'none') return INLINE_TAGS.has(tag) ? false : true;
    return true;
  }

  // cssString reads the quoted strings of a computed content value, and
  // attr() references, skipping counters, quotes and images. After a "/"
  // only the alternative text counts.
  function contentText(e, v) {
    let out = '', i = 0, alt = false, altOut = '';
    while (i < v.length) {
      const ch = v[i];
      if (ch === '"' || ch === "'") {
        let j = i + 1, str = '';
        while (j < v.length && v[j] !== ch) {
          if (v[j] === '\\' && j + 1 < v.length) {
            const m = /^[0-9a-fA-F]{1,6} ?/.exec(v.slice(j + 1, j + 8));
            if (m) {
              const cp = parseInt(m[0], 16);
              str += cp === 0 || cp > 0x10ffff ? '\ufffd' : String.fromCodePoint(cp);
              j += 1 + m[0].length;
              continue;
            }
            str += v[j + 1];
            j += 2;
            continue;
          }
          str += v[j++];
        }
        if (alt) altOut += str; else out += str;
        i = j + 1;
        continue;
      }
      if (ch === '/') {
        alt = true;
        i++;
        continue;
      }
      if (v.startsWith('attr(', i)) {
        const j = v.indexOf(')', i);
        const a = v.slice(i + 5, j < 0 ? v.length : j).trim();
        const val = e.getAttribute(a) || '';
        if (alt) altOut += val; else out += val;
        i = j < 0 ? v.length : j + 1;
        continue;
      }
      if (v.startsWith('url(', i)) {
        // An image without alternative text names nothing.
        let depth = 0, j = i;
        for (; j < v.length; j++) {
          if (v[j] === '(') depth++;
          else if (v[j] === ')' && --depth === 0) break;
          else if (v[j] === '"' || v[j] === "'") {
            const q = v[j];
            for (j++; j < v.length && v[j] !== q; j++) if (v[j] === '\\') j++;
          }
        }
        i = j + 1;
        continue;
      }
      i++;
    }
    return alt ? altOut : out;
  }

  // pseudoRules finds the selectors of the style rules of doc that give
  // ::before (sels[0]) or ::after (sels[1]) content. A rule with nested
  // rules that mention either counts for both. Style sheets that script
  // cannot read (another origin's) are left out: their generated content
  // is not in names.
  const PSEUDO = /::?(before|after)\b/i;
  const PSEUDO_ALL = /::?(before|after)\b/gi;
  function pseudoRules(rules, sels) {
    for (const r of rules) {
      const st = r.selectorText;
      if (st !== undefined) {
        if (r.cssRules && r.cssRules.length && mentionsPseudo(r.cssRules)) {
          const base = st.replace(PSEUDO_ALL, '').split(',').map((x) => x.trim() || '*').join(',');
          sels[0].push(base);
          sels[1].push(base);
          continue;
        }
        if (!PSEUDO.test(st)) continue;
        const c = r.style.getPropertyValue('content');
        if (!c || c === 'none' || c === 'normal' || c === '""' || c === "''") continue;
        const base = st.replace(PSEUDO_ALL, '').split(',').map((x) => x.trim() || '*').join(',');
        if (/::?before\b/i.test(st)) sels[0].push(base);
        if (/::?after\b/i.test(st)) sels[1].push(base);
      } else if (r.cssRules) {
        if (!pseudoRules(r.cssRules, sels)) return false;
      } else if (r.styleSheet) {
        let rules = null;
        try {
          rules = r.styleSheet.cssRules;
        } catch (err) {
          rules = null;
        }
        if (rules && !pseudoRules(rules, sels)) return false;
      }
    }
    return true;
  }
  function mentionsPseudo(rules) {
    for (const r of rules) {
      if (r.selectorText !== undefined && PSEUDO.test(r.selectorText)) return true;
      if (r.cssRules && r.cssRules.length && mentionsPseudo(r.cssRules)) return true;
    }
    return false;
  }
  // sheetCache keeps, per document, the pseudo-content selectors and
  // the sheets (with their rule counts) they were read from, so that an
  // unchanged document's sheets are read once.
  const sheetCache = new WeakMap();
  function pseudoSelectors(doc) {
    const sheets = [];
    const add = (sh) => {
      try {
        sheets.push(sh, sh.cssRules.length);
      } catch (err) {
        // Another origin's sheet: left out.
      }
    };
    for (const sh of doc.styleSheets) add(sh);
    for (const sh of doc.adoptedStyleSheets || []) add(sh);
    const c = sheetCache.get(doc);
    if (c && c.sheets.length === sheets.length && c.sheets.every((x, i) => x === sheets[i])) return c.sels;
    let sels = [[], []];
    try {
      for (let i = 0; i < sheets.length; i += 2) {
        if (!pseudoRules(sheets[i].cssRules, sels)) {
          sels = null;
          break;
        }
      }
    } catch (err) {
      sels = null;
    }
    if (sels) sels = sels.map((l) => l.join(','));
    sheetCache.set(doc, { sheets, sels });
    return sels;
  }
  // pseudoHosts maps the elements of doc that may have generated content
  // to 1 (::before), 2 (::after) or 3, or is null when unknown. Elements
  // in shadow trees are always asked: their sheets are their own.
  function pseudoHosts(doc) {
    const sels = pseudoSelectors(doc);
    if (!sels) return null;
    const m = new Map();
    try {
      for (let k = 0; k < 2; k++) {
        if (sels[k]) for (const e of doc.querySelectorAll(sels[k])) m.set(e, (m.get(e) || 0) | (k + 1));
      }
    } catch (err) {
      return null;
    }
    return m;
  }
  // shadowDepth counts the shadow roots the main walk is in; textOf,
  // which walks on its own, asks with outside set.
  let shadowDepth = 0;
  // pseudoDocs caches pseudoHosts per document for one walk.
  let pseudoDocs = null;
  function mayHavePseudo(e, bit, outside) {
    const doc = e.ownerDocument;
    if (!pseudoDocs) pseudoDocs = new Map();
    let m = pseudoDocs.get(doc);
    if (m === undefined) {
      m = pseudoHosts(doc);
      pseudoDocs.set(doc, m);
    }
    if (m === null) return true;
    const f = m.get(e);
    if (f !== undefined) return (f & bit) !== 0;
    return outside ? e.getRootNode() !== doc : shadowDepth > 0;
  }

  // pseudoText is what e's ::before or ::after adds to a name.
  function pseudoText(e, which, outside) {
    if (!mayHavePseudo(e, which === '::before' ? 1 : 2, outside)) return '';
    const st = getComputedStyle(e, which);
    const v = st.content;
    if (!v || v === 'none' || v === 'normal' || st.display === 'none') return '';
    const t = contentText(e, v);
    if (!t) return '';
    const d = st.display;
    return d === 'inline' ? t : ' ' + t + ' ';
  }

  // Per-snapshot state.
  let recs, frames, labelsOf, labelHasCtl, runs, scopeEl, scopeStart, scopeEnd, stop;
  let walked = 0;
  // plugin is the mode a walk runs in for another purpose than a
  // snapshot (locate.js, read.js register them in plugins): it sees every
  // element the walk visits, with the role and record the walk gave it,
  // and picks the records the walk returns.
  const plugins = {};
  let plugin = null;
  // textSeen counts the visible text nodes walked, so that an element can
  // tell whether it shows text of its own or only icons.
  let textSeen = 0;
  let landmarkDepth = 0, gridDepth = 0;
  // activeBox is set while the walk is inside a list, grid, tree, table
  // or listbox whose items an agent can act on (see BOXES); editDepth
  // counts the editors the walk is in, whose insides are their text, not
  // things to act on of their own; refsMade counts the refs the walk
  // gave, so that an element can tell whether any went to its content,
  // actsMade those of them that went to anything but a heading (a
  // title only reads: a card dragged by its body holds one), and
  // drawnMade those that went to what a surface draws (a node placed on
  // it, a shape of a drawing).
  let activeBox = false, editDepth = 0, refsMade = 0, actsMade = 0, drawnMade = 0;
  // ctlDepth counts the controls (interactive roles) the walk is in:
  // input on what they hold is theirs.
  let ctlDepth = 0;
  // armed is set inside a surface that handles input for what it holds
  // (see arms in walkEl): what is placed on it (absolutely positioned) is
  // something to act on, and so are the items of its lists and tables.
  let armed = false;
  // faded is set inside an element that is transparent (opacity 0) and
  // takes no pointer input, as a closed popover kept in the page is: what
  // it holds is hidden unless a user still reaches it (see reachable).
  let faded = false;
  // surfaces maps the visible surface of an editor whose focus target
  // has no box to show (a 0-px element taking text through EditContext,
  // a transparent or clipped textarea a code editor keeps focused) to
  // that target; targets holds those targets. The surface is the
  // editor's one textbox line (see scanEditors).
  let surfaces = null, targets = null;

  // indexLabels maps the controls of root to their labels. A label whose
  // control has a line of its own, which the label names, shows no text
  // of its own (labelHasCtl); one whose control is hidden (a native select
  // a custom widget replaced, display none or aria-hidden) shows its
  // text, the only place the field's name is left.
  function indexLabels(root) {
    for (const l of root.querySelectorAll('label')) {
      const c = l.control;
      if (!c) continue;
      if (c.checkVisibility(CV) && !c.closest('[aria-hidden="true" i]')) labelHasCtl.add(l);
      const a = labelsOf.get(c);
      if (a) a.push(l); else labelsOf.set(c, [l]);
    }
  }

  // closedRoots maps hosts to the closed shadow roots the Go side handed
  // over (through CDP, which sees them); shadowOf is a host's open or
  // closed root.
  let closedRoots = new WeakMap();
  function shadowOf(e) {
    return e.shadowRoot || closedRoots.get(e) || null;
  }
  // hostChecked maps custom elements already asked about (through CDP)
  // to whether they were defined then: an element is asked again only
  // once it is upgraded. hostCands are this walk's elements to ask about.
  const hostChecked = new WeakMap();
  let hostCands = [];
  function noteHost(e, tag) {
    if (tag.indexOf('-') < 0) return;
    const d = hostChecked.get(e);
    if (d === true || (d === false && !e.matches(':defined'))) return;
    hostCands.push(e);
  }
  // SHADOW_TAGS are the built-in elements that can host a shadow root.
  const SHADOW_TAGS = new Set(['article', 'aside', 'blockquote', 'div', 'footer', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);
  // MAX_BUILTIN bounds the built-in elements one walk asks about; the
  // rest are asked about by the walks after it.
  const MAX_BUILTIN = 100;
  let builtinCands = 0;
  // noteBuiltin asks about a built-in element that may hold a closed
  // shadow root, which script cannot see: one with a box whose children
  // show nothing (a shadow root shows its own content, and its host's
  // children only where it slots them; a declarative one leaves the host
  // no children at all). A box drawn by a background (an icon, a
  // picture) is not one.
  function noteBuiltin(e) {
    if (builtinCands >= MAX_BUILTIN || hostChecked.has(e)) return;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(e).backgroundImage !== 'none') return;
    builtinCands++;
    hostCands.push(e);
  }
  // cands hands the Go side the elements to ask about, once.
  function cands() {
    const out = hostCands;
    hostCands = [];
    for (const e of out) hostChecked.set(e, e.matches(':defined'));
    return out;
  }
  // addRoot registers a closed shadow root the Go side resolved into
  // this world.
  function addRoot(root) {
    if (root && root.host) closedRoots.set(root.host, root);
    return !!root;
  }

  function explicitRole(r) {
    for (const t of r.trim().toLowerCase().split(WS)) {
      if (ARIA_ROLES.has(t)) return t === 'image' ? 'img' : t;
    }
    return null;
  }

  function inputRole(e) {
    switch (e.type) {
      case 'button': case 'image': case 'reset': case 'submit': case 'file': case 'color':
        return 'button';
      case 'checkbox': return e.hasAttribute('switch') ? 'switch' : 'checkbox';
      case 'radio': return 'radio';
      case 'range': return 'slider';
      case 'number': return 'spinbutton';
      case 'hidden': return '';
      case 'search': return e.hasAttribute('list') ? 'combobox' : 'searchbox';
      default: return e.hasAttribute('list') ? 'combobox' : 'textbox';
    }
  }

  function thRole(e) {
    const s = (e.getAttribute('scope') || '').toLowerCase();
    if (s === 'row' || s === 'rowgroup') return 'rowheader';
    if (s === 'col' || s === 'colgroup') return 'columnheader';
    const row = e.parentElement;
    if (row && row.parentElement && row.parentElement.localName === 'thead') return 'columnheader';
    if (row) {
      for (let c = row.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'td') return 'rowheader';
      }
    }
    return 'columnheader';
  }

  function implicitRole(e, tag) {
    switch (tag) {
      case 'a': return e.hasAttribute('href') ? 'link' : '';
      case 'article': return 'article';
      case 'aside': return 'complementary';
      case 'blockquote': return 'blockquote';
      case 'button': return 'button';
      case 'caption': return 'caption';
      case 'code': return 'code';
      case 'dd': return 'definition';
      case 'del': case 's': return 'deletion';
      case 'details': return 'group';
      case 'dfn': case 'dt': return 'term';
      case 'dialog': return 'dialog';
      case 'em': return 'emphasis';
      case 'fieldset': case 'optgroup': case 'address': case 'hgroup': return 'group';
      case 'figure': return 'figure';
      case 'footer': return landmarkDepth ? '' : 'contentinfo';
      case 'header': return landmarkDepth ? '' : 'banner';
      case 'form': return 'form';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'hr': return 'separator';
      case 'iframe': case 'frame': return 'iframe';
      case 'img':
        if (e.getAttribute('alt') === '' && !e.hasAttribute('aria-label') &&
            !e.hasAttribute('aria-labelledby') && !e.hasAttribute('title')) return '';
        return 'img';
      case 'input': return inputRole(e);
      case 'ins': return 'insertion';
      case 'li': return 'listitem';
      case 'main': return 'main';
      case 'mark': return 'mark';
      case 'math': return 'math';
      case 'menu': case 'ol': case 'ul': return 'list';
      case 'meter': return 'meter';
      case 'nav': return 'navigation';
      case 'option': return 'option';
      case 'output': return 'status';
      case 'p': return 'paragraph';
      case 'progress': return 'progressbar';
      case 'search': return 'search';
      case 'section':
        return (e.hasAttribute('aria-label') || e.hasAttribute('aria-labelledby') ||
          e.hasAttribute('title')) ? 'region' : '';
      case 'select': return (e.multiple || e.size > 1) ? 'listbox' : 'combobox';
      case 'strong': return 'strong';
      case 'sub': return 'subscript';
      case 'sup': return 'superscript';
      case 'summary': {
        const p = e.parentElement;
        return p && p.localName === 'details' && p.querySelector(':scope > summary') === e ? 'button' : '';
      }
      case 'svg':
        return (e.hasAttribute('aria-label') || e.hasAttribute('aria-labelledby') ||
          (e.firstElementChild && e.firstElementChild.localName === 'title')) ? 'img' : '';
      case 'table': return 'table';
      case 'tbody': case 'thead': case 'tfoot': return 'rowgroup';
      case 'td': return gridDepth ? 'gridcell' : 'cell';
      case 'textarea': return 'textbox';
      case 'th': return thRole(e);
      case 'time': return 'time';
      case 'tr': return 'row';
      default: return '';
    }
  }

  // textOf computes the text alternative of n for labels and
  // aria-labelledby, independently of the main walk. exclude is the
  // control being named, which must not name itself.
  function textOf(n, exclude, top) {
    if (n.nodeType === 3) return n.data;
    if (n.nodeType !== 1 || n === exclude) return '';
    const tag = n.localName;
    if (SKIP.has(tag)) return '';
    if (!top) {
      if (n.getAttribute('aria-hidden') === 'true') return '';
      if (getComputedStyle(n).display === 'none') return '';
    }
    const lby = n.getAttribute('aria-labelledby');
    if (!top && lby) return ' ' + labelledBy(n, lby) + ' ';
    const al = attr(n, 'aria-label');
    const emb = embeddedValue(n, tag);
    if (emb !== null) return ' ' + emb + ' ';
    const sp = top || blockish(n, tag) ? ' ' : '';
    if (al) return sp + al + sp;
    if (tag === 'img') return sp + (attr(n, 'alt') || attr(n, 'title')) + sp;
    if (tag === 'svg') return sp + (nativeName(n, tag) || attr(n, 'title')) + sp;
    let s = pseudoText(n, '::before', true);
    // A slot's text is what the light DOM puts in it (its own children
    // are the fallback, shown only when nothing is assigned), as a label
    // inside a component's shadow root wraps the words its host holds.
    const slotted = tag === 'slot' ? n.assignedNodes({ flatten: true }) : null;
    if (slotted && slotted.length) {
      for (const c of slotted) s += textOf(c, exclude, false);
    } else {
      const root = shadowOf(n);
      for (let c = (root || n).firstChild; c; c = c.nextSibling) s += textOf(c, exclude, false);
    }
    s += pseudoText(n, '::after', true);
    if (!top && !HAS_TEXT.test(s)) s = n.getAttribute('title') || '';
    return sp + s + sp;
  }

  // embeddedValue is the value an embedded control contributes to the
  // name of what contains it (accname 2E), or null if n is none.
  function embeddedValue(n, tag) {
    if (tag === 'input') {
      switch (n.type) {
        case 'checkbox': case 'radio': case 'hidden': case 'file': case 'image': return null;
        case 'button': case 'submit': case 'reset':
          return n.value || (n.type === 'submit' ? 'Submit' : n.type === 'reset' ? 'Reset' : '');
        default: return n.value;
      }
    }
    if (tag === 'textarea') return n.value;
    if (tag === 'select') {
      const o = n.selectedOptions;
      return o && o.length ? norm(o[0].label || o[0].textContent) : '';
    }
    return null;
  }

  let lbyDepth = 0;
  function labelledBy(e, v) {
    if (lbyDepth > 1) return '';
    lbyDepth++;
    const root = e.getRootNode();
    let s = '';
    for (const id of v.trim().split(WS)) {
      const t = root.getElementById ? root.getElementById(id) : null;
      if (t) s += ' ' + textOf(t, null, true);
    }
    lbyDepth--;
    return nnorm(s);
  }

  // nativeName is the name from host-language features (HTML-AAM).
  function nativeName(e, tag) {
    switch (tag) {
      case 'input': {
        const t = e.type;
        if (t === 'button' || t === 'submit' || t === 'reset') {
          return norm(e.value) || (t === 'submit' ? 'Submit' : t === 'reset' ? 'Reset' : '');
        }
        if (t === 'image') return attr(e, 'alt') || norm(e.value) || attr(e, 'title') || 'Submit';
        return labelsName(e);
      }
      case 'textarea': case 'select': case 'meter': case 'progress': case 'output': case 'button':
        return labelsName(e);
      case 'img': return attr(e, 'alt');
      case 'fieldset': {
        const l = e.querySelector(':scope > legend');
        return l ? norm(textOf(l, null, true)) : '';
      }
      case 'table': {
        const c = e.querySelector(':scope > caption');
        return c ? norm(textOf(c, null, true)) : '';
      }
      case 'svg': {
        const c = e.firstElementChild;
        return c && c.localName === 'title' ? norm(c.textContent) : '';
      }
      case 'optgroup': return attr(e, 'label');
      case 'option': return attr(e, 'label');
      // A form-associated custom element is labelled by its labels,
      // unless it wraps the control they name (see hostLabel).
      default: return tag.indexOf('-') > 0 && labelsOf && !hostNamed.has(e) ? labelsName(e) : '';
    }
  }

  function labelsName(e) {
    const ls = labelsOf.get(e);
    if (!ls) return '';
    let s = '';
    for (const l of ls) s += ' ' + textOf(l, e, true);
    return nnorm(s);
  }

  // hostLabel is the name that the labels of a custom element give the
  // control it wraps. A labelled form-associated element with no role of
  // its own is a wrapper: a click on its label goes to it, and it hands
  // the focus to its control, the one a user sees by the label. That is
  // the first focusable control inside its shadow root when the root
  // delegates focus, or a focusable control among its own children
  // (slotted into its shadow root). Only that first control takes the
  // label (hostNamed), and the wrapper then shows none.
  function hostLabel(e) {
    if (!labelsOf) return '';
    const root = e.getRootNode();
    let h = root && root.host && root.delegatesFocus ? root.host : null;
    if (!h && e.tabIndex >= 0) h = e.parentElement;
    if (!h || h.localName.indexOf('-') < 0 || !labelsOf.has(h) || hostNamed.has(h)) return '';
    const hr = explicitRole(ariaAttr(h, 'role') || '');
    if (hr !== null && hr !== 'none' && hr !== 'presentation' && hr !== 'generic') return '';
    hostNamed.add(h);
    return labelsName(h);
  }

  function placeholderOf(e, tag) {
    if (tag === 'input' || tag === 'textarea') return attr(e, 'placeholder');
    return attr(e, 'aria-placeholder');
  }

  function boolAttr(e, a) {
    const v = ariaAttr(e, a);
    return v === null ? null : v.toLowerCase();
  }

  // attrsOf renders the states worth showing an agent.
  function attrsOf(e, tag, role, flags) {
    let s = '';
    if (role === 'heading') {
      let lv = (flags & F_ARIA) ? parseInt(ariaAttr(e, 'aria-level'), 10) : 0;
      if (!(lv > 0)) lv = tag.length === 2 && tag[0] === 'h' ? +tag[1] : 2;
      s += ' [level=' + lv + ']';
    }
    if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox' ||
        role === 'menuitemradio') {
      let c = (flags & F_ARIA) ? boolAttr(e, 'aria-checked') : null;
      if (tag === 'input') c = e.indeterminate ? 'mixed' : e.checked ? 'true' : 'false';
      if (c === 'true') s += ' [checked]';
      else if (c === 'mixed') s += ' [checked=mixed]';
    }
    if (tag === 'option') {
      if (e.selected) s += ' [selected]';
    } else if ((flags & F_ARIA) && boolAttr(e, 'aria-selected') === 'true') {
      s += ' [selected]';
    }
    const FORM = tag === 'button' || tag === 'input' || tag === 'select' || tag === 'textarea' ||
      tag === 'option' || tag === 'optgroup' || tag === 'fieldset';
    if (!(flags & F_ARIA)) {
      if (tag === 'summary' && role === 'button' && e.parentElement.open) s += ' [expanded]';
      if (FORM && e.matches(':disabled')) s += ' [disabled]';
      if (e.required === true) s += ' [required]';
      return s;
    }
    if (role === 'columnheader' || role === 'rowheader') {
      const o = ariaAttr(e, 'aria-sort');
      const v = o === null ? '' : o.trim().toLowerCase();
      if (v === 'ascending' || v === 'descending' || v === 'other') s += ' [sort=' + v + ']';
    }
    let x = boolAttr(e, 'aria-expanded');
    if (tag === 'summary' && role === 'button') x = e.parentElement.open ? 'true' : 'false';
    if (x === 'true') s += ' [expanded]';
    const p = boolAttr(e, 'aria-pressed');
    if (p === 'true') s += ' [pressed]';
    else if (p === 'mixed') s += ' [pressed=mixed]';
    if (boolAttr(e, 'aria-disabled') === 'true' || (FORM && e.matches(':disabled'))) {
      s += ' [disabled]';
    }
    if (boolAttr(e, 'aria-required') === 'true' || e.required === true) s += ' [required]';
    return s;
  }

  function valueOf(e, tag, role, flags) {
    if (tag === 'input') {
      const t = e.type;
      if (t === 'checkbox' || t === 'radio' || t === 'button' || t === 'submit' || t === 'reset' ||
          t === 'image' || t === 'hidden' || t === 'file') return '';
      if (t === 'password') return e.value ? '\u2022'.repeat(Math.min(e.value.length, 8)) : '';
      return norm(e.value);
    }
    if (tag === 'textarea') return norm(e.value);
    if (tag === 'select' && !(e.multiple || e.size > 1)) {
      const o = e.selectedOptions;
      return o && o.length ? norm(o[0].label || o[0].textContent) : '';
    }
    // A separator with a value is a handle between resizable panes.
    if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter' ||
        role === 'scrollbar' || role === 'separator') {
      if (!(flags & F_ARIA)) return '';
      return norm(ariaAttr(e, 'aria-valuetext') || ariaAttr(e, 'aria-valuenow') || '');
    }
    return '';
  }

  // hintOf tells an unnamed control that shows no text from its
  // neighbours: by its title, the title of an SVG in it, its class names
  // or its id.
  function hintOf(e) {
    let h = attr(e, 'title');
    if (!h) {
      const t = e.querySelector('svg > title');
      if (t) h = norm(t.textContent);
    }
    if (!h) h = attr(e, 'class').split(' ').slice(0, 2).join(' ');
    if (!h) h = attr(e, 'id');
    return hintText(h);
  }
  function hintText(h) {
    return cap(h.replace(/["\\\x7f]/g, ''), 40);
  }

  function flush(ctx) {
    if (ctx.pend) ctx.pend.length = 0;
    if (!ctx.run) return;
    const t = norm(unformat(ctx.run));
    ctx.run = '';
    if (!t) return;
    const r = { k: 'T', d: ctx.depth, t, drop: false };
    recs.push(r);
    if (ctx.texts) ctx.texts.push(r); else ctx.texts = [r];
  }

  // addRun appends text to ctx's run of text. ctx.pend holds the inline
  // elements whose edges lie between the run's last text and this one:
  // when neither side has white space there, one of them laid out other
  // than inline (a flex item, an inline-block) sets the texts apart, as
  // it does on the page (a calendar's weekday cells are not one word).
  function addRun(ctx, t) {
    const p = ctx.pend;
    if (p && p.length && t) {
      if (ctx.run && !WS_END.test(ctx.run) && !WS_START.test(t)) {
        for (const e of p) {
          if (blockish(e, e.localName)) {
            ctx.run += ' ';
            break;
          }
        }
      }
      p.length = 0;
    }
    ctx.run += t;
  }

  // walkKids walks the composed-tree children of e and returns their
  // contribution to a name from content (when need is set).
  // pendingEl is the element whose contribution walkNode just returned,
  // when whether it is set off by spaces (blockish) is still open: join
  // decides it only where a space would change the name.
  let pendingEl = null;
  const WS_START = /^[ \t\n\r\f]/, WS_END = /[ \t\n\r\f]$/, WS_START_RUN = /^[ \t\n\r\f]+/;

  // join concatenates the contributions of siblings to a name from
  // content, with spaces around the non-inline elements among them.
  function join(parts, els) {
    let s = '';
    const n = parts.length;
    for (let i = 0; i < n; i++) {
      let v = parts[i];
      const el = els[i];
      if (el !== null) {
        const spaced = i > 0 && i + 1 < n && (WS_END.test(s) || WS_START.test(v)) &&
          (WS_START.test(parts[i + 1]) || WS_END.test(v));
        if (!spaced && blockish(el, el.localName)) v = ' ' + v + ' ';
      }
      s += v;
    }
    return s;
  }

  // walkKids walks the composed-tree children of e and returns their
  // contribution to a name from content (when need is set).
  function walkKids(e, tag, ctx, need, fr, ptr, supp, vis) {
    const parts = need ? [] : null, els = need ? [] : null;
    const root = shadowOf(e);
    if (root) {
      indexLabels(root);
      hookRoot(root);
      scanEditors(root);
      shadowDepth++;
      try {
        for (let c = root.firstChild; c; c = c.nextSibling) {
          if (stop) break;
          const v = walkNode(c, ctx, need, fr, ptr, supp, vis);
          if (need) parts.push(v), els.push(pendingEl);
        }
      } finally {
        shadowDepth--;
      }
      return need ? join(parts, els) : '';
    }
    noteHost(e, tag);
    let first = e.firstChild;
    if (tag === 'slot') {
      const a = e.assignedNodes();
      if (a.length) {
        for (const c of a) {
          if (stop) break;
          const v = walkNode(c, ctx, need, fr, ptr, supp, vis);
          if (need) parts.push(v), els.push(pendingEl);
        }
        return need ? join(parts, els) : '';
      }
    } else if (tag === 'details' && !e.open) {
      for (let c = e.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'summary') {
          const v = walkNode(c, ctx, need, fr, ptr, supp, vis);
          return need ? join([v], [pendingEl]) : '';
        }
      }
      return '';
    }
    let after = false;
    for (let c = first; c; c = c.nextSibling) {
      if (stop) break;
      let v = walkNode(c, ctx, need, fr, ptr, supp, vis);
      if (need) {
        // White space after a hidden element's text, before any text of
        // the name: see KEEP.
        if (after && WS_START.test(v) && HAS_TEXT.test(v) && !parts.some((p) => HAS_TEXT.test(p))) {
          v = KEEP + v.replace(WS_START_RUN, '');
        }
        after = vis && hiddenEdge(c);
        parts.push(v), els.push(pendingEl);
      }
    }
    return need ? join(parts, els) : '';
  }

  // transformed is a text node's contribution to a name: its text with
  // its element's text-transform applied, as Chrome names it (a button
  // styled uppercase is "COPY"). Text lines keep the text as written.
  const CAPITALIZE = /(^|[^\p{L}\p{N}'\u2019])(\p{Ll})/gu;
  // transforms counts the texts transformed, so that an element can tell
  // whether its name was.
  let transforms = 0;
  function transformed(n) {
    const p = n.parentElement;
    if (!p) return n.data;
    let t = n.data;
    switch (getComputedStyle(p).textTransform) {
      case 'uppercase': t = t.toUpperCase(); break;
      case 'lowercase': t = t.toLowerCase(); break;
      case 'capitalize': t = t.replace(CAPITALIZE, (m, a, b) => a + b.toUpperCase()); break;
    }
    if (t !== n.data) transforms++;
    return t;
  }

  function walkNode(n, ctx, need, fr, ptr, supp, vis) {
    pendingEl = null;
    const t = n.nodeType;
    if (t === 3) {
      if (!vis) return '';
      if (HAS_TEXT.test(n.data)) textSeen++;
      if (runs && !supp) addRun(ctx, n.data);
      return need && HAS_TEXT.test(n.data) ? transformed(n) : n.data;
    }
    if (t !== 1) return '';
    return walkEl(n, ctx, need, fr, ptr, supp);
  }

  // reachable tells whether a user reaches e, transparent, all the same:
  // by the pointer (it takes pointer input again), by Tab (it is in the
  // tab order and enabled) or through its label (a click on a label
  // focuses or toggles its control).
  function reachable(e, st) {
    return st.pointerEvents !== 'none' || (e.tabIndex >= 0 && !e.disabled) || labelsOf.has(e);
  }

  // Attribute flags gathered in one pass over getAttributeNames.
  const F_ARIA = 1, F_ONCLICK = 2, F_TABINDEX = 4, F_EDIT = 8, F_DRAG = 16;
  const CV = { visibilityProperty: true };
  // CVO also answers false for an element transparent by its own opacity
  // or an ancestor's.
  const CVO = { visibilityProperty: true, opacityProperty: true };
  // ON_INPUT are the handler attributes that make an element something to
  // act on: those of a user's input (the listener record's types).
  const ON_INPUT = new Set(['onclick', 'ondblclick', 'onauxclick', 'oncontextmenu', 'onmousedown',
    'onmouseup', 'onpointerdown', 'onpointerup', 'ontouchstart', 'ontouchend', 'ondragstart',
    'ondragover', 'ondrop', 'onkeydown', 'onkeyup', 'onkeypress']);
  // CURSORS are the cursors a page sets on what a user may click, drag,
  // connect or type into.
  const CURSORS = new Set(['pointer', 'grab', 'grabbing', 'move', 'text', 'crosshair']);
  // RESIZE matches the cursors of a resize grip (col-resize, ew-resize...).
  const RESIZE = /(^|-)resize$/;
  // dataGrip tells whether e, which script handles input on and which
  // names and shows nothing, is a resize grip in a row of data (a row of a
  // table or grid that holds no column header): its cursor says so, or
  // its box, a strip a few pixels across that spans the row.
  const dataGrip = (e, cur) => {
    const row = e.closest('tr, [role="row"]');
    if (row === null || row.querySelector('th, [role="columnheader"]') !== null || HAS_TEXT.test(e.textContent)) return false;
    if (RESIZE.test(cur)) return true;
    const r = e.getBoundingClientRect(), rr = row.getBoundingClientRect();
    return (r.width > 0 && r.width <= 8 && r.height >= rr.height * 0.75) || (r.height > 0 && r.height <= 8 && r.width >= rr.width * 0.75);
  };
  // BOXES hold items an agent can act on when they are widgets
  // (WIDGET_BOXES) or when script handles input on them: then their
  // ITEMS take refs, empty or not (a spreadsheet's empty cell, a sortable
  // list's item). A plain list or table's items do not.
  const BOXES = new Set(['list', 'listbox', 'tree', 'treegrid', 'grid', 'table', 'menu', 'menubar',
    'tablist', 'radiogroup', 'directory']);
  const WIDGET_BOXES = new Set(['listbox', 'tree', 'treegrid', 'grid', 'menu', 'menubar', 'tablist',
    'radiogroup']);
  const ITEMS = new Set(['listitem', 'option', 'treeitem', 'row', 'cell', 'gridcell', 'columnheader',
    'rowheader', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'radio']);
  const SVG_NS = 'http://www.w3.org/2000/svg';

  // noArea tells whether e has no box with an area.
  function noArea(e) {
    const r = e.getBoundingClientRect();
    return r.width < 1 || r.height < 1;
  }

  // CLIP_RECT reads a computed clip: rect(top, right, bottom, left).
  const CLIP_RECT = /^rect\((-?[\d.]+)px,? (-?[\d.]+)px,? (-?[\d.]+)px,? (-?[\d.]+)px\)$/;
  // clippedAway tells whether e shows nothing of its box: a clip (on a
  // positioned element) or a clip-path inset that leaves no area, as a
  // page hides what is there for the keyboard or a screen reader only.
  function clippedAway(e) {
    const st = getComputedStyle(e);
    const m = st.position !== 'static' && CLIP_RECT.exec(st.clip);
    if (m && (+m[3] - +m[1] < 1 || +m[2] - +m[4] < 1)) return true;
    return st.clipPath === 'inset(50%)';
  }

  // passesPointer tells whether the pointer goes through e to what is
  // under it (pointer-events: none) with nothing inside e taking it
  // instead: a handler on e is never reached by a pointer, whatever the
  // page set on it.
  function passesPointer(e) {
    return !e.firstElementChild && getComputedStyle(e).pointerEvents === 'none';
  }

  // thin tells whether e's box is a line, two pixels or less across, or
  // draws one (see drawsOneSide): what is placed on a surface in that
  // shape and shows nothing (a timeline's grid lines, a connector's stem)
  // draws, and is not a node to act on.
  function thin(e) {
    const r = e.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2) return true;
    return drawsOneSide(e);
  }

  // SIDES are the border sides of a box.
  const SIDES = ['Top', 'Right', 'Bottom', 'Left'];

  // drawsOneSide tells whether e, which holds no elements, draws nothing
  // but one border side (a timeline's grid column): no background, no
  // shadow, no outline, at most one side of its border.
  function drawsOneSide(e) {
    if (e.firstElementChild !== null) return false;
    const st = getComputedStyle(e);
    if (st.backgroundImage !== 'none' || !clearColor(st.backgroundColor) || st.boxShadow !== 'none' ||
        (st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0)) return false;
    let sides = 0;
    for (const side of SIDES) {
      if (st['border' + side + 'Style'] !== 'none' && parseFloat(st['border' + side + 'Width']) > 0 &&
          !clearColor(st['border' + side + 'Color'])) sides++;
    }
    return sides <= 1;
  }

  // clearColor tells whether a computed color draws nothing.
  function clearColor(c) {
    return c === 'transparent' || /^rgba\(.*,\s*0\)$/.test(c);
  }

  // walkEl walks element e. ptr is the cursor of e's parent, for e to
  // tell a cursor it sets from one it inherits; '' when cursors do not
  // count (below a control, in an editor).
  function walkEl(e, ctx, need, fr, ptr, supp) {
    const tag = e.localName;
    if (SKIP.has(tag)) return '';
    // An editor's focus target is shown by its surface.
    if (targets !== null && targets.has(e)) return '';
    const seq = walked++;
    let aRole = '', aLabel = '', aLby = '', aTitle = '', flags = 0;
    if (e.hasAttributes()) {
      const names = e.getAttributeNames();
      for (let i = 0; i < names.length; i++) {
        const a = names[i];
        if (a.startsWith('aria-')) {
          switch (a) {
            case 'aria-hidden':
              if (e.getAttribute(a).trim().toLowerCase() === 'true') return '';
              break;
            case 'aria-label': aLabel = nnorm(e.getAttribute(a)); break;
            case 'aria-labelledby': aLby = e.getAttribute(a); break;
            default: flags |= F_ARIA;
          }
        } else {
          switch (a) {
            case 'role': aRole = e.getAttribute(a); break;
            case 'title': aTitle = e.getAttribute(a); break;
            case 'tabindex': flags |= F_TABINDEX; break;
            case 'contenteditable': flags |= F_EDIT; break;
            case 'draggable':
              if (e.getAttribute(a).trim().toLowerCase() === 'true') flags |= F_DRAG;
              break;
            default:
              if (a.charCodeAt(0) === 111 && a.charCodeAt(1) === 110 && ON_INPUT.has(a)) flags |= F_ONCLICK;
          }
        }
      }
    }
    // What the element's internals say where no attribute does.
    const ia = internal.get(e);
    if (ia !== undefined) {
      for (const a in ia) {
        if (a === 'role') {
          if (!aRole) aRole = ia.role;
        } else if (a === 'aria-label') {
          if (!aLabel && !e.hasAttribute(a)) aLabel = nnorm(ia[a]);
        } else if (a === 'aria-hidden') {
          if (!e.hasAttribute(a) && ia[a].trim().toLowerCase() === 'true') return '';
        } else {
          flags |= F_ARIA;
        }
      }
    }

    // checkVisibility answers the common case (rendered, visible) without
    // building a computed style; the style says why when it is false.
    let vis = true, fades = false;
    if (tag === 'option' || tag === 'optgroup') {
      // Options of a drop-down select have no box but are in the tree.
      const st = getComputedStyle(e);
      if (st.display === 'none') return '';
      vis = st.visibility === 'visible';
    } else if (!e.checkVisibility(CVO)) {
      const st = getComputedStyle(e);
      const d = st.display;
      if (d === 'none') return '';
      vis = st.visibility === 'visible';
      if (!e.checkVisibility(CV)) {
        // Rendered and visible yet not visible: skipped content
        // (content-visibility: hidden, a closed details).
        if (vis && d !== 'contents') return '';
      } else {
        if (st.opacity === '0' && st.pointerEvents === 'none') fades = true;
        // Transparent and taking no pointer input: nothing of it a user
        // sees or reaches, unless keys do (a custom checkbox's native
        // input, at opacity 0 under its drawing, focused by Tab and
        // toggled by its label).
        if (vis && (fades || faded) && !reachable(e, st)) vis = false;
      }
    }
    // A <select> the page draws nothing of and leaves out of a user's
    // reach is a widget's store for its form: the widget drawn in its
    // place is the control (see replacedSelect). A locator still finds it
    // (by its label, say), for the action to name that widget.
    if (vis && !plugin && tag === 'select' && replacedSelect(e)) return '';
    const block = !INLINE_TAGS.has(tag);
    const isScope = e === scopeEl;
    const surface = surfaces !== null && surfaces.has(e);

    let role = '';
    // click: script makes e something to act on, by a handler attribute
    // or property, a tabindex or a cursor it sets; weak: by listeners the
    // record saw or by being draggable, evidence a container that hands
    // its children's input on (event delegation) shares, so its ref goes
    // to its content when that has refs of its own; or by being placed
    // (absolutely positioned) on an element with listeners, as the nodes
    // of a diagram are, which keeps its ref whatever it holds.
    let click = false, weak = false, placed = false;
    // editHost: e is an editable host with a role of its own (an editable
    // heading): its line says it takes text.
    let editHost = false;
    // arms: e is a surface whose content it handles input for (armed).
    let arms = false;
    let cur = '';
    const ctlLabel = tag === 'label' && labelHasCtl.has(e);
    if (vis) {
      const er = aRole ? explicitRole(aRole) : null;
      role = er !== null ? er : implicitRole(e, tag);
      if ((role === 'none' || role === 'presentation') && (flags & F_TABINDEX) && e.tabIndex >= 0) {
        role = implicitRole(e, tag);
      }
      if (INLINE_ROLES.has(role)) role = '';
      if (surface && !INTERACTIVE.has(role)) role = 'textbox';
      if (!INTERACTIVE.has(role) && role !== 'iframe' && !ctlLabel && !editDepth) {
        const focusable = (flags & F_TABINDEX) && e.tabIndex >= 0;
        const heard = listened.has(e);
        // An onclick property is weak evidence, as listeners are: a
        // framework sets one on every element it handles clicks for,
        // its root container and the wrappers of its fields included.
        if ((flags & F_ONCLICK) || focusable) {
          click = true;
        } else if (heard || (flags & F_DRAG) || clickProps.has(e)) {
          weak = true;
        }
        if (ptr || heard || (armed && !click && !weak)) {
          const st = getComputedStyle(e);
          cur = st.cursor;
          // What lets the pointer through (pointer-events: none: a
          // marker's shadow, a label drawn on a map) takes no input
          // whatever its cursor or place says.
          const through = st.pointerEvents === 'none';
          if (ptr && cur !== ptr && CURSORS.has(cur) && !through) click = true;
          // What is placed on a surface that handles input for its
          // content (nodes on a flow editor's canvas).
          else if (armed && !click && !weak && !through && st.position === 'absolute') weak = placed = true;
          // A surface: listeners on an element that clips what it holds
          // or takes touches itself (a canvas, a board).
          if (heard && (st.overflow !== 'visible' || st.touchAction === 'none')) arms = true;
        }
        // A focusable element of no role of its own is a widget driven
        // by keys and pointer (a spreadsheet): what it holds is its.
        if (focusable && STRUCTURAL.has(role)) arms = true;
        if (e === editBody || ((flags & F_EDIT) && e.isContentEditable &&
            !(e.parentElement && e.parentElement.isContentEditable)) ||
            ((flags & F_TABINDEX) && (role === '' || role === 'generic') && e.editContext)) {
          if (role === '' || role === 'generic') role = 'textbox';
          else click = editHost = true;
        }
        // What the pointer goes through, which no key reaches either,
        // is acted on through what is under it (a select box's shown
        // value inside its button).
        if ((click || weak) && !focusable && !editHost && !labelsOf.has(e) && passesPointer(e)) click = weak = false;
        if (click) weak = false;
        // A column's resize grip that a table repeats in every row of
        // data (its cursor or its shape says what it is) is the header's
        // to use: in a data row it only repeats, and gets no line.
        if (weak && !aLabel && !aLby && dataGrip(e, cur)) weak = false;
      }
      if ((click || weak) && (role === '' || role === 'none' || role === 'presentation' || role === 'generic')) {
        role = 'clickable';
      } else if (role === '' && (aLabel || aLby)) {
        role = 'generic';
      }
    } else if (ptr) {
      cur = getComputedStyle(e).cursor;
    }
    const interactive = INTERACTIVE.has(role) || role === 'iframe';
    let item = activeBox && ITEMS.has(role);
    const emitted = vis && (!STRUCTURAL.has(role) || click || role === 'generic');
    const editor = role === 'textbox' && !INTERACTIVE.has(implicitRole(e, tag));

    let savedGrid = -1;
    if (tag === 'table' || role === 'grid' || role === 'treegrid') {
      savedGrid = gridDepth;
      gridDepth = role === 'grid' || role === 'treegrid' ? 1 : 0;
    }
    const savedBox = activeBox, savedArmed = armed, savedFaded = faded;
    if (BOXES.has(role)) activeBox = WIDGET_BOXES.has(role) || click || weak || armed;
    if (arms) armed = true;
    if (fades) faded = true;
    const landmark = LANDMARK_SCOPE.has(tag);
    if (landmark) landmarkDepth++;
    if (editor) editDepth++;
    if (interactive) ctlDepth++;

    let rec = null;
    let cctx = ctx;
    // A scope that has no line of its own (a plain <div>) is the lines
    // its subtree gives, from its first to its last.
    const scopeBare = isScope && !emitted;
    if (scopeBare) {
      if (runs) flush(ctx);
      scopeStart = recs.length;
    }
    if (emitted) {
      if (runs) flush(ctx);
      if (isScope) scopeStart = recs.length;
      rec = { k: 'E', d: ctx.depth, role, name: '', id: 0, nth: 0, attrs: '', value: '', fr, oop: false, quiet: false, anchor: false, hoist: false };
      recs.push(rec);
      cctx = { depth: ctx.depth + 1, run: '', texts: null };
    } else if (runs && block) {
      ctx.run += ' ';
    } else if (runs && vis) {
      (ctx.pend || (ctx.pend = [])).push(e);
    }
    const textsBefore = textSeen, transformsBefore = transforms, recsBefore = recs.length, refsBefore = refsMade, actsBefore = actsMade, drawnBefore = drawnMade;

    const fromContent = FROM_CONTENT.has(role);
    const kidNeed = need || fromContent || click || (role === 'row' && !!(aLabel || aLby));
    // Below a control, cursors do not count: a link's text inherits its
    // pointer.
    const kidPtr = interactive || ctlLabel || editor ? '' : cur;
    const kidSupp = supp || ctlLabel;
    let inner = '';
    if (tag === 'iframe' || tag === 'frame') {
      if (rec) walkFrame(e, rec, cctx);
    } else if ((!LEAF.has(tag) || tag === 'svg') && role !== 'img') {
      // An SVG that is no image is a drawing whose shapes and labels
      // may be things to act on.
      inner = walkKids(e, tag, cctx, kidNeed, fr, kidPtr, kidSupp, vis);
      if (kidNeed && vis) inner = pseudoText(e, '::before') + inner + pseudoText(e, '::after');
    }

    if (editor) editDepth--;
    if (interactive) ctlDepth--;
    if (landmark) landmarkDepth--;
    if (savedGrid >= 0) gridDepth = savedGrid;
    activeBox = savedBox;
    armed = savedArmed;
    faded = savedFaded;
    // A built-in element with a box whose children show nothing may hold
    // a closed shadow root (see noteBuiltin).
    if (vis && recs.length === recsBefore && textSeen === textsBefore && SHADOW_TAGS.has(tag) &&
        !aRole && !shadowOf(e)) {
      noteBuiltin(e);
    }

    let aria = '';
    if (rec || need) aria = (aLby && labelledBy(e, aLby)) || aLabel;

    if (rec) {
      if (runs) flush(cctx);
      let name = aria || nativeName(e, tag);
      if (!name && interactive) name = hostLabel(e);
      if (!name && surface) name = targetName(surfaces.get(e));
      if (!name && fromContent) name = nnorm(inner);
      if (!name && aTitle) name = nnorm(aTitle);
      if (!name && (role === 'textbox' || role === 'searchbox' || role === 'combobox')) {
        name = placeholderOf(e, tag);
      }
      // An element made clickable by script is named by what names it
      // (aria, title) or by its icons when it shows no text: its text,
      // which may be a whole card's, follows it as content instead. A
      // shape of a drawing (SVG) or a node placed on a canvas is named by
      // its text, a label.
      const ownText = textSeen > textsBefore;
      if (!name && (click || weak)) {
        const label = !ownText || placed || e.namespaceURI === SVG_NS;
        if (label && click) name = cap(nnorm(inner), 100);
        else if (label) name = cap(nnorm(textOf(e, null, true)), 100);
      }
      // A name of no-break spaces only names nothing an agent can use.
      if (name && !norm(name)) name = '';
      name = unformat(name);
      if (runs && name && cctx.texts) {
        const plain = name.indexOf('\u00a0') >= 0 ? norm(name) : name;
        // A name text-transform changed holds its text in other case.
        const low = transforms > transformsBefore ? plain.toLowerCase() : '';
        for (const r of cctx.texts) {
          if (plain.includes(r.t) || (low && low.includes(r.t.toLowerCase()))) r.drop = true;
        }
      }
      // A row is named by its cells (as Chrome names it) when it has a
      // ref of its own; its line leaves out a name that only repeats
      // them, which follow it.
      if (role === 'row' && kidNeed) {
        const cells = unformat(nnorm(inner));
        if (!name) name = cells;
        if (name && name === cells) rec.quiet = true;
      }
      rec.name = cap(name, NAME_MAX);
      // Listeners shared with content that has things to act on of its
      // own are a container's, handing its children's input on: the
      // refs are theirs, and a line of no role of its own goes. A
      // heading inside is no such thing: a card that script drags by
      // its body keeps its ref over its title's. Not a surface's
      // whose refs went to what it draws (a diagram's canvas and its
      // nodes): the surface is a place of its own, to drop onto or click
      // between the nodes.
      // So is evidence on an element with nothing to show and no box
      // to click, or one clipped to nothing (a focus guard, an empty
      // layer, a visually hidden proxy that hands the focus on), and
      // listeners on a part of a control that shows and names nothing (a
      // tab's indicator, a button's touch area): input on it is the
      // control's.
      const canvas = arms && drawnMade > drawnBefore;
      if (((weak && !placed && !canvas && actsMade > actsBefore) || ((click || weak) && !name && !ownText && (noArea(e) || clippedAway(e))) ||
          (placed && !name && !ownText && thin(e)) ||
          (weak && ctlDepth > 0 && !name && !ownText && refsMade === refsBefore)) &&
          !item && !isScope) {
        click = weak = false;
        if (role === 'clickable') {
          rec.hoist = true;
          rec.role = role = '';
        }
      }
      // An item holding refs is acted on through them (a sidebar's item
      // through its link, a row through its cells).
      if (item && refsMade > refsBefore) item = false;
      // What holds refs of its own is told by them, not by hints.
      const holdsRefs = refsMade > refsBefore;
      if (interactive || click || weak || item || (name && CONTENT.has(role))) {
        rec.id = idOf(e);
        refsMade++;
        if (role !== 'heading' || click || weak) actsMade++;
        if (placed || e.namespaceURI === SVG_NS) drawnMade++;
      } else if (LANDMARKS.has(role)) {
        // An anchor: a ref only should the line stand for its subtree.
        rec.id = idOf(e);
        rec.anchor = true;
      }
      rec.attrs = attrsOf(e, tag, role, flags);
      if (editHost) rec.attrs += ' [editable]';
      // An item is told by its place, not by hints.
      if (!name && rec.id && !holdsRefs && !ITEMS.has(role) && (INTERACTIVE.has(role) || click || weak)) {
        // Its own text follows it, except in a listing of refs alone.
        let h = '';
        if (!ownText) h = hintOf(e);
        else if (!runs) h = hintText(nnorm(unformat(weak ? textOf(e, null, true) : inner)));
        if (h) rec.attrs += ' [hint="' + h + '"]';
      }
      rec.value = valueOf(e, tag, role, flags);
      // A live region with nothing to say yet (no name, no text, nothing
      // inside: where a page will announce something) is no line.
      if (LIVE.has(role) && !name && !rec.id && !rec.value && textSeen === textsBefore && recs.length === recsBefore) rec.hoist = true;
      if (isScope) {
        scopeEnd = recs.length;
        stop = true;
      }
    } else if (runs && block) {
      ctx.run += ' ';
    } else if (runs && vis) {
      (ctx.pend || (ctx.pend = [])).push(e);
    }

    if (scopeBare) {
      if (runs) flush(ctx);
      scopeEnd = recs.length;
      stop = true;
    }
    if (plugin) plugin.visit(e, tag, role, rec && !rec.hoist ? rec : null, vis, fr, seq);
    if (!need) return '';
    let c;
    const emb = embeddedValue(e, tag);
    if (emb !== null) c = emb;
    else if (aria) c = aria;
    else if (tag === 'img') c = attr(e, 'alt') || attr(e, 'title');
    else if (tag === 'svg') c = nativeName(e, tag) || attr(e, 'title');
    else if (tag === 'br') c = '\n';
    else c = HAS_TEXT.test(inner) ? inner : (vis ? aTitle || '' : '');
    if (c && HAS_TEXT.test(c)) pendingEl = e;
    return c;
  }

  // editBody is the body being walked by walkBody when its document is
  // editable as a whole.
  let editBody = null;

  // walkBody walks a document's body. An editable one (contenteditable,
  // or designMode on: a rich-text editor's frame, such as TinyMCE's) is
  // a textbox line of its own, named as Chrome names it (its aria-label,
  // "Rich Text Area" in TinyMCE), so it gets a ref to type into; any
  // other body is not a line and its children are walked in its place.
  function walkBody(body, ctx, fr) {
    const doc = body.ownerDocument;
    pull(doc);
    scanEditors(doc);
    if (body.localName === 'body' && body.isContentEditable) {
      editBody = body;
      try {
        walkEl(body, ctx, false, fr, '', false);
      } finally {
        editBody = null;
      }
      return;
    }
    walkKids(body, body.localName, ctx, false, fr, getComputedStyle(body).cursor, false, true);
  }

  // EDITORS selects what may be an editor's focus target.
  const EDITORS = 'textarea,[contenteditable],[role~="textbox" i]';
  // scanEditors finds, in root (a document or a shadow root), the editors
  // whose focus target has no box an agent could click (see concealed),
  // and their surfaces: the nearest element around each, inside root and
  // short of the body, with a box of its own. A target with no surface
  // keeps its own line.
  function scanEditors(root) {
    for (const c of root.querySelectorAll(EDITORS)) {
      if (c.localName !== 'textarea' && !c.isContentEditable && explicitRole(c.getAttribute('role') || '') !== 'textbox') continue;
      // A read-only or disabled textarea takes no text (an editor's own
      // helper beside its focus target): it names no surface.
      if (c.readOnly || c.disabled) continue;
      if (!c.checkVisibility(CV) || !concealed(c)) continue;
      let s = c.parentElement;
      for (; s; s = s.parentElement) {
        if (s.localName === 'body' || s.localName === 'html') s = null;
        if (!s) break;
        const r = s.getBoundingClientRect();
        if (r.width >= 8 && r.height >= 8) break;
      }
      if (!s) continue;
      if (surfaces === null) {
        surfaces = new Map();
        targets = new Set();
      }
      // The first target names the surface and takes its text.
      if (!surfaces.has(s)) {
        surfaces.set(s, c);
        editorTargets.set(s, c);
      }
      targets.add(c);
    }
  }
  // concealed tells whether an editor's focus target c shows no box: a
  // pixel or two wide or high, transparent, or clipped away by a parent
  // with no box (one that is its containing block).
  function concealed(c) {
    const r = c.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return true;
    const st = getComputedStyle(c);
    if (st.opacity === '0') return true;
    const p = c.parentElement;
    if (!p) return false;
    const q = p.getBoundingClientRect();
    if (q.width >= 2 && q.height >= 2) return false;
    const ps = getComputedStyle(p);
    if (ps.overflow === 'visible') return false;
    return !((st.position === 'absolute' || st.position === 'fixed') && ps.position === 'static');
  }
  // replacedSelect tells whether a <select> is one a widget replaces: the
  // page draws nothing of it (undrawn) and a user cannot reach it there,
  // as the pointer does not reach it where it lies and it is out of the
  // keyboard's order (tabindex -1) or another control is drawn there. A
  // visually hidden select a user still reaches, by the keyboard with
  // nothing drawn in its place, or by the pointer (transparent over its
  // own label's text), is the control and keeps its line.
  function replacedSelect(e) {
    if (!undrawn(e) || pointerReaches(e)) return false;
    return e.tabIndex < 0 || drawnOver(e);
  }
  // pointerReaches tells whether the hit test at the centre of e's box,
  // a box larger than a pixel or so, reaches e.
  function pointerReaches(e) {
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const hit = hitAt(e, r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === e || e.contains(hit));
  }
  // hitAt is the element the hit test reaches at (x, y) of e's viewport,
  // in e's tree (its shadow root's, when it is in one); null outside the
  // viewport.
  function hitAt(e, x, y) {
    const w = e.ownerDocument.defaultView;
    if (x < 0 || y < 0 || x >= w.innerWidth || y >= w.innerHeight) return null;
    const root = e.getRootNode();
    return (root.elementFromPoint ? root : e.ownerDocument).elementFromPoint(x, y);
  }
  // undrawn tells whether the page draws nothing of e: its box is a pixel
  // or so (or none), it or an ancestor is transparent, its clip or
  // clip-path cuts it all away, or it lies off the page.
  function undrawn(e) {
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return true;
    const w = e.ownerDocument.defaultView;
    if (r.right + w.scrollX <= 0 || r.bottom + w.scrollY <= 0) return true;
    const st = getComputedStyle(e);
    if (/^inset\((5\d|[6-9]\d|100)(\.\d+)?%/.test(st.clipPath || '')) return true;
    const m = /^rect\(([-\d.]+)px,? ([-\d.]+)px,? ([-\d.]+)px,? ([-\d.]+)px\)$/.exec(st.clip || '');
    if (m && (st.position === 'absolute' || st.position === 'fixed') && (+m[2] - +m[4] < 2 || +m[3] - +m[1] < 2)) return true;
    for (let c = e; c && c.nodeType === 1 && c.localName !== 'body'; c = c.parentElement || (c.parentNode && c.parentNode.host) || null) {
      if (getComputedStyle(c).opacity === '0') return true;
    }
    return false;
  }
  // drawnOver tells whether the hit test at the centre of e's box reaches
  // another control (something focusable, or of a widget's role) that
  // does not hold e: a widget drawn in its place.
  function drawnOver(e) {
    const r = e.getBoundingClientRect();
    const hit = hitAt(e, r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit === e || e.contains(hit)) return false;
    for (let c = hit; c && c.nodeType === 1 && !c.contains(e); c = c.parentElement) {
      if (c.tabIndex >= 0 || INTERACTIVE.has(explicitRole(c.getAttribute('role') || '') || '')) return true;
    }
    return false;
  }
  // editorTargets keeps, from walk to walk, the focus target of each
  // editor surface the walks found, for editorOf.
  const editorTargets = new WeakMap();
  // editorOf is the element that takes the text typed into e, for the
  // actions that type by a ref: e's focus target when e is an editor's
  // surface (the element its ref names), e when it takes text itself, else
  // the first editor inside it; null when there is none.
  function editorOf(e) {
    const t = editorTargets.get(e);
    if (t && t.isConnected) return t;
    if (e.isContentEditable || e.editContext || e.localName === 'textarea' || e.localName === 'input') return e;
    for (const c of e.querySelectorAll(EDITORS)) {
      if (c.localName === 'textarea' || c.isContentEditable || c.editContext ||
          explicitRole(c.getAttribute('role') || '') === 'textbox') return c;
    }
    return null;
  }
  // targetName is the name of an editor's focus target, which names its
  // surface.
  function targetName(c) {
    const lby = c.getAttribute('aria-labelledby');
    return (lby && labelledBy(c, lby)) || nnorm(c.getAttribute('aria-label') || '') || labelsName(c) ||
      placeholderOf(c, c.localName) || attr(c, 'title');
  }

  function walkFrame(e, rec, cctx) {
    let doc = null;
    try {
      doc = e.contentDocument;
    } catch (err) {
      doc = null;
    }
    const body = doc && (doc.body || doc.documentElement);
    if (!body) {
      rec.oop = !doc;
      return;
    }
    const fr = frames.length;
    frames.push(idOf(e));
    indexLabels(doc);
    const saveL = landmarkDepth, saveG = gridDepth, saveB = activeBox, saveA = armed, saveE = editDepth, saveC = ctlDepth;
    ctlDepth = 0;
    landmarkDepth = 0;
    gridDepth = 0;
    activeBox = armed = false;
    editDepth = 0;
    walkBody(body, cctx, fr);
    landmarkDepth = saveL;
    gridDepth = saveG;
    activeBox = saveB;
    armed = saveA;
    editDepth = saveE;
    ctlDepth = saveC;
  }

  function clean(s) {
    return s.replace(/[\t\n\r\x7f]/g, ' ');
  }

  // snap walks the document and returns the records. opts: scope (id or
  // 0), interactive, maxDepth (0 = unlimited), plugin (the options of a
  // registered plugin, its name in plugin.name).
  function snap(opts, pathsUpTo) {
    recs = [];
    frames = [0];
    labelsOf = new Map();
    hostNamed = new WeakSet();
    labelHasCtl = new Set();
    runs = !opts.interactive;
    scopeEl = null;
    scopeStart = -1;
    scopeEnd = -1;
    stop = false;
    landmarkDepth = 0;
    gridDepth = 0;
    activeBox = false;
    armed = false;
    faded = false;
    editDepth = 0;
    ctlDepth = 0;
    refsMade = actsMade = drawnMade = 0;
    surfaces = null;
    targets = null;
    builtinCands = 0;
    walked = 0;
    textSeen = 0;
    hostCands = [];
    plugin = opts.plugin ? plugins[opts.plugin.name](opts.plugin) : null;
    if (opts.scope) {
      scopeEl = el(opts.scope);
      if (!scopeEl) return '\u0000gone';
    }
    const doc = document;
    indexLabels(doc);
    const body = doc.body || doc.documentElement;
    const root = { depth: 0, run: '', texts: null };
    if (body) {
      walkBody(body, root, 0);
      if (runs) flush(root);
    }

    let from = 0, to = recs.length, base = 0;
    if (scopeEl) {
      if (scopeStart < 0) {
        from = to = 0;
      } else {
        from = scopeStart;
        to = scopeEnd;
        base = from < to ? recs[scopeStart].d : 0;
        // A bare scope's lines may start deeper than they go on.
        for (let i = from; i < to; i++) base = Math.min(base, recs[i].d);
      }
    }
    // nth counts repeats of (role, name) among ref'd elements of a frame,
    // in document order.
    const counts = [];
    for (let i = 0; i < to; i++) {
      const r = recs[i];
      if (r.k !== 'E' || !r.id || !r.name) continue;
      const byRole = counts[r.fr] || (counts[r.fr] = new Map());
      let byName = byRole.get(r.role);
      if (!byName) byRole.set(r.role, byName = new Map());
      const n = byName.get(r.name) || 0;
      r.nth = n;
      byName.set(r.name, n + 1);
    }
    if (plugin) {
      recs = plugin.pick(recs, frames);
      from = 0;
      to = recs.length;
      base = 0;
    }
    // One flat array joined once: far cheaper than a string per record.
    const out = ['H', clean(location.href), clean(norm(unformat(doc.title))),
      scopeEl && scopeStart < 0 ? '0' : '1', walked];
    const maxDepth = opts.maxDepth > 0 ? opts.maxDepth : Infinity;
    const usedFrames = new Set();
    // hoisted holds the depths of the dropped lines (see walkEl) the
    // record being written is under: it moves up one level for each.
    const hoisted = [];
    for (let i = from; i < to; i++) {
      const r = recs[i];
      while (hoisted.length && hoisted[hoisted.length - 1] >= r.d) hoisted.pop();
      if (r.hoist) {
        hoisted.push(r.d);
        continue;
      }
      const d = r.d - base - hoisted.length;
      if (d >= maxDepth) continue;
      if (r.k === 'T') {
        if (!r.drop) out.push('T', d, r.t);
        continue;
      }
      if (opts.interactive && (!r.id || r.anchor)) continue;
      if (r.fr) usedFrames.add(r.fr);
      if (r.nth || r.attrs || r.value || r.fr || r.oop || r.quiet || r.anchor) {
        out.push('X', d, r.role, r.name, r.id || '', r.nth, r.attrs, r.value, r.fr,
          (r.oop ? 1 : 0) | (r.quiet ? 2 : 0) | (r.anchor ? 4 : 0));
      } else {
        out.push('E', d, r.role, r.name, r.id || '');
      }
    }
    for (const f of usedFrames) out.push('F', f, frames[f]);
    if (hostCands.length) out.push('C', hostCands.length);
    // A first walk of a small document also says where its elements are,
    // for DOM.describeNode's tree of the document, which goes out behind
    // it (see ahead.go): their refs are placed without another call.
    if (pathsUpTo > 0 && walked <= pathsUpTo) {
      const cache = new Map();
      for (let i = from; i < to; i++) {
        const r = recs[i];
        if (r.k !== 'E' || !r.id) continue;
        const e = el(r.id);
        const p = e && pathOf(e, cache);
        if (p) out.push('P', r.id, p);
      }
    }
    const result = out.join('\x7f');
    recs = null;
    labelsOf = null;
    labelHasCtl = null;
    pseudoDocs = null;
    shadowDepth = 0;
    scopeEl = null;
    surfaces = null;
    targets = null;
    clickProps = new WeakSet();
    plugin = null;
    sweep();
    return result;
  }

  // els returns the live elements for ids (null where gone), for batched
  // backend node id lookups.
  function els(list) {
    return list.map(el);
  }

  // indexIn is n's index among its parent's element children, numbering
  // all siblings at once so that many paths stay linear.
  function indexIn(n, cache) {
    let i = cache.get(n);
    if (i === undefined) {
      let k = 0;
      for (let c = n.parentNode.firstElementChild; c; c = c.nextElementSibling) cache.set(c, k++);
      i = cache.get(n);
    }
    return i;
  }

  // pathOf locates e from the world's document for DOM.describeNode's
  // tree: element-child indexes, "s" into an open shadow root, "d" into
  // an iframe's document; then e's local name, to check the landing.
  function pathOf(e, cache) {
    const steps = [];
    let n = e;
    for (;;) {
      const p = n.parentNode;
      if (!p) return null;
      steps.push(indexIn(n, cache));
      if (p.nodeType === 11) {
        if (!p.host) return null;
        steps.push('s');
        n = p.host;
      } else if (p.nodeType === 9) {
        if (p === document) break;
        const fe = p.defaultView && p.defaultView.frameElement;
        if (!fe) return null;
        steps.push('d');
        n = fe;
      } else {
        n = p;
      }
    }
    return steps.reverse().join('.') + ' ' + e.localName;
  }

  // paths returns pathOf each live element of ids, or null.
  function paths(list) {
    const cache = new Map();
    return list.map((id) => {
      const e = el(id);
      return e ? pathOf(e, cache) : null;
    });
  }

  // mark records elements whose onclick property page script set.
  function mark(list) {
    clickProps = new WeakSet(list.filter(Boolean));
  }

  // lib is what plugins share of the walk's rules.
  const lib = { idOf, shadowOf, norm, nnorm, unformat, attr, labelledBy, labelsName, placeholderOf,
    explicitRole, implicitRole, editorOf, SKIP, INLINE_TAGS, CV, ariaAttr };
  globalThis.__ab = { token, snap, el, els, paths, mark, idOf, cands, addRoot, plugins, lib, aria: ariaNow, framePending, heard, timers };
  return token;
})
