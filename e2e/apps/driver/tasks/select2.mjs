// Select2 4.1: the native select is hidden (aria-hidden); in its place a
// combobox shows the choice and opens a dropdown with a search box and a
// listbox of options (appended to the body); the multiple select is a
// list of chosen tags with a search field of its own.
export const app = 'select2';

export const tasks = [
  {
    name: 'select2-pick-state',
    // "Ship to Oregon" (the State field).
    async run(c) {
      const tree = await c.open('/select2.html', (t) => c.all(t, { role: 'combobox' }).length > 1, 'the shipping form');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'combobox', name: 'Choose a state' }, 'the State select'), name: 'State', type: 'combobox', value: 'Oregon' }]));
      await c.expect('the State select', "() => $('#state').val()", 'OR');
    },
  },
  {
    name: 'select2-search-state',
    // "Ship to New York" (open the list, search, pick).
    async run(c) {
      let tree = await c.open('/select2.html', (t) => c.all(t, { role: 'combobox' }).length > 1, 'the shipping form');
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: 'Choose a state' }, 'the State select')));
      tree = await c.lookFor((t) => c.all(t, { role: 'option', name: 'Texas' }).length > 0, 'the list of states');
      const search = c.editor(tree);
      if (!search) throw new Error('no search box in the open list');
      await c.act(c.agent.type(search.ref, 'New'));
      tree = await c.lookFor((t) => c.all(t, { role: 'option', name: 'New York' }).length > 0 && c.all(t, { role: 'option', name: 'Texas' }).length === 0, 'the filtered list');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'New York' }, 'the option New York')));
      await c.expect('the State select', "() => $('#state').val()", 'NY');
    },
  },
  {
    name: 'select2-add-tags',
    // "Tag the parcel Gift and Express."
    async run(c) {
      let tree = await c.open('/select2.html', (t) => c.all(t, { role: 'combobox' }).length > 1, 'the shipping form');
      for (const tag of ['Gift', 'Express']) {
        const box = c.ref(tree, { role: 'searchbox' }, 'the tags search field');
        await c.act(c.agent.type(box, tag.slice(0, 2)));
        tree = await c.lookFor((t) => c.all(t, { role: 'option', name: tag, ref: true }).length > 0, `the option ${tag}`);
        await c.act(c.agent.click(c.ref(tree, { role: 'option', name: tag }, `the option ${tag}`)));
        tree = await c.look();
      }
      await c.expect('the tags', "() => $('#tags').val()", ['gift', 'express']);
    },
  },
];
