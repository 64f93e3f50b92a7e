// IMask: inputs whose value a mask rewrites on every keystroke (a phone
// number with its placeholder characters shown, an expiry date of two
// ranged blocks).
export const app = 'imask';


export const tasks = [
  {
    name: 'imask-contact',
    // "Enter the phone number 555 123 4567 and the card expiry 09/27, then save."
    async run(c) {
      let tree = await c.open('/imask.html', (t) => c.all(t, { role: 'textbox', name: 'Phone' }).length > 0, 'the form');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Phone' }, 'the Phone field'), '5551234567'));
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Card expiry' }, 'the Card expiry field'), '0927'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save' }, 'the Save button')));
      await c.expect('the saved contact', '() => window.saved', { phone: '15551234567', expiry: '09/27' });
    },
  },
  {
    name: 'imask-fill-phone',
    // "Put (555) 987-6543 in the Phone field." (as a form filler does)
    async run(c) {
      const tree = await c.open('/imask.html', (t) => c.all(t, { role: 'textbox', name: 'Phone' }).length > 0, 'the form');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'textbox', name: 'Phone' }, 'the Phone field'), name: 'Phone', type: 'textbox', value: '(555) 987-6543' }]));
      await c.expect('the phone', '() => window.phone.unmaskedValue', '15559876543');
    },
  },
];
