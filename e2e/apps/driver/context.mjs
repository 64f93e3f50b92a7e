// What a task is given: the agent, the site, and the habits of an agent
// that reads before it acts. look() takes a snapshot and parses it; ref()
// finds an element by role and name in it, or fails with what the page
// showed; expect() is the final check, one evaluate of the app's own state.
import { setTimeout as sleep } from 'node:timers/promises';
import { StepError } from './agent.mjs';
import { parse, all, walk, textOf, outline, nearestRef } from './snap.mjs';

export function context(agent, site) {
  const c = {
    agent,
    site,
    url: (path) => site.replace(/\/$/, '') + path,

    // open loads a page and waits (by snapshots, as an agent looks again)
    // until ready(tree) holds: the app has drawn itself.
    async open(path, ready, what = 'the app') {
      agent.must(await agent.open(c.url(path)));
      return c.lookFor(ready, what);
    },

    // look takes a snapshot. A landmark said once ("[same as on an
    // earlier page: ...]") is looked at whole, as the server's text tells
    // an agent to: a snapshot of that landmark's ref, put in its place.
    async look() {
      let text = await agent.snapshot();
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const m = lines[i].match(/^(\s*)- .*\[ref=(e\d+)\].*\[same as on an earlier page/);
        if (!m) continue;
        const part = await agent.snapshot(m[2]);
        const body = part.split('\n').filter((l) => /^\s*- /.test(l) && !/^- Page (URL|Title):/.test(l));
        const base = (body[0] || '').match(/^\s*/)[0].length;
        // The landmark's own line is the part's first; its lines go under it.
        lines.splice(i, 1, ...body.map((l) => m[1] + l.slice(base)));
        i += body.length - 1;
      }
      text = lines.join('\n');
      const tree = parse(text);
      tree.source = text;
      return tree;
    },

    // lookFor takes snapshots until ready(tree) is true (at most 15 s).
    async lookFor(ready, what) {
      const deadline = Date.now() + 15000;
      for (;;) {
        const tree = await c.look();
        if (!ready || ready(tree)) return tree;
        if (Date.now() > deadline) throw new StepError(`the snapshot never showed ${what}:\n${outline(tree, 80)}`);
        await sleep(200);
      }
    },

    // ref is the ref of the node under tree that q matches (see snap.all);
    // with {nearest: true}, the node's nearest ancestor's ref when the node
    // has none. A line with no ref is reached as an agent would reach it
    // then, by a locator of its role and name or of its text (the docs say
    // a locator may stand where a ref goes); the log notes it.
    ref(tree, q, what, { nearest = false, index = 0 } = {}) {
      const found = all(tree, q);
      const n = found[index < 0 ? found.length + index : index];
      if (!n) throw new StepError(`the snapshot has no line for ${what} (looked for ${fmt(q)}):\n${outline(tree, 80)}`);
      if (n.ref) return n.ref;
      if (nearest && nearestRef(n)) return nearestRef(n);
      return c.locatorFor(n, what);
    },

    // target is the ref of the element labelled label (its name, or its
    // text when it is a leaf), else a text locator for it when the words
    // are on the page; pick chooses among several lines (default the first).
    target(tree, label, what, pick = (xs) => xs[0]) {
      const lines = [...walk(tree)].filter((n) => (n.name || n.text).trim() === label || (n.children.length === 0 && textOf(n).trim() === label));
      const n = pick(lines);
      if (n && n.ref) return n.ref;
      if (n) return c.locatorFor(n, what);
      if ([...walk(tree)].some((x) => textOf(x).includes(label))) {
        agent.note(`# ${what}: no line of its own in the snapshot; acting on the locator text="${label}"`);
        return `text="${label}"`;
      }
      throw new StepError(`no ${what} ("${label}") in the snapshot:\n${outline(tree, 60)}`);
    },

    // editor finds the field that an edit just opened: the focused one when
    // the snapshot marks focus, else a textbox inside a table's cell, else
    // the last textbox; null when there is none.
    editor(tree) {
      const withRef = [...walk(tree)].filter((n) => n.ref);
      const focused = withRef.find((n) => n.attrs.some((a) => a === 'active' || a === 'focused'));
      if (focused && (['textbox', 'searchbox', 'spinbutton', 'combobox'].includes(focused.role) || focused.role === 'generic')) return focused;
      const boxes = withRef.filter((n) => ['textbox', 'searchbox', 'spinbutton'].includes(n.role));
      const inCell = boxes.find((n) => { for (let p = n.parent; p; p = p.parent) if (['cell', 'gridcell'].includes(p.role)) return true; return false; });
      return inCell || boxes[boxes.length - 1] || null;
    },

    locatorFor(n, what) {
      let loc = '';
      if (n.name && n.role !== 'text') loc = `role=${n.role}[name="${n.name}"]`;
      else if ((n.text || '').trim()) loc = `text="${n.text.trim()}"`;
      if (!loc) throw new StepError(`${what} has no ref in the snapshot and no name or text to find it by: line "${n.line}" under "${n.parent?.line || ''}"`);
      agent.note(`# ${what}: line "${n.line}" has no ref; acting on the locator ${loc}`);
      return loc;
    },

    all,

    // act runs an action and fails the task when the server refused it.
    async act(p) { return agent.must(await p); },

    // expect evaluates fn (a function source returning the app's state) and
    // compares it with want (deep equality), polling for up to 3 s since the
    // app may apply an input after an animation frame or a fetch.
    async expect(what, fn, want) {
      const deadline = Date.now() + 3000;
      let got;
      for (;;) {
        got = await agent.evaluate(fn);
        if (same(got, want)) return got;
        if (Date.now() > deadline) break;
        await sleep(150);
      }
      throw new StepError(`${what}: the app's state is ${JSON.stringify(got)}, want ${JSON.stringify(want)} (read by ${fn})`);
    },

    async state(fn) { return agent.evaluate(fn); },

    // detours (AB_DETOURS=1, by hand only) lets a task take the way an
    // agent takes after its first attempt failed, to learn whether the task
    // can be done at all; a run of the suite never takes one.
    detours: process.env.AB_DETOURS === '1',

    // focusEditor clicks a code editor's textbox; with detours, when that
    // fails, it clicks the box that holds the textbox and the shown text
    // (the textbox's nearest ancestor with a ref) instead.
    async focusEditor(tree, editor) {
      const ans = await agent.click(editor);
      if (ans.ok) return;
      if (!c.detours) agent.must(ans);
      await c.act(agent.click(c.surfaceOf(tree, editor)));
    },

    surfaceOf(tree, editor) {
      const node = all(tree, { ref: true }).find((n) => n.ref === editor);
      let p = node && node.parent;
      while (p && !p.ref) p = p.parent;
      if (!p || p.role === 'root') {
        // The editor has no line of its own: click the first line of code
        // the editor shows (the line after the page's text above it).
        const code = all(tree, { ref: true }).find((n) => n.role !== 'heading' && /\(|\{|=|;/.test(n.name || n.text));
        if (!code) throw new StepError(`the editor ${editor} has no box around it with a ref to click`);
        agent.note(`# detour: clicking the editor's text ${code.ref} ("${code.line}") instead`);
        return code.ref;
      }
      agent.note(`# detour: clicking the editor's box ${p.ref} ("${p.line}") instead`);
      return p.ref;
    },

    // replaceAll replaces what a code editor holds: a type with clear
    // (agentbrowser's), or with detours a click on the editor's box, select
    // all and type.
    async replaceAll(tree, editor, text) {
      const ans = await agent.type(editor, text, { clear: true });
      if (ans.ok || !c.detours) return agent.must(ans);
      await c.act(agent.click(c.surfaceOf(tree, editor)));
      await c.act(agent.press('Control+A'));
      const again = c.ref(await c.look(), { role: 'textbox' }, 'the editor');
      return c.act(agent.type(again, text, { focused: true }));
    },
  };
  return c;
}

function fmt(q) {
  return JSON.stringify(q, (k, v) => (v instanceof RegExp ? String(v) : v));
}

// canon writes a value as JSON with its objects' keys sorted, so that two
// equal values compare equal whatever order their keys came in.
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

function same(a, b) {
  return canon(a) === canon(b);
}
