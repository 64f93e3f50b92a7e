function (watch, ids) {
  // effect ends watch and says what it saw, by value: the element that
  // took focus by a description and, in agentbrowser's isolated world
  // (ids), its world-local id, for its ref.
  const e = watch.effect();
  watch.stop();
  const out = {changed: e.changed, added: e.added, blind: e.blind};
  if (e.value !== undefined) out.value = e.value;
  if (e.checked !== undefined) out.checked = e.checked;
  if (e.focus) {
    const ab = ids ? globalThis.__ab : null;
    out.focus = {id: ab && ab.idOf ? ab.idOf(e.focus) : 0, desc: (__DESCRIBE__)(e.focus)};
  }
  return out;
}
