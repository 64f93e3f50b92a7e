// Quill 2: a contenteditable editor with a toolbar of format buttons; the
// document is a Delta the app reads with getContents.
export const app = 'quill';


export const tasks = [
  {
    name: 'quill-bold-note',
    // "Write 'Meeting at noon' in the note and make it bold."
    async run(c) {
      let tree = await c.open('/quill.html', (t) => c.all(t, { role: 'textbox', name: /Write your note/ }).length > 0, 'the editor');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: /Write your note/ }, 'the editor'), 'Meeting at noon'));
      await c.act(c.agent.press('Control+A'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^bold$/i }, 'the Bold button')));
      await c.expect('the note', '() => window.quill.getContents().ops', [{ insert: 'Meeting at noon', attributes: { bold: true } }, { insert: '\n' }]);
    },
  },
  {
    name: 'quill-bullet-list',
    // "Make a bullet list of Milk and Eggs."
    async run(c) {
      let tree = await c.open('/quill.html', (t) => c.all(t, { role: 'textbox', name: /Write your note/ }).length > 0, 'the editor');
      const box = c.ref(tree, { role: 'textbox', name: /Write your note/ }, 'the editor');
      await c.act(c.agent.click(box));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /bullet/i }, 'the bullet list button')));
      await c.act(c.agent.type(box, 'Milk'));
      await c.act(c.agent.press('Enter'));
      await c.act(c.agent.type(box, 'Eggs'));
      await c.expect('the note', '() => window.quill.getText()', 'Milk\nEggs\n');
      await c.expect('the list', "() => window.quill.getContents().ops.filter((o) => o.attributes).map((o) => o.attributes.list)", ['bullet', 'bullet']);
    },
  },
];
