// Monaco (VS Code's editor) 0.58 takes text through Chromium's EditContext
// API by default: the focus target is an element with an EditContext, the
// text is drawn in other elements.
export const app = 'monaco';

const ready = (c) => (t) => c.all(t, { role: 'textbox', name: 'Editor content' }).length > 0;

export const tasks = [
  {
    name: 'monaco-add-call',
    // "Add a line greet("ann") at the end of the cell."
    async run(c) {
      const tree = await c.open('/monaco.html', ready(c), 'the editor');
      await c.expect('the editor takes text through EditContext', "() => !!(document.querySelector('.monaco-editor .native-edit-context') || {}).editContext", true);
      const editor = c.ref(tree, { role: 'textbox', name: 'Editor content' }, 'the editor');
      await c.focusEditor(tree, editor);
      await c.act(c.agent.press('Control+End'));
      // Look again before typing: some servers renumber refs after actions.
      const again = c.ref(await c.look(), { role: 'textbox' }, 'the editor');
      await c.act(c.agent.type(again, 'greet("ann")'));
      await c.expect('the cell', '() => window.editor.getValue()', 'def greet(name):\n    pass\ngreet("ann")');
    },
  },
  {
    name: 'monaco-replace-all',
    // "Replace the cell's code with print(42)."
    async run(c) {
      const tree = await c.open('/monaco.html', ready(c), 'the editor');
      const editor = c.ref(tree, { role: 'textbox', name: 'Editor content' }, 'the editor');
      await c.replaceAll(tree, editor, 'print(42)');
      await c.expect('the cell', '() => window.editor.getValue()', 'print(42)');
    },
  },
];
