// TodoMVC in plain JavaScript: the list is drawn again on every change
// (so every ref into it goes stale), a double-click on a todo's text
// edits it in place (Enter saves), toggle-all is a hidden checkbox under
// its label, the filters are hash routes, a todo's delete button shows on
// hover only, and Clear completed removes the done ones.
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'todomvc';

const state = '() => window.todoMVC()';
const ready = (t) => t.source.includes('Walk the dog');
const start = [['Walk the dog', false], ['Buy bread', true], ['Book the flights', false], ['Renew the passport', false]];

function item(tree, title) {
  const li = all(tree, { role: 'listitem' }).find((n) => textOf(n).includes(title));
  if (!li) throw new StepError(`no todo "${title}":\n${outline(tree, 40)}`);
  return li;
}

export const tasks = [
  {
    name: 'todomvc-edit',
    // "Rename Walk the dog to Walk the cat."
    async run(c) {
      let tree = await c.open('/todomvc.html', ready, 'the todos');
      const label = [...walk(item(tree, 'Walk the dog'))].find((n) => textOf(n).trim() === 'Walk the dog' && (n.ref || n.children.length === 0));
      await c.act(c.agent.click(label.ref || c.locatorFor(label, 'the todo\'s text'), { double: true }));
      tree = await c.look();
      const ed = c.editor(tree);
      if (!ed || ed.name === 'What needs to be done?') throw new StepError(`no edit field after the double-click:\n${outline(tree, 40)}`);
      await c.act(c.agent.type(ed.ref, 'Walk the cat', { clear: true }));
      await c.act(c.agent.press('Enter'));
      await c.expect('the todos', state, { route: 'all', todos: [['Walk the cat', false], ...start.slice(1)] });
    },
  },
  {
    name: 'todomvc-toggle-all-clear',
    // "Mark everything done, then clear the completed todos."
    async run(c) {
      let tree = await c.open('/todomvc.html', ready, 'the todos');
      await c.act(c.agent.click(c.ref(tree, { role: 'checkbox', name: /Mark all as complete/ }, 'the toggle-all control')));
      tree = await c.look();
      if (!/0 items left/.test(tree.source)) throw new StepError(`toggle-all did not mark them all:\n${outline(tree, 40)}`);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Clear completed' }, 'the Clear completed button')));
      await c.expect('the todos', state, { route: 'all', todos: [] });
    },
  },
  {
    name: 'todomvc-filter',
    // "Tick off Book the flights, then show only the active todos."
    async run(c) {
      let tree = await c.open('/todomvc.html', ready, 'the todos');
      const box = c.all(item(tree, 'Book the flights'), { role: 'checkbox', ref: true })[0];
      if (!box) throw new StepError('the todo Book the flights has no checkbox');
      await c.act(c.agent.click(box.ref));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'link', name: 'Active' }, 'the Active filter')));
      tree = await c.look();
      if (tree.source.includes('Book the flights') || tree.source.includes('Buy bread') || !tree.source.includes('Walk the dog')) throw new StepError(`the list does not show the active todos only:\n${outline(tree, 40)}`);
      await c.expect('the todos', state, { route: 'active', todos: [start[0], start[1], ['Book the flights', true], start[3]] });
    },
  },
  {
    name: 'todomvc-delete-on-hover',
    // "Delete Renew the passport." Its delete button shows on hover.
    async run(c) {
      let tree = await c.open('/todomvc.html', ready, 'the todos');
      const li = item(tree, 'Renew the passport');
      await c.act(c.agent.hover(li.ref || c.ref(li, { ref: true }, 'the todo')));
      tree = await c.look();
      const del = c.all(item(tree, 'Renew the passport'), { role: 'button', ref: true })[0];
      if (!del) throw new StepError(`hovering the todo shows no delete button:\n${outline(tree, 40)}`);
      await c.act(c.agent.click(del.ref));
      await c.expect('the todos', state, { route: 'all', todos: start.slice(0, 3) });
    },
  },
];
