function (v) {
  // restore-value puts a field's value back without events: the text an
  // editor's hidden field kept but the editor never took.
  const proto = this.localName === 'input' ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(this, v);
}
