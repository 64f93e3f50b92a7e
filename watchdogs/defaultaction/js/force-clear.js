function () {
  if (this.localName === 'input' || this.localName === 'textarea') {
    const proto = this.localName === 'input' ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(this, '');
  } else { this.textContent = ''; }
  this.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'deleteContentBackward'}));
  this.dispatchEvent(new Event('change', {bubbles: true}));
}