// dragula: mouse-event drag and drop (mousedown on an item, mousemove over
// the other list, mouseup) between two plain div lists.
export const app = 'dragula';

const lists = '() => window.lists()';

export const tasks = [
  {
    name: 'dragula-move-to-sprint',
    // "Put Fix login timeout into this sprint, above Add dark mode."
    async run(c) {
      const tree = await c.open('/dragula.html', (t) => c.all(t, { text: 'Speed up search' }).length > 0, 'the board');
      const from = c.ref(tree, { text: 'Fix login timeout' }, 'the card Fix login timeout', { nearest: true });
      const to = c.ref(tree, { text: 'Add dark mode' }, 'the card Add dark mode', { nearest: true });
      await c.act(c.agent.drag(from, to));
      await c.expect('the board', lists, [['t1', 't3'], ['t2', 't4', 't5']]);
    },
  },
  {
    name: 'dragula-reorder',
    // "Move Update dependencies to the top of the backlog."
    async run(c) {
      const tree = await c.open('/dragula.html', (t) => c.all(t, { text: 'Speed up search' }).length > 0, 'the board');
      const from = c.ref(tree, { text: 'Update dependencies' }, 'the card Update dependencies', { nearest: true });
      const to = c.ref(tree, { text: 'Write release notes' }, 'the card Write release notes', { nearest: true });
      await c.act(c.agent.drag(from, to));
      await c.expect('the board', lists, [['t3', 't1', 't2'], ['t4', 't5']]);
    },
  },
];
