function () {
  // aria reads an attribute, or what the element's ElementInternals say
  // where no attribute does (the snapshot's record of them).
  const ab = globalThis.__ab, aria = (x, a) => (ab && ab.aria ? ab.aria(x, a) : x.getAttribute(a));
  const e = this, tag = e.localName, role = (aria(e, 'role') || '').trim().toLowerCase();
  const info = { tag, type: (tag === 'input' ? (e.type || 'text') : ''), role,
    editable: false, multiple: !!e.multiple, disabled: !!e.disabled, checkable: '', checked: false,
    connected: e.isConnected, popup: (aria(e, 'aria-haspopup') || '').trim().toLowerCase() };
  if (tag === 'textarea') info.editable = !e.readOnly;
  else if (tag === 'input') {
    info.editable = !e.readOnly && !['button','checkbox','radio','file','submit','reset','image','color','range','hidden'].includes(info.type);
    if (info.type === 'checkbox' || info.type === 'radio') { info.checkable = info.type; info.checked = e.checked; }
  } else if (e.isContentEditable || e.editContext) info.editable = true;
  // A separator one can focus that holds a value (aria-valuenow) is a
  // widget that moves, as a slider does: a handle between resizable panes.
  if (role === 'separator' && e.tabIndex >= 0 && (aria(e, 'aria-valuenow') || '').trim() !== '') info.movable = true;
  if (!info.checkable && ['checkbox','switch','menuitemcheckbox','radio','menuitemradio'].includes(role)) {
    info.checkable = 'aria'; info.checked = aria(e, 'aria-checked') === 'true';
  }
  // A link that saves its target (download attribute) starts a download
  // and no navigation: the click's result waits for it.
  if (e.closest && e.closest('a[download][href], area[download][href]')) info.download = true;
  if (tag === 'option') {
    // An option of a drop-down <select> has no box: a click picks it.
    const s = e.closest('select');
    info.dropdown = !!s && !s.multiple && s.size <= 1;
  }
  if (tag === 'select') {
    info.options = Array.from(e.options).map(o => ({ value: o.value, label: (o.label || o.text).trim(), selected: o.selected, disabled: o.disabled }));
  }
  return info;
}