// CKEditor 5 (classic build from the ckeditor5 package): a contenteditable
// editing area whose model the editor keeps apart from the DOM (getData
// serialises the model); the toolbar's heading menu is a dropdown of
// buttons.
export const app = 'ckeditor';

// The list items carry ids of the editor's own (data-list-item-id), left
// out of the comparison.
const data = "() => window.editor.getData().replace(/\\n/g, '').replace(/ data-list-item-id=\"[^\"]*\"/g, '')";
const area = { role: 'textbox', name: /^Rich Text Editor/ };
const ready = (c) => (t) => c.all(t, area).length > 0 && c.all(t, { role: 'button', name: 'Bold' }).length > 0;

export const tasks = [
  {
    name: 'ckeditor-bold-sentence',
    // "Write 'Fixed the login bug' in the release notes and make it bold."
    async run(c) {
      let tree = await c.open('/ckeditor.html', ready(c), 'the editor');
      await c.act(c.agent.type(c.ref(tree, area, 'the editing area'), 'Fixed the login bug'));
      await c.act(c.agent.press('Control+A'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Bold' }, 'the Bold button')));
      await c.expect('the notes', data, '<p><strong>Fixed the login bug</strong></p>');
    },
  },
  {
    name: 'ckeditor-heading-and-list',
    // "Give the notes the heading Fixes (Heading 1), then a bulleted list
    // of Login and Search."
    async run(c) {
      let tree = await c.open('/ckeditor.html', ready(c), 'the editor');
      const body = c.ref(tree, area, 'the editing area');
      await c.act(c.agent.click(body));
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /Heading/ }, 'the heading menu')));
      tree = await c.lookFor((t) => c.all(t, { name: /^Heading 1/ }).length > 0, 'the headings');
      await c.act(c.agent.click(c.ref(tree, { name: /^Heading 1/ }, 'Heading 1')));
      await c.act(c.agent.type(body, 'Fixes'));
      await c.act(c.agent.press('Enter'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Bulleted List' }, 'the Bulleted List button')));
      await c.act(c.agent.type(body, 'Login'));
      await c.act(c.agent.press('Enter'));
      await c.act(c.agent.type(body, 'Search'));
      await c.expect('the notes', data, '<h2>Fixes</h2><ul><li>Login</li><li>Search</li></ul>');
    },
  },
];
