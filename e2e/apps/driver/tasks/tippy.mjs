// Tippy.js: each file's "Actions" menu opens on hover only (no click
// opens it) and stays open while the pointer is over it.
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'tippy';

export const tasks = [
  {
    name: 'tippy-hover-menu',
    // "Share photo.jpg." (its row's Actions menu)
    async run(c) {
      let tree = await c.open('/tippy.html', (t) => t.source.includes('photo.jpg'), 'the files');
      const row = all(tree, { role: 'row' }).find((r) => textOf(r).includes('photo.jpg'));
      if (!row) throw new StepError(`no row for photo.jpg:\n${outline(tree, 30)}`);
      const actions = [row, ...walk(row)].find((n) => /Actions/.test(n.name || n.text) && n.children.every((k) => !/Actions/.test(textOf(k))));
      if (!actions) throw new StepError(`no Actions in the row: ${row.line}`);
      await c.act(c.agent.hover(actions.ref || c.locatorFor(actions, 'the Actions menu of photo.jpg')));
      tree = await c.lookFor((t) => c.all(t, { role: 'button', name: 'Share' }).length > 0, 'the Actions menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Share' }, 'Share in the menu')));
      await c.expect('the actions done', '() => window.done', ['Share photo.jpg']);
    },
  },
];
