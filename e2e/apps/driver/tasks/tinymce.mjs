// TinyMCE (self-hosted): the editable body is a document in an iframe
// (designMode, named "Rich Text Area" as Chrome names it); the toolbar's
// buttons and the block menu live in the top page. The document is what
// the editor's getContent serialises.
export const app = 'tinymce';

const content = "() => window.editor.getContent().replace(/\\n/g, '')";
const ready = (c) => (t) => c.all(t, { role: 'textbox', name: 'Rich Text Area' }).length > 0 && c.all(t, { role: 'button', name: 'Bold' }).length > 0;

export const tasks = [
  {
    name: 'tinymce-bold-sentence',
    // "Write 'Launch day is Friday' in the post and make it bold."
    async run(c) {
      let tree = await c.open('/tinymce.html', ready(c), 'the editor');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Rich Text Area' }, 'the post body'), 'Launch day is Friday'));
      await c.act(c.agent.press('Control+A'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Bold' }, 'the Bold button')));
      await c.expect('the post', content, '<p><strong>Launch day is Friday</strong></p>');
    },
  },
  {
    name: 'tinymce-heading-and-list',
    // "Start the post with the heading Agenda (Heading 2), then a bullet
    // list of Intro and Demo."
    async run(c) {
      let tree = await c.open('/tinymce.html', ready(c), 'the editor');
      const body = c.ref(tree, { role: 'textbox', name: 'Rich Text Area' }, 'the post body');
      await c.act(c.agent.click(body));
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Block/ }, 'the block format menu')));
      tree = await c.lookFor((t) => c.all(t, { name: /Heading 2/ }).length > 0, 'the block formats');
      await c.act(c.agent.click(c.ref(tree, { name: /Heading 2/ }, 'the Heading 2 format')));
      await c.act(c.agent.type(body, 'Agenda'));
      await c.act(c.agent.press('Enter'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Bullet list' }, 'the Bullet list button')));
      await c.act(c.agent.type(body, 'Intro'));
      await c.act(c.agent.press('Enter'));
      await c.act(c.agent.type(body, 'Demo'));
      await c.expect('the post', content, '<h2>Agenda</h2><ul><li>Intro</li><li>Demo</li></ul>');
    },
  },
];
