// Tom Select: a custom select with a search box. The native select stays
// in the page, visually hidden; the control the user sees is a combobox
// (an input) whose listbox of options opens on click and filters as one
// types.
export const app = 'tomselect';


export const tasks = [
  {
    name: 'tomselect-pick-country',
    // "Set the country to Portugal."
    async run(c) {
      const tree = await c.open('/tomselect.html', (t) => c.all(t, { role: 'combobox', name: 'Country' }).length > 0, 'the Country select');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'combobox', name: 'Country' }, 'the Country select'), name: 'Country', type: 'combobox', value: 'Portugal' }]));
      await c.expect('the Country select', '() => window.country.getValue()', 'pt');
    },
  },
  {
    name: 'tomselect-search-languages',
    // "Add Python and Go to the project's languages." (type to search,
    // pick the option the list shows).
    async run(c) {
      let tree = await c.open('/tomselect.html', (t) => c.all(t, { role: 'combobox', name: 'Languages' }).length > 0, 'the Languages select');
      // The options to click are those of the list the search box opens
      // (named as the box), not the native select's.
      const shown = (t, lang) => c.all(t, { role: 'listbox', name: 'Languages' }).flatMap((l) => c.all(l, { role: 'option', name: lang, ref: true }));
      for (const lang of ['Python', 'Go']) {
        const box = c.ref(tree, { role: 'combobox', name: 'Languages' }, 'the Languages select');
        await c.act(c.agent.type(box, lang.slice(0, 2), { clear: true }));
        tree = await c.lookFor((t) => shown(t, lang).length > 0, `the option ${lang} in the list`);
        await c.act(c.agent.click(shown(tree, lang)[0].ref));
        tree = await c.look();
      }
      await c.expect('the Languages select', '() => window.langs.getValue()', ['py', 'go']);
    },
  },
];
