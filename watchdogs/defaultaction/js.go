package defaultaction

// The functions below run with Runtime.callFunctionOn on an element handle
// in agentbrowser's isolated world, so page scripts can neither see nor
// disturb them. DOM events they dispatch reach page listeners as usual.

// jsInfo describes what kind of control an element is.
const jsInfo = `function () {
  const e = this, tag = e.localName, role = (e.getAttribute('role') || '').trim().toLowerCase();
  const info = { tag, type: (tag === 'input' ? (e.type || 'text') : ''), role,
    editable: false, multiple: !!e.multiple, disabled: !!e.disabled, checkable: '', checked: false,
    connected: e.isConnected };
  if (tag === 'textarea') info.editable = !e.readOnly;
  else if (tag === 'input') {
    info.editable = !e.readOnly && !['button','checkbox','radio','file','submit','reset','image','color','range','hidden'].includes(info.type);
    if (info.type === 'checkbox' || info.type === 'radio') { info.checkable = info.type; info.checked = e.checked; }
  } else if (e.isContentEditable) info.editable = true;
  if (!info.checkable && ['checkbox','switch','menuitemcheckbox','radio','menuitemradio'].includes(role)) {
    info.checkable = 'aria'; info.checked = e.getAttribute('aria-checked') === 'true';
  }
  if (tag === 'select') {
    info.options = Array.from(e.options).map(o => ({ value: o.value, label: (o.label || o.text).trim(), selected: o.selected, disabled: o.disabled }));
  }
  return info;
}`

// jsHit hit-tests point (x, y), given in the viewport of the element's
// world (its frame process's root frame), and returns "" when a click
// there reaches the element (or a label of it), otherwise a description of
// what is on top.
const jsHit = `function (x, y) {
  const el = this;
  if (!el.isConnected) return 'nothing (the element was removed)';
  const doc = el.ownerDocument;
  const chain = [];
  try { for (let w = doc.defaultView; w && w.frameElement; w = w.parent) chain.push(w.frameElement); } catch (e) {}
  let lx = x, ly = y;
  for (let i = chain.length - 1; i >= 0; i--) {
    const fe = chain[i], r = fe.getBoundingClientRect(), cs = fe.ownerDocument.defaultView.getComputedStyle(fe);
    lx -= r.left + fe.clientLeft + parseFloat(cs.paddingLeft);
    ly -= r.top + fe.clientTop + parseFloat(cs.paddingTop);
  }
  let hit = doc.elementFromPoint(lx, ly);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(lx, ly);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return 'nothing (the point is outside the frame)';
  const up = (n) => n.parentNode || n.host || null;
  const within = (n, root) => { for (let c = n; c; c = up(c)) if (c === root) return true; return false; };
  if (within(hit, el)) return '';
  for (let c = hit; c; c = up(c)) if (c.localName === 'label' && c.control === el) return '';
  if (el.localName === 'label' && el.control && within(hit, el.control)) return '';
  let cover = hit;
  for (let c = hit; c && c.nodeType === 1; c = up(c)) {
    const p = c.ownerDocument.defaultView.getComputedStyle(c).position;
    if (p === 'fixed' || p === 'sticky' || p === 'absolute') { cover = c; }
  }
  let s = cover.localName;
  if (cover.id) s += '#' + cover.id;
  else if (cover.classList && cover.classList.length) s += '.' + Array.from(cover.classList).slice(0, 2).join('.');
  const t = (cover.innerText || cover.textContent || '').replace(/\s+/g, ' ').trim();
  if (t) s += ' "' + (t.length > 40 ? t.slice(0, 39) + '\u2026' : t) + '"';
  return s;
}`

// jsClick clicks through script, ignoring what covers the element.
const jsClick = `function () { this.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'}); this.click(); }`

// jsSelectAll selects an editable element's whole content so the next
// key press replaces it.
const jsSelectAll = `function () {
  this.focus();
  if (this.localName === 'input' || this.localName === 'textarea') { this.select(); return; }
  const s = this.ownerDocument.getSelection(), r = this.ownerDocument.createRange();
  r.selectNodeContents(this); s.removeAllRanges(); s.addRange(r);
}`

