// CodeMirror 6 in Chromium edits through the EditContext API: the focus
// target is the content element, which takes text through EditContext's
// textupdate events, not through input events on a field.
export const app = 'codemirror6';

export const tasks = [
  {
    name: 'codemirror6-type-on-line-2',
    // "Type `let x = 1` on line 2 of the editor."
    async run(c) {
      const tree = await c.open('/codemirror6.html', (t) => c.all(t, { role: 'textbox' }).length > 0, 'the editor');
      await c.expect('the editor takes text through EditContext', '() => !!window.view.contentDOM.editContext', true);
      const editor = c.ref(tree, { role: 'textbox' }, 'the editor');
      await c.focusEditor(tree, editor);
      await c.act(c.agent.press('Control+Home'));
      await c.act(c.agent.press('ArrowDown'));
      // Look again before typing: some servers renumber refs after actions.
      const again = c.ref(await c.look(), { role: 'textbox' }, 'the editor');
      await c.act(c.agent.type(again, 'let x = 1'));
      await c.expect('the document', '() => window.view.state.doc.toString()', '// setup\nlet x = 1\nconsole.log(x)\n');
    },
  },
  {
    name: 'codemirror6-replace-all',
    // "Replace the whole script with `alert(1)`."
    async run(c) {
      const tree = await c.open('/codemirror6.html', (t) => c.all(t, { role: 'textbox' }).length > 0, 'the editor');
      const editor = c.ref(tree, { role: 'textbox' }, 'the editor');
      await c.replaceAll(tree, editor, 'alert(1)');
      await c.expect('the document', '() => window.view.state.doc.toString()', 'alert(1)');
    },
  },
];
