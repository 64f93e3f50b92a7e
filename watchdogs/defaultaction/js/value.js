function () {
  if (this.localName === 'input' || this.localName === 'textarea') return this.value;
  return this.innerText;
}