// jsValue reads an editable element's value (text for contenteditable).
const jsValue = `function () {
  if (this.localName === 'input' || this.localName === 'textarea') return this.value;
  return this.innerText;
}`

// jsForceClear empties an input through the native value setter and tells
// frameworks with an input event; used when key-based clearing left text.
const jsForceClear = `function () {
  if (this.localName === 'input' || this.localName === 'textarea') {
    const proto = this.localName === 'input' ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(this, '');
  } else { this.textContent = ''; }
  this.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'deleteContentBackward'}));
  this.dispatchEvent(new Event('change', {bubbles: true}));
}`

// jsFocused reports whether the element has focus in its document.
const jsFocused = `function () {
  let a = this.ownerDocument.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a === this || this.contains(a);
}`

// jsScrollElement scrolls the element, or its nearest scrollable ancestor
// on the asked axes, or the page, and returns the new position.
const jsScrollElement = `function (dx, dy) {
  const can = (e, ax) => {
    const cs = e.ownerDocument.defaultView.getComputedStyle(e);
    const o = ax === 'x' ? cs.overflowX : cs.overflowY;
    return (ax === 'x' ? e.scrollWidth > e.clientWidth : e.scrollHeight > e.clientHeight) && /(auto|scroll|overlay)/.test(o);
  };
  let t = null;
  for (let e = this; e && e.nodeType === 1; e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null) {
    if ((dx && can(e, 'x')) || (dy && can(e, 'y'))) { t = e; break; }
  }
  const doc = this.ownerDocument;
  const target = t || doc.scrollingElement || doc.documentElement;
  const bx = target.scrollLeft, by = target.scrollTop;
  target.scrollBy({left: dx, top: dy, behavior: 'instant'});
  let name = target.localName;
  if (target.id) name += '#' + target.id;
  return { x: target.scrollLeft, y: target.scrollTop, moved: target.scrollLeft !== bx || target.scrollTop !== by, scrolled: t ? name : 'page' };
}`

// jsScrollPage scrolls the top document (an expression).
const jsScrollPage = `(function (dx, dy) {
  if (dx === 0 && dy === 0) dy = Math.round(window.innerHeight * 0.8);
  const bx = window.scrollX, by = window.scrollY;
  window.scrollBy({left: dx, top: dy, behavior: 'instant'});
  return { x: window.scrollX, y: window.scrollY, moved: window.scrollX !== bx || window.scrollY !== by, scrolled: 'page' };
})`

// jsSelect selects options of a <select> by value or label and fires
// input and change; it returns {error} or {selected}.
const jsSelect = `function (wanted) {
  if (this.localName !== 'select') return { error: 'not a <select> element' };
  const opts = Array.from(this.options);
  const norm = s => (s || '').replace(/\s+/g, ' ').trim();
  const pick = [];
  for (const w of wanted) {
    let o = opts.find(o => o.value === w) || opts.find(o => norm(o.label || o.text) === norm(w)) ||
      opts.find(o => norm(o.label || o.text).toLowerCase() === norm(w).toLowerCase());
    if (!o) return { error: 'no option with value or label ' + JSON.stringify(w), options: opts.map(o => ({ value: o.value, label: norm(o.label || o.text) })) };
    if (o.disabled) return { error: 'option ' + JSON.stringify(w) + ' is disabled' };
    pick.push(o);
  }
  if (pick.length > 1 && !this.multiple) return { error: 'the <select> takes one option, got ' + pick.length };
  if (this.multiple) { for (const o of opts) o.selected = pick.includes(o); }
  else { this.value = pick[0].value; pick[0].selected = true; }
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: opts.filter(o => o.selected).map(o => ({ value: o.value, label: norm(o.label || o.text) })) };
}`

// jsVisible reports whether the element has a box that can be seen.
const jsVisible = `function () {
  if (!this.isConnected) return false;
  const cs = this.ownerDocument.defaultView.getComputedStyle(this);
  if (cs.visibility === 'hidden' || cs.display === 'none' || cs.opacity === '0') return false;
  const r = this.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}`
