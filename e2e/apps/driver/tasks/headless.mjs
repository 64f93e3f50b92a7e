// A project board on headless React components (bundled by
// driver/build.mjs, see testdata/headless.jsx): Headless UI's Listbox,
// Combobox and Menu (pointer events, and inert on the rest of the page
// while a list is open), react-select (opens on mousedown; its input is a
// few pixels wide), react-datepicker, and a @dnd-kit/sortable list (a
// pointer sensor that starts a drag after 5 px of movement). The app
// copies its React state to window.app.
import { all } from '../snap.mjs';

export const app = 'headless';

const ready = (t) => all(t, { role: 'list', name: 'Tasks' }).length > 0;

export const tasks = [
  {
    name: 'headless-listbox',
    // "Assign the release to Tom Cook."
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Assignee/ }, 'the Assignee button')));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Tom Cook', ref: true }).length > 0, 'the option Tom Cook');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Tom Cook' }, 'the option Tom Cook')));
      await c.expect('the assignee', '() => window.app.assignee', 'Tom Cook');
    },
  },
  {
    name: 'headless-combobox',
    // "Set the timezone to Toronto." (type, pick the suggestion)
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: 'Timezone' }, 'the Timezone box'), 'Toro'));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: /Toronto/, ref: true }).length > 0, 'the option Toronto');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: /Toronto/ }, 'the option Toronto')));
      await c.expect('the timezone', '() => window.app.zone', 'America/Toronto');
    },
  },
  {
    name: 'headless-menu',
    // "Duplicate the release." (Options menu)
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Options/ }, 'the Options button')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: 'Duplicate' }).length > 0, 'the Options menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: 'Duplicate' }, 'Duplicate')));
      await c.expect('the actions', '() => window.app.actions', ['Duplicate']);
    },
  },
  {
    name: 'headless-react-select',
    // "Choose Canada as the country."
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: 'Country' }, 'the Country select')));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Canada', ref: true }).length > 0, 'the option Canada');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Canada' }, 'the option Canada')));
      await c.expect('the country', '() => window.app.country', 'Canada');
    },
  },
  {
    name: 'headless-react-select-fill',
    // "Set the country to Japan." (a form filled at once)
    async run(c) {
      const tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'combobox', name: 'Country' }, 'the Country select'), name: 'Country', type: 'combobox', value: 'Japan' }]));
      await c.expect('the country', '() => window.app.country', 'Japan');
    },
  },
  {
    name: 'headless-datepicker',
    // "Make it due on 14 March 2026."
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: 'Due date' }, 'the Due date field')));
      tree = await c.lookFor((t) => all(t, { role: ['gridcell', 'option', 'button'], name: /March 14th, 2026/ }).length > 0, 'the calendar');
      await c.act(c.agent.click(c.ref(tree, { role: ['gridcell', 'option', 'button'], name: /March 14th, 2026/ }, 'the 14th of March')));
      await c.expect('the due date', '() => window.app.due', '2026-03-14');
    },
  },
  {
    name: 'headless-sortable',
    // "Move Deploy to staging to the top of the tasks."
    async run(c) {
      const tree = await c.open('/headless.html', ready, 'the board');
      const list = all(tree, { role: 'list', name: 'Tasks' })[0];
      const first = list.children.find((n) => n.ref);
      await c.act(c.agent.drag(c.ref(list, { name: 'Deploy to staging' }, 'the task Deploy to staging'), first.ref, { position: 'before' }));
      await c.expect('the tasks', '() => window.app.items', ['Deploy to staging', 'Write the brief', 'Review designs', 'Plan the sprint', 'Send the release notes']);
    },
  },
  {
    name: 'headless-react-select-search',
    // "Set the country to Germany." (type to search, pick the match)
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: 'Country' }, 'the Country select'), 'Ger'));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Germany', ref: true }).length > 0, 'the option Germany');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Germany' }, 'the option Germany')));
      await c.expect('the country', '() => window.app.country', 'Germany');
    },
  },
  {
    name: 'headless-datepicker-month',
    // "Move the due date to 14 May 2026." (two months on from the one shown)
    async run(c) {
      let tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: 'Due date' }, 'the Due date field')));
      const day = { role: ['gridcell', 'option', 'button'], name: /May 14th, 2026/ };
      tree = await c.lookFor((t) => all(t, { role: 'button', name: /^Next Month$/i }).length > 0, 'the calendar');
      for (let i = 0; i < 3 && !all(tree, day).length; i++) {
        await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Next Month$/i }, 'the Next Month button')));
        tree = await c.look();
      }
      await c.act(c.agent.click(c.ref(tree, day, 'the 14th of May')));
      await c.expect('the due date', '() => window.app.due', '2026-05-14');
    },
  },
  {
    name: 'headless-sortable-last',
    // "Put Write the brief last."
    async run(c) {
      const tree = await c.open('/headless.html', ready, 'the board');
      const list = all(tree, { role: 'list', name: 'Tasks' })[0];
      const items = list.children.filter((n) => n.ref);
      await c.act(c.agent.drag(c.ref(list, { name: 'Write the brief' }, 'the task Write the brief'), items[items.length - 1].ref, { position: 'after' }));
      await c.expect('the tasks', '() => window.app.items', ['Review designs', 'Plan the sprint', 'Deploy to staging', 'Send the release notes', 'Write the brief']);
    },
  },
  {
    name: 'headless-react-select-option',
    // "Choose France as the country." (select_option on the Country box)
    async run(c) {
      const tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.select(c.ref(tree, { role: 'combobox', name: 'Country' }, 'the Country select'), ['France']));
      await c.expect('the country', '() => window.app.country', 'France');
    },
  },
  {
    name: 'headless-listbox-fill',
    // "Assign it to Devon Webb." (a form filled at once: the Assignee
    // button opens a listbox)
    async run(c) {
      const tree = await c.open('/headless.html', ready, 'the board');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'button', name: /^Assignee/ }, 'the Assignee button'), name: 'Assignee', type: 'combobox', value: 'Devon Webb' }]));
      await c.expect('the assignee', '() => window.app.assignee', 'Devon Webb');
    },
  },
];
