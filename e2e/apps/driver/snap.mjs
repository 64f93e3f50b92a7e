// Reading a snapshot as an agent reads it: the lines `- role "name" [attrs]
// [ref=eN]: text`, nested by indentation. Works on agentbrowser's text and
// on Playwright MCP's (the same grammar inside its yaml block).

const LINE = /^(\s*)- (?:"([^"]*)"|([a-zA-Z][\w-]*))(?: "((?:[^"\\]|\\.)*)")?(.*)$/;

// parse turns snapshot text into a tree of {role, name, ref, attrs, text,
// line, children, parent}.
export function parse(text) {
  const root = { role: 'root', name: '', children: [], depth: -1, line: '' };
  const stack = [root];
  for (const raw of text.split('\n')) {
    const m = raw.match(LINE);
    if (!m) continue;
    const depth = m[1].length;
    const role = m[3] || 'text';
    let name = m[4] !== undefined ? m[4].replace(/\\"/g, '"').replace(/\\\\/g, '\\') : '';
    let rest = m[5] || '';
    const ref = (rest.match(/\[ref=([a-z0-9_]+)\]/) || [])[1] || '';
    let text = '';
    const colon = rest.match(/^(?:\s*\[[^\]]*\])*:\s?(.*)$/);
    if (colon) text = colon[1];
    if (role === 'text' && !name) { text = rest.replace(/^:\s?/, ''); }
    if (m[2] !== undefined) { text = m[2]; }
    const attrs = [...rest.matchAll(/\[([^\]=]+)(?:=([^\]]*))?\]/g)].filter((a) => a[1] !== 'ref').map((a) => (a[2] === undefined ? a[1] : `${a[1]}=${a[2]}`));
    while (stack.length > 1 && stack[stack.length - 1].depth >= depth) stack.pop();
    const parent = stack[stack.length - 1];
    const node = { role, name, ref, attrs, text: text.replace(/^"|"$/g, ''), depth, children: [], parent, line: raw.trim() };
    parent.children.push(node);
    stack.push(node);
  }
  return root;
}

export function* walk(node) {
  for (const c of node.children) {
    yield c;
    yield* walk(c);
  }
}

const matches = (want, got) => {
  if (want === undefined) return true;
  if (want instanceof RegExp) return want.test(got);
  if (Array.isArray(want)) return want.some((w) => matches(w, got));
  return want === got;
};

// all finds the nodes under root whose role and name (or, with text, the
// text after the colon) match; role and name may be strings, regular
// expressions or lists of either.
export function all(root, { role, name, text, ref, attr } = {}) {
  const out = [];
  for (const n of walk(root)) {
    if (!matches(role, n.role)) continue;
    if (name !== undefined && !matches(name, n.name)) continue;
    if (text !== undefined && !matches(text, n.text) && !matches(text, n.name)) continue;
    if (ref && !n.ref) continue;
    if (attr !== undefined && !n.attrs.some((a) => matches(attr, a))) continue;
    out.push(n);
  }
  return out;
}

// textOf is a node's words: its name, its text and its descendants'.
export function textOf(node) {
  const parts = [node.name, node.text];
  for (const n of walk(node)) parts.push(n.name, n.text);
  return parts.filter(Boolean).join(' ');
}

// nearestRef is the node's own ref, else its nearest ancestor's: what an
// agent clicks when the line it wants has no ref of its own.
export function nearestRef(node) {
  for (let n = node; n; n = n.parent) if (n.ref) return n.ref;
  return '';
}

// outline is a short view of a subtree, for failure messages.
export function outline(node, max = 40) {
  const lines = [];
  for (const n of walk(node)) {
    lines.push(' '.repeat(Math.max(0, n.depth)) + n.line);
    if (lines.length >= max) { lines.push('…'); break; }
  }
  return lines.join('\n');
}
