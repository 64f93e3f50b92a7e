// inspect.js is called on an element in agentbrowser's isolated world as
// fn(what, arg): it reads one fact of the element for InspectElementEvent
// and answers { v } (a string, a boolean or an object), or { err } when
// the element has no such fact.
function (what, arg) {
  const e = this;
  const tag = e.localName;
  const disabled = () => {
    if (e.matches && e.matches(':disabled')) return true;
    const a = e.closest && e.closest('[aria-disabled]');
    return !!a && a.getAttribute('aria-disabled').toLowerCase() === 'true';
  };
  const textField = () => {
    if (tag === 'textarea') return true;
    if (tag !== 'input') return false;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden', 'range', 'color'].includes(e.type);
  };
  switch (what) {
    case 'text':
      return { v: typeof e.innerText === 'string' ? e.innerText : (e.textContent || '') };
    case 'value':
      if ('value' in e && (tag === 'input' || tag === 'textarea' || tag === 'select' || tag === 'option' ||
          tag === 'button' || tag === 'output' || tag === 'progress' || tag === 'meter' || tag === 'li' ||
          tag === 'data' || tag === 'param')) return { v: String(e.value) };
      if (e.isContentEditable) return { v: e.innerText };
      return { err: 'has no value: it is not a form field; use get text for its text' };
    case 'attr': {
      const v = e.getAttribute(arg);
      return { v: v };
    }
    case 'html':
      return { v: arg ? e.outerHTML : e.innerHTML };
    case 'box': {
      const r = e.getBoundingClientRect();
      return { v: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }
    case 'styles': {
      const cs = e.ownerDocument.defaultView.getComputedStyle(e);
      const out = {};
      if (arg && arg.length) {
        for (const p of arg) out[p] = cs.getPropertyValue(p);
      } else {
        for (let i = 0; i < cs.length; i++) out[cs[i]] = cs.getPropertyValue(cs[i]);
      }
      return { v: out };
    }
    case 'visible': {
      if (!e.isConnected) return { v: false };
      if (e.checkVisibility && !e.checkVisibility({ visibilityProperty: true })) return { v: false };
      const r = e.getBoundingClientRect();
      return { v: r.width > 0 && r.height > 0 };
    }
    case 'enabled':
      return { v: !disabled() };
    case 'checked': {
      if (tag === 'input' && (e.type === 'checkbox' || e.type === 'radio')) return { v: e.checked };
      const ab = globalThis.__ab, aria = (x, n) => (ab && ab.aria ? ab.aria(x, n) : x.getAttribute(n));
      const a = aria(e, 'aria-checked');
      if (a !== null) return { v: a.toLowerCase() === 'true' };
      const p = e.getAttribute('aria-pressed');
      if (p !== null) return { v: p.toLowerCase() === 'true' };
      return { err: 'is not a checkbox, radio button or switch, so it has no checked state' };
    }
    case 'editable': {
      if (disabled()) return { v: false };
      if (textField()) return { v: !e.readOnly };
      if (e.isContentEditable) return { v: true };
      const ro = e.getAttribute('aria-readonly');
      const role = e.getAttribute('role');
      if (role && ['textbox', 'searchbox', 'combobox', 'spinbutton'].includes(role)) return { v: !(ro && ro.toLowerCase() === 'true') };
      return { v: false };
    }
  }
  return { err: 'cannot be read as ' + what };
}
