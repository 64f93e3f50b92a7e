// Editor.js: a block editor; each block is a contenteditable of its own,
// Enter makes a new block, and the "+" of the toolbar (shown next to the
// focused block) opens a list of block tools. The article is the blocks
// editor.save() resolves to.
export const app = 'editorjs';

const blocks = '() => window.editor.save().then((d) => d.blocks.map((b) => [b.type, b.data.text]))';

export const tasks = [
  {
    name: 'editorjs-two-paragraphs',
    // "Write two paragraphs: 'Spring is here.' and 'The garden wakes up.'"
    async run(c) {
      const tree = await c.open('/editorjs.html', (t) => c.all(t, { role: 'textbox' }).length > 0, 'the editor');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox' }, 'the article'), 'Spring is here.'));
      await c.act(c.agent.press('Enter'));
      // Enter made a new, empty block: the textbox that shows the
      // placeholder.
      const again = await c.lookFor((t) => c.all(t, { role: 'textbox', name: 'Start writing your article' }).length > 0, 'the new block');
      await c.act(c.agent.type(c.ref(again, { role: 'textbox', name: 'Start writing your article' }, 'the new block'), 'The garden wakes up.'));
      await c.expect('the article', blocks, [['paragraph', 'Spring is here.'], ['paragraph', 'The garden wakes up.']]);
    },
  },
  {
    name: 'editorjs-add-heading',
    // "Make the article start with the heading Summary."
    async run(c) {
      let tree = await c.open('/editorjs.html', (t) => c.all(t, { role: 'textbox' }).length > 0, 'the editor');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox' }, 'the article')));
      tree = await c.look();
      // The toolbar's "+" (an icon with no name) opens the block tools;
      // the snapshot tells it by its hint.
      await c.act(c.agent.click(c.ref(tree, { attr: /^hint=.*plus/ }, 'the add-block button')));
      tree = await c.lookFor((t) => c.all(t, { text: /\bHeading\b/ }).length > 0, 'the block tools');
      await c.act(c.agent.click(c.target(tree, 'Heading', 'the Heading tool')));
      // The new block is an editable heading.
      tree = await c.lookFor((t) => c.all(t, { role: 'heading', attr: 'editable' }).length > 0, 'the new heading block');
      await c.act(c.agent.type(c.ref(tree, { role: 'heading', attr: 'editable' }, 'the new heading block'), 'Summary'));
      await c.expect('the article', blocks, [['header', 'Summary']]);
    },
  },
];
