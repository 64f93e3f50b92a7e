// CodeMirror 5 keeps a hidden textarea focused inside a wrapper 3 px wide
// and 0 px high with overflow: hidden, and draws the text itself.
export const app = 'codemirror5';

const ready = (c) => (t) => c.all(t, { role: 'textbox' }).length > 0 && /color: red/.test(t.source);

export const tasks = [
  {
    name: 'codemirror5-add-declaration',
    // "Add margin: 0; on a new line after color: red; in the stylesheet."
    async run(c) {
      const tree = await c.open('/codemirror5.html', ready(c), 'the editor');
      const editor = c.ref(tree, { role: 'textbox' }, 'the editor');
      await c.focusEditor(tree, editor);
      await c.act(c.agent.press('Control+Home'));
      await c.act(c.agent.press('ArrowDown'));
      await c.act(c.agent.press('End'));
      await c.act(c.agent.press('Enter'));
      // Look again before typing: some servers renumber refs after actions.
      const again = c.ref(await c.look(), { role: 'textbox' }, 'the editor');
      await c.act(c.agent.type(again, 'margin: 0;'));
      await c.expect('the stylesheet', '() => window.cm.getValue()', 'body {\n  color: red;\n  margin: 0;\n}\n');
    },
  },
  {
    name: 'codemirror5-replace-all',
    // "Replace the stylesheet with p { margin: 0 }."
    async run(c) {
      const tree = await c.open('/codemirror5.html', ready(c), 'the editor');
      const editor = c.ref(tree, { role: 'textbox' }, 'the editor');
      await c.replaceAll(tree, editor, 'p { margin: 0 }');
      await c.expect('the stylesheet', '() => window.cm.getValue()', 'p { margin: 0 }');
    },
  },
];
