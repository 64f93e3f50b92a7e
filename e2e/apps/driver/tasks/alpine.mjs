// Alpine.js: a todo list drawn by x-for from the component's state; Enter
// in the new-todo field adds, a checkbox toggles, links filter, and a
// double-click on a todo's text swaps it for a field (Enter saves).
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'alpine';

const state = '() => window.todoState()';
const ready = (t) => t.source.includes('Buy milk');

// item is the list item whose text reads title.
function item(tree, title) {
  const li = all(tree, { role: 'listitem' }).find((n) => textOf(n).includes(title));
  if (!li) throw new StepError(`no todo "${title}":\n${outline(tree, 30)}`);
  return li;
}

export const tasks = [
  {
    name: 'alpine-add-todo',
    // "Add a todo: Pay rent."
    async run(c) {
      const tree = await c.open('/alpine.html', ready, 'the todos');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'What needs to be done?' }, 'the new todo field'), 'Pay rent', { submit: true }));
      await c.expect('the todos', state, { filter: 'all', items: [['Buy milk', false], ['Call the plumber', true], ['Water the plants', false], ['Pay rent', false]] });
    },
  },
  {
    name: 'alpine-complete-and-filter',
    // "Tick off Buy milk, then show only the completed todos."
    async run(c) {
      let tree = await c.open('/alpine.html', ready, 'the todos');
      const box = c.all(item(tree, 'Buy milk'), { role: 'checkbox', ref: true })[0];
      if (!box) throw new StepError('the todo Buy milk has no checkbox');
      await c.act(c.agent.click(box.ref));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'link', name: 'Completed' }, 'the Completed filter')));
      tree = await c.lookFor((t) => !t.source.includes('Water the plants'), 'the completed todos only');
      await c.expect('the todos', state, { filter: 'completed', items: [['Buy milk', true], ['Call the plumber', true], ['Water the plants', false]] });
    },
  },
  {
    name: 'alpine-rename-todo',
    // "Rename Water the plants to Water the garden." (double-click edits)
    async run(c) {
      let tree = await c.open('/alpine.html', ready, 'the todos');
      const li = item(tree, 'Water the plants');
      const label = [...walk(li)].find((n) => textOf(n).trim() === 'Water the plants' && (n.ref || n.children.length === 0));
      await c.act(c.agent.click(label.ref || c.locatorFor(label, 'the todo\'s text'), { double: true }));
      tree = await c.lookFor((t) => c.editor(t) && c.editor(t).role === 'textbox' && c.editor(t).name !== 'What needs to be done?', 'the todo\'s edit field');
      await c.act(c.agent.type(c.editor(tree).ref, 'Water the garden', { clear: true }));
      await c.act(c.agent.press('Enter'));
      await c.expect('the todos', state, { filter: 'all', items: [['Buy milk', false], ['Call the plumber', true], ['Water the garden', false]] });
    },
  },
];
