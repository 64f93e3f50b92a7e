function () {
  // file-names lists the names of the files a file input holds.
  return Array.from(this.files || []).map((f) => f.name);
}
