// ProseMirror with its example setup: a contenteditable document and a menu
// bar whose dropdowns open submenus.
import { StepError } from '../agent.mjs';

export const app = 'prosemirror';

const ready = (c) => (t) => c.all(t, { role: 'button', name: /strong/ }).length > 0 && /Draft/.test(t.source);

// editorOf is the document's textbox, or where a snapshot shows no textbox
// (Playwright MCP shows the editable's paragraph only), its paragraph.
const editorOf = (c, tree) => (c.all(tree, { role: 'textbox' }).length ? c.ref(tree, { role: 'textbox' }, 'the document') : c.ref(tree, { role: 'paragraph', text: 'Draft' }, 'the document'));

const firstBlock = "() => { const n = window.view.state.doc.firstChild; return { type: n.type.name, level: n.attrs.level || 0, text: n.textContent }; }";
const allStrong = `() => {
  const { doc, schema } = window.view.state;
  let text = '', strong = true;
  doc.descendants((n) => { if (n.isText) { text += n.text; if (!schema.marks.strong.isInSet(n.marks)) strong = false; } });
  return { text, strong };
}`;

export const tasks = [
  {
    name: 'prosemirror-heading',
    // "Make the first paragraph a level-2 heading."
    async run(c) {
      let tree = await c.open('/prosemirror.html', ready(c), 'the editor');
      await c.act(c.agent.click(editorOf(c, tree)));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: ['button', 'menuitem', 'combobox'], name: /^Type/ }, 'the Type menu')));
      tree = await c.lookFor((t) => /Heading/.test(t.source), 'the Type menu open');
      await c.act(c.agent.click(c.target(tree, 'Heading', 'the Heading submenu')));
      tree = await c.lookFor((t) => /Level 2/.test(t.source), 'the Heading levels');
      await c.act(c.agent.click(c.target(tree, 'Level 2', 'Level 2')));
      await c.expect('the first block', firstBlock, { type: 'heading', level: 2, text: 'Draft' });
    },
  },
  {
    name: 'prosemirror-strong-after-typing',
    // "Write `note N` and make it bold" (five times, no pause).
    async run(c) {
      for (let i = 1; i <= 5; i++) {
        const tree = await c.open('/prosemirror.html', ready(c), 'the editor');
        const doc = editorOf(c, tree);
        await c.act(c.agent.type(doc, `note ${i}`, { clear: true }));
        await c.act(c.agent.press('Control+A'));
        await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Toggle strong style' }, 'the strong button')));
        const got = await c.state(allStrong);
        if (got.text !== `note ${i}` || !got.strong) throw new StepError(`round ${i}: the document is ${JSON.stringify(got)}, want ${JSON.stringify({ text: `note ${i}`, strong: true })}`);
      }
    },
  },
];
