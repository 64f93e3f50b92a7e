// Trix: a contenteditable rich-text editor with a toolbar. The agent types,
// selects all and presses the toolbar's Bold at once, with no pause, ten
// times: each time the new text must be bold in Trix's own document.
export const app = 'trix';

const boldState = `() => {
  const doc = document.querySelector('trix-editor').editor.getDocument();
  const text = doc.toString().replace(/\\n$/, '');
  return { text, bold: !!doc.getCommonAttributesAtRange([0, text.length]).bold };
}`;

export const tasks = [
  {
    name: 'trix-bold-after-typing',
    // "Write `word N` in the message and make it bold" (ten times).
    async run(c) {
      for (let i = 1; i <= 10; i++) {
        const tree = await c.open('/trix.html', (t) => c.all(t, { role: 'button', name: /^Bold/ }).length > 0, 'the toolbar');
        const editor = c.ref(tree, { role: 'textbox', name: 'Message' }, 'the message editor');
        const bold = c.ref(tree, { role: 'button', name: /^Bold/ }, 'the Bold button');
        await c.act(c.agent.type(editor, `word ${i}`));
        await c.act(c.agent.press('Control+A'));
        await c.act(c.agent.click(bold));
        const got = await c.state(boldState);
        if (got.text !== `word ${i}` || !got.bold) {
          await c.expect(`round ${i}: the message, bold`, boldState, { text: `word ${i}`, bold: true });
        }
      }
    },
  },
];
