// read.js is evaluated in agentbrowser's isolated world after snapshot.js,
// as `(<this file>)(globalThis.__ab)`. It registers the "read" plugin of
// the snapshot walk: the readable content of the document (or of one
// element) as compact Markdown, its links carrying the refs the snapshot
// gives them (the walk names them).
//
// Options: { name: "read", all (keep navigation chrome), scope (a world
// element id, or 0), token (the world the scope id belongs to) }.
//
// The records it returns, in order: text records, one per line of
// Markdown, in which each link's target is the placeholder "\x02"; before
// a line, the element records of its links, in order; where an
// out-of-process iframe is, the text record "\x01f" then the iframe's
// element record, after which the Go side puts that frame's own lines. A
// scope element that is gone gives the one text record "\x01gone".
(function (ab) {
  'use strict';
  if (!ab || !ab.plugins) return;
  const L = ab.lib;

  // CHROME roles are a site's navigation chrome, left out unless all.
  const CHROME = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);
  const CHROME_TAGS = new Set(['nav', 'aside']);
  // SKIP_TAGS hold no readable text (controls, media, templates).
  const SKIP_TAGS = new Set(['button', 'input', 'select', 'textarea', 'option', 'datalist', 'dialog',
    'svg', 'canvas', 'video', 'audio', 'object', 'embed', 'math']);
  const WS = /\s+/g;

  ab.plugins.read = function (q) {
    const links = new Map();
    const oops = new Map();
    return {
      visit(e, tag, role, rec) {
        if (!rec || !rec.id) return;
        if (rec.role === 'link') links.set(e, rec);
        else if (rec.oop) oops.set(e, rec);
      },
      pick() {
        const out = [];
        let root = null;
        if (q.scope && q.token === ab.token) {
          root = ab.el(q.scope);
          if (!root) return [{ k: 'T', d: 0, t: '\x01gone' }];
        }
        new Reader(out, links, oops, !!q.all).read(root);
        return out;
      },
    };
  };

  // Reader turns a subtree into Markdown lines.
  class Reader {
    constructor(out, links, oops, all) {
      this.out = out;
      this.links = links;
      this.oops = oops;
      this.all = all;
      // The paragraph being gathered: its text and its links' records.
      this.text = '';
      this.pend = [];
      // prefix starts the next line of the block being written (list
      // indentation, quote marks), after the lines after it (a list
      // item's mark goes on its first line only); lastBlank avoids
      // doubled blank lines.
      this.prefix = '';
      this.after = null;
      this.lastBlank = true;
    }

    read(root) {
      if (!root) {
        const doc = document;
        const body = doc.body || doc.documentElement;
        if (!body) return;
        root = body;
        if (!this.all) {
          // A page with one main region reads as that region.
          const mains = doc.querySelectorAll('main, [role=main]');
          const shown = [...mains].filter((m) => m.checkVisibility(L.CV));
          if (shown.length === 1) root = shown[0];
        }
        this.kids(root);
      } else {
        this.node(root);
      }
      this.flush();
    }

    line(t) {
      const s = t.replace(/[\x00-\x01\x03-\x1f\x7f]/g, ' ');
      if (!s.trim()) {
        if (this.lastBlank) return;
        this.lastBlank = true;
        this.out.push({ k: 'T', d: 0, t: '' });
        return;
      }
      this.lastBlank = false;
      this.out.push({ k: 'T', d: 0, t: (this.prefix + s).replace(/\s+$/, '') });
      if (this.after !== null) {
        this.prefix = this.after;
        this.after = null;
      }
    }

    blank() {
      this.line('');
    }

    // flush writes the paragraph gathered so far.
    flush() {
      const t = this.text.replace(WS, ' ').trim();
      this.text = '';
      if (!t) {
        this.pend = [];
        return;
      }
      for (const r of this.pend) this.out.push(r);
      this.pend = [];
      this.line(t);
      if (!this.prefix) this.blank();
    }

    hidden(e) {
      if (e.getAttribute('aria-hidden') === 'true') return true;
      if (e.checkVisibility(L.CV)) return false;
      const st = getComputedStyle(e);
      return st.display !== 'contents';
    }

    chrome(e, tag) {
      if (this.all) return false;
      if (CHROME_TAGS.has(tag)) return true;
      const r = e.getAttribute('role');
      if (r && CHROME.has(r.trim().toLowerCase())) return true;
      // A header or footer of the page, not of an article or section.
      if (tag === 'header' || tag === 'footer') {
        for (let p = e.parentElement; p; p = p.parentElement) {
          const t = p.localName;
          if (t === 'article' || t === 'section' || t === 'main' || t === 'aside' || t === 'nav') return false;
        }
        return true;
      }
      return false;
    }

    // kids reads the composed-tree children of e.
    kids(e) {
      const sr = L.shadowOf(e);
      let list = sr ? sr.childNodes : e.childNodes;
      if (!sr && e.localName === 'slot') {
        const a = e.assignedNodes();
        if (a.length) list = a;
      }
      for (const c of list) this.node(c);
    }

    // inline adds n's text to the paragraph.
    inline(n) {
      if (n.nodeType === 3) {
        this.text += n.data.replace(/\x02/g, ' ');
        return;
      }
      if (n.nodeType !== 1) return;
      const e = n, tag = e.localName;
      if (L.SKIP.has(tag) || SKIP_TAGS.has(tag) || this.hidden(e)) return;
      if (tag === 'br') {
        this.text += ' ';
        return;
      }
      if (tag === 'img') {
        const alt = (e.getAttribute('alt') || '').replace(WS, ' ').trim();
        if (alt) this.text += '![' + alt + ']';
        return;
      }
      if (tag === 'iframe' || tag === 'frame') {
        this.frame(e);
        return;
      }
      if (tag === 'code' || tag === 'kbd' || tag === 'samp') {
        const t = e.textContent.replace(WS, ' ').trim();
        if (t) this.text += ' `' + t + '` ';
        return;
      }
      const rec = this.links.get(e);
      if (rec) {
        const before = this.text;
        this.text = '';
        this.kids(e);
        const t = this.text.replace(WS, ' ').trim().replace(/[[\]]/g, '\\$&');
        this.text = before + (t ? '[' + t + '][\x02]' : '');
        if (t) this.pend.push(rec);
        return;
      }
      this.kids(e);
    }

    // node reads n as a block or as inline content.
    node(n) {
      if (n.nodeType !== 1) {
        this.inline(n);
        return;
      }
      const e = n, tag = e.localName;
      if (L.SKIP.has(tag) || SKIP_TAGS.has(tag) || this.hidden(e) || this.chrome(e, tag)) return;
      if (L.INLINE_TAGS.has(tag) || this.links.has(e)) {
        this.inline(e);
        return;
      }
      const role = (e.getAttribute('role') || '').trim().toLowerCase();
      if (/^h[1-6]$/.test(tag) || role === 'heading') {
        this.flush();
        const level = tag[0] === 'h' && tag.length === 2 ? +tag[1] : Math.min(6, Math.max(1, +e.getAttribute('aria-level') || 2));
        this.kids(e);
        const t = this.text.replace(WS, ' ').trim();
        this.text = '';
        if (t) {
          for (const r of this.pend) this.out.push(r);
          this.blank();
          this.line('#'.repeat(level) + ' ' + t);
          this.blank();
        }
        this.pend = [];
        return;
      }
      switch (tag) {
        case 'ul': case 'ol': case 'menu':
          this.list(e, tag === 'ol');
          return;
        case 'table':
          this.table(e);
          return;
        case 'pre':
          this.pre(e);
          return;
        case 'blockquote':
          this.quote(e);
          return;
        case 'hr':
          this.flush();
          this.line('---');
          this.blank();
          return;
        case 'iframe': case 'frame':
          this.frame(e);
          return;
        case 'details':
          if (!e.open) {
            const s = e.querySelector(':scope > summary');
            if (s) this.node(s);
            return;
          }
          break;
      }
      this.flush();
      this.kids(e);
      this.flush();
    }

    list(e, ordered) {
      this.flush();
      if (this.after !== null) {
        // A list that starts an item: it goes below the item's mark.
        this.out.push({ k: 'T', d: 0, t: this.prefix.trimEnd() });
        this.lastBlank = false;
        this.prefix = this.after;
        this.after = null;
      }
      const saved = this.prefix;
      let n = 0;
      for (const li of e.children) {
        if (li.localName !== 'li' || this.hidden(li)) continue;
        n++;
        const mark = ordered ? n + '. ' : '- ';
        const pad = saved + ' '.repeat(mark.length);
        // The item's first line after its mark, the others indented.
        this.prefix = saved + mark;
        this.after = pad;
        this.kids(li);
        this.flush();
      }
      this.prefix = saved;
      this.after = null;
      if (!saved) this.blank();
    }

    // cell is a table cell's text, one line, with its links.
    cell(c) {
      const before = this.text;
      this.text = '';
      this.kids(c);
      const t = this.text.replace(WS, ' ').trim().replace(/\|/g, '\\|');
      this.text = before;
      return t;
    }

    table(e) {
      this.flush();
      const rows = [];
      for (const r of e.querySelectorAll(':scope > tr, :scope > thead > tr, :scope > tbody > tr, :scope > tfoot > tr')) {
        if (this.hidden(r)) continue;
        const cells = [];
        for (const c of r.children) {
          if ((c.localName === 'td' || c.localName === 'th') && !this.hidden(c)) cells.push(this.cell(c));
        }
        if (cells.some((x) => x)) rows.push(cells);
      }
      if (!rows.length) {
        this.pend = [];
        return;
      }
      const width = Math.max(...rows.map((r) => r.length));
      for (const r of this.pend) this.out.push(r);
      this.pend = [];
      rows.forEach((r, i) => {
        while (r.length < width) r.push('');
        this.line('| ' + r.join(' | ') + ' |');
        if (i === 0) this.line('|' + ' --- |'.repeat(width));
      });
      this.blank();
    }

    pre(e) {
      this.flush();
      const t = e.textContent.replace(/\n+$/, '');
      if (!t.trim()) return;
      this.blank();
      this.line('```');
      for (const l of t.split('\n')) {
        this.lastBlank = false;
        this.out.push({ k: 'T', d: 0, t: (this.prefix + l.replace(/[\x00-\x01\x03-\x1f\x7f]/g, ' ')).replace(/\s+$/, '') });
      }
      this.line('```');
      this.blank();
    }

    quote(e) {
      this.flush();
      const saved = this.prefix;
      this.prefix = saved + '> ';
      this.kids(e);
      this.flush();
      this.prefix = saved;
      this.blank();
    }

    frame(e) {
      const rec = this.oops.get(e);
      if (rec) {
        this.flush();
        this.out.push({ k: 'T', d: 0, t: '\x01f' }, rec);
        return;
      }
      let d = null;
      try {
        d = e.contentDocument;
      } catch (err) {
        d = null;
      }
      if (d && d.body) {
        this.flush();
        this.kids(d.body);
        this.flush();
      }
    }
  }
})
