function () {
  // type-suggest waits, in the world type-ready.js armed, for the wait
  // type-settle.js began for the suggestions of the field typed into
  // (watch.js's suggested) to end; false when none began.
  const p = globalThis.__agentbrowserSuggesting;
  delete globalThis.__agentbrowserSuggesting;
  return p ? p.then(() => true) : false;
}
