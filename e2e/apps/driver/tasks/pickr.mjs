// Pickr (classic theme): a button opens a dialog with a colour area, a hue
// slider, swatches, a text input for the colour and a "save and close"
// button.
export const app = 'pickr';

export const tasks = [
  {
    name: 'pickr-type-hex',
    // "Set the accent colour to #FF8800 and save it."
    async run(c) {
      let tree = await c.open('/pickr.html', (t) => c.all(t, { role: 'button', ref: true }).length > 0, 'the colour button');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /colou?r/i }, 'the colour button')));
      tree = await c.lookFor((t) => c.all(t, { role: 'button', name: /save/i, ref: true }).length > 0, 'the colour popup');
      const box = c.ref(tree, { role: 'textbox' }, 'the colour text field');
      await c.act(c.agent.type(box, '#FF8800', { clear: true }));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /save/i }, 'the Save button')));
      await c.expect('the accent colour', '() => window.accent', '#FF8800');
    },
  },
];
