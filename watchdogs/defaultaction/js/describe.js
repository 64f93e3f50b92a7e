function (e) {
  // describe names an element for an action's result when no snapshot
  // gave it a ref: its role (or tag) and a short name.
  if (!e || e.nodeType !== 1) return '';
  const tag = e.localName;
  const ab = globalThis.__ab;
  let role = ((ab && ab.aria ? ab.aria(e, 'role') : e.getAttribute('role')) || '').trim().split(/\s+/)[0];
  if (!role) {
    if (tag === 'input') role = ({checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', range: 'slider', search: 'searchbox'})[e.type] || 'textbox';
    else if (tag === 'textarea' || e.isContentEditable || e.editContext) role = 'textbox';
    else if (tag === 'select') role = 'combobox';
    else if (tag === 'a' && e.hasAttribute('href')) role = 'link';
    else if (tag === 'button') role = 'button';
    else role = tag;
  }
  let name = e.getAttribute('aria-label') || '';
  if (!name && e.labels && e.labels.length) name = e.labels[0].innerText;
  if (!name) name = e.getAttribute('placeholder') || e.getAttribute('title') || '';
  if (!name && !(tag === 'input' || tag === 'textarea' || e.isContentEditable)) name = e.innerText || '';
  name = name.replace(/\s+/g, ' ').trim();
  if (name.length > 40) name = name.slice(0, 39) + '\u2026';
  return name ? role + ' ' + JSON.stringify(name) : role;
}
