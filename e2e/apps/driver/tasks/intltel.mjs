// intl-tel-input: a phone field with a country button; the button opens a
// dropdown with a search box and a list of countries.
export const app = 'intltel';

const ready = (t) => t.source.includes('Phone') && /country/i.test(t.source);

export const tasks = [
  {
    name: 'intltel-country-and-number',
    // "My phone is 912 345 678, in Portugal."
    async run(c) {
      let tree = await c.open('/intltel.html', ready, 'the phone field');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /country/i }, 'the country button')));
      tree = await c.lookFor((t) => c.all(t, { role: ['searchbox', 'textbox', 'combobox'], name: /search/i }).length > 0, 'the country search box');
      await c.act(c.agent.type(c.ref(tree, { role: ['searchbox', 'textbox', 'combobox'], name: /search/i }, 'the country search box'), 'Portugal'));
      tree = await c.lookFor((t) => c.all(t, { role: 'option', name: /Portugal/ }).length > 0, 'Portugal in the list');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: /Portugal/ }, 'the option Portugal')));
      tree = await c.look();
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Phone' }, 'the Phone field'), '912 345 678'));
      await c.expect('the phone field', '() => { const s = window.phoneState(); return [s.country, s.number]; }', ['pt', '+351912345678']);
    },
  },
];
