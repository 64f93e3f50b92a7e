function () {
  // selected-now reads the options a <select> has selected.
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  return Array.from(this.selectedOptions || []).map((o) => ({value: o.value, label: norm(o.label || o.text)}));
}
