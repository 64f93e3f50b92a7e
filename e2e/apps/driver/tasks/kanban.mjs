// jKanban: boards whose cards move with dragula, a drag library driven by
// mouse events (press, move past a threshold, release over the target).
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'kanban';

const ids = (board) => `() => window.kanban.getBoardElements('${board}').map((e) => e.dataset.eid)`;
const ready = (t) => all(t, { text: /Write tests/ }).length > 0 || all(t, { name: /Write tests/ }).length > 0;

// card finds the line of a card by its title, with a ref.
function card(c, tree, title) {
  const n = all(tree, { ref: true }).find((x) => (x.name || x.text).trim() === title || (textOf(x).trim() === title && x.children.length === 0));
  if (!n) throw new StepError(`no card "${title}" with a ref in the snapshot:\n${outline(tree, 40)}`);
  return n.ref;
}

// column finds the drop area of a board by its title: the first element
// with a ref after the title that holds the board's cards.
function column(c, tree, title) {
  const nodes = [...walk(tree)];
  const i = nodes.findIndex((n) => (n.name || n.text).trim() === title || textOf(n).trim() === title);
  if (i < 0) throw new StepError(`no board "${title}" in the snapshot:\n${outline(tree, 40)}`);
  const list = nodes.slice(i + 1).find((n) => n.ref && n.children.length > 0);
  if (!list) throw new StepError(`board "${title}" has no list with a ref after its title:\n${outline(tree, 40)}`);
  return list.ref;
}

export const tasks = [
  {
    name: 'kanban-move-to-done',
    // "Move the card Write tests to Done."
    async run(c) {
      const tree = await c.open('/kanban.html', ready, 'the board');
      await c.act(c.agent.drag(card(c, tree, 'Write tests'), column(c, tree, 'Done')));
      await c.expect('the boards', `() => [(${ids('todo')})(), (${ids('done')})()]`, [['c2'], ['c4', 'c1']]);
    },
  },
  {
    name: 'kanban-reorder',
    // "Put Fix login bug at the top of To Do."
    async run(c) {
      const tree = await c.open('/kanban.html', ready, 'the board');
      await c.act(c.agent.drag(card(c, tree, 'Fix login bug'), card(c, tree, 'Write tests')));
      await c.expect('To Do', ids('todo'), ['c2', 'c1']);
    },
  },
];
