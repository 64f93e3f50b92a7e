// Ace keeps a hidden textarea focused and draws the text itself.
export const app = 'ace';

export const tasks = [
  {
    name: 'ace-append-line',
    // "Add a line `add(1, 2)` at the end of the editor."
    async run(c) {
      const tree = await c.open('/ace.html', (t) => c.all(t, { role: 'textbox' }).length > 0, 'the editor');
      const editor = c.ref(tree, { role: 'textbox' }, 'the editor');
      await c.focusEditor(tree, editor);
      await c.act(c.agent.press('Control+End'));
      await c.act(c.agent.press('Enter'));
      // Look again before typing: some servers renumber refs after actions.
      const again = c.ref(await c.look(), { role: 'textbox' }, 'the editor');
      await c.act(c.agent.type(again, 'add(1, 2)'));
      await c.expect('the document', '() => window.editor.getValue()', 'function add(a, b) {\n  return a + b\n}\nadd(1, 2)');
    },
  },
  {
    name: 'ace-replace-all',
    // "Replace the whole query with `SELECT 1`."
    async run(c) {
      const tree = await c.open('/ace.html', (t) => c.all(t, { role: 'textbox' }).length > 0, 'the editor');
      const editor = c.ref(tree, { role: 'textbox' }, 'the editor');
      await c.replaceAll(tree, editor, 'SELECT 1');
      await c.expect('the document', '() => window.editor.getValue()', 'SELECT 1');
    },
  },
];
