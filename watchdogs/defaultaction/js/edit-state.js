function (surface) {
  // edit-state describes the element typing goes to (this) and reads what
  // it and its visible surface show: kind ("input", "textarea",
  // "contenteditable", "editcontext", or "keys" for a focused element that
  // takes no text input), the input type, whether it is disabled or
  // read-only, focused, drawn with a box a user can see (shown), its value
  // (an EditContext's text, an editable host's text), the surface's text
  // (an editor draws what its hidden element holds there) and the value of
  // the field that has focus (a grid opens one over a cell to edit it).
  // self says that surface is this element.
  const e = this, t = e.localName;
  const out = {kind: 'keys', type: '', disabled: !!e.disabled, readonly: !!e.readOnly, connected: e.isConnected,
    focused: false, shown: false, value: '', surface: '', focus_value: null, self: surface === e, password: false};
  if (e.editContext) { out.kind = 'editcontext'; out.value = e.editContext.text; }
  else if (t === 'input') { out.kind = 'input'; out.type = e.type || 'text'; out.value = e.value; out.password = e.type === 'password'; }
  else if (t === 'textarea') { out.kind = 'textarea'; out.value = e.value; }
  else {
    const d = e.ownerDocument;
    if (e.isContentEditable || ((t === 'body' || t === 'html') && d.designMode === 'on')) out.kind = 'contenteditable';
    out.value = e.innerText || '';
  }
  const a = e.getRootNode().activeElement;
  out.focused = !!a && (a === e || e.contains(a));
  out.shown = !(__BLANK__)(e);
  if (surface) {
    out.surface = surface.innerText || '';
    let f = surface.ownerDocument.activeElement;
    while (f && f.shadowRoot && f.shadowRoot.activeElement) f = f.shadowRoot.activeElement;
    if (f && (f.localName === 'input' || f.localName === 'textarea') && f.type !== 'password') out.focus_value = f.value;
  }
  return out;
}
