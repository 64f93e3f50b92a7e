// jKanban: boards whose cards move with dragula, a drag library driven by
// mouse events (press, move past a threshold, release over the target).
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'kanban';

const ids = (board) => `() => Array.from(window.kanban.getBoardElements('${board}'), (e) => e.dataset.eid)`;
const ready = (t) => all(t, { text: /Write tests/ }).length > 0 || all(t, { name: /Write tests/ }).length > 0;

// card finds a card by its title.
const card = (c, tree, title) => c.target(tree, title, `card "${title}"`);

// column finds the drop area of a board by its title: the first element
// with a ref after the title that holds the board's cards.
function column(c, tree, title) {
  const nodes = [...walk(tree)];
  const i = nodes.findIndex((n) => (n.name || n.text).trim() === title || textOf(n).trim() === title);
  if (i < 0) throw new StepError(`no board "${title}" in the snapshot:\n${outline(tree, 40)}`);
  const list = nodes.slice(i + 1).find((n) => n.ref && n.children.length > 0);
  if (list) return list.ref;
  // No list to drop on: drop on the first thing after the title that
  // shows text (the board's first card), by its ref when a line that
  // shows text has one (the card, not the box around it).
  const after = nodes.slice(i + 1);
  const first = after.find((n) => textOf(n).trim());
  if (!first) throw new StepError(`board "${title}" shows nothing after its title:\n${outline(tree, 40)}`);
  if (first.ref) return first.ref;
  const card = [...walk(first)].find((n) => n.ref && (n.name || n.text).trim());
  if (card) return card.ref;
  return c.locatorFor(first, `the first card of ${title}`);
}

export const tasks = [
  {
    name: 'kanban-move-to-done',
    // "Move the card Write tests to Done."
    async run(c) {
      const tree = await c.open('/kanban.html', ready, 'the board');
      await c.act(c.agent.drag(card(c, tree, 'Write tests'), column(c, tree, 'Done')));
      await c.expect('the boards', `() => [(${ids('todo')})(), (${ids('done')})().sort()]`, [['c2'], ['c1', 'c4']]);
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
