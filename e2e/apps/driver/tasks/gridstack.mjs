// gridstack: a dashboard of widgets on a 12-column grid; a widget moves
// by a mouse drag of its body (past a threshold) and resizes by a drag of
// the grip at its bottom-right corner, which has no name or text and
// shows only while the pointer is over the widget.
import { StepError } from '../agent.mjs';
import { walk, outline } from '../snap.mjs';

export const app = 'gridstack';

const ready = (t) => t.source.includes('Sales') && t.source.includes('Alerts');
const layout = '() => window.layout()';

// widget is the ref of the widget titled title: the nearest line with a
// ref that holds the title's heading (its body, which a drag moves).
function widget(c, tree, title) {
  const h = [...walk(tree)].find((n) => n.role === 'heading' && n.name === title);
  if (!h) throw new StepError(`no widget "${title}":\n${outline(tree, 40)}`);
  for (let p = h.parent; p; p = p.parent) if (p.ref) return p.ref;
  throw new StepError(`the widget "${title}" has no line with a ref around its title (only its heading ${h.ref}):\n${outline(tree, 40)}`);
}

// grip is the widget's resize grip: a line with a ref and no name after
// the widget's title, inside the widget or right after its content.
function grip(c, tree, title) {
  const nodes = [...walk(tree)];
  const i = nodes.findIndex((n) => n.role === 'heading' && n.name === title);
  const g = nodes.slice(i + 1).find((n) => n.ref && !n.name && n.role !== 'heading' && /resiz/.test(n.attrs.join(' ')));
  if (!g) throw new StepError(`no resize grip after "${title}":\n${outline(tree, 40)}`);
  return g.ref;
}

export const tasks = [
  {
    name: 'gridstack-move-widget',
    // "Move the Alerts widget into the top row, in Traffic's place."
    async run(c) {
      const tree = await c.open('/gridstack.html', ready, 'the dashboard');
      await c.act(c.agent.drag(widget(c, tree, 'Alerts'), widget(c, tree, 'Traffic')));
      await c.expect('the Alerts widget', '() => { const a = window.layout().find((w) => w.id === "alerts"); return [a.x, a.y]; }', [4, 0]);
    },
  },
  {
    name: 'gridstack-resize-widget',
    // "Make Sales wider: drag its corner into Traffic's place." (Traffic
    // makes way; Sales stays at the left, at least half the row wide)
    async run(c) {
      let tree = await c.open('/gridstack.html', ready, 'the dashboard');
      // The grip shows while the pointer is over the widget.
      await c.act(c.agent.hover(widget(c, tree, 'Sales')));
      tree = await c.look();
      await c.act(c.agent.drag(grip(c, tree, 'Sales'), widget(c, tree, 'Traffic')));
      await c.expect('the Sales widget', '() => { const s = window.layout().find((w) => w.id === "sales"); return [s.x, s.w >= 6]; }', [0, true]);
    },
  },
];
