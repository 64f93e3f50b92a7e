// Choices.js: a multi-select drawn as chips, each with a small "Remove
// item" button, and a search input that opens a dropdown of the options
// not yet chosen (divs with role option).
export const app = 'choices';

const value = '() => window.tags.getValue(true)';

export const tasks = [
  {
    name: 'choices-remove-tag',
    // "Take the Rust tag off the article."
    async run(c) {
      const tree = await c.open('/choices.html', (t) => c.all(t, { role: 'button', name: /Rust/ }).length > 0, 'the tags');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /Rust/ }, 'the button that removes Rust')));
      await c.expect('the tags', value, ['go', 'testing']);
    },
  },
  {
    name: 'choices-add-tag',
    // "Tag the article Security too."
    async run(c) {
      let tree = await c.open('/choices.html', (t) => c.all(t, { role: ['combobox', 'textbox', 'searchbox'] }).length > 0, 'the tags box');
      const box = c.ref(tree, { role: ['combobox', 'textbox', 'searchbox'] }, 'the tags search box');
      await c.act(c.agent.type(box, 'Secu'));
      // The options to click are those of the list the search opened (the
      // select Choices.js keeps in the page for the form, transparent
      // under the control, gets no line; the filter keeps the task honest
      // should it show again).
      const shown = (t) => c.all(t, { role: 'listbox' }).filter((l) => l.name !== 'Tags').flatMap((l) => c.all(l, { role: 'option', name: /^Security/, ref: true }));
      tree = await c.lookFor((t) => shown(t).length > 0, 'the option Security in the list');
      await c.act(c.agent.click(shown(tree)[0].ref));
      await c.expect('the tags', value, ['go', 'rust', 'testing', 'security']);
    },
  },
];
