// mxGraph: a process designer with a palette (divs made draggable by the
// library's mouse handlers) and an SVG canvas; double-click edits a node's
// label in place, dragging from a node's centre onto another connects them.
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'diagram';


// canvasOf is the element an agent drops onto: the nearest element with a
// ref that holds the node labelled label and is a drawing (an image, a
// graphics document, an application), else the nearest that holds the
// node: above a line with a ref of its own (the node itself), its nearest
// ancestor with a ref; above a bare line of text, the nearest that shows
// more than the node (the node's own box shows just its label).
export function canvasOf(tree, label, what) {
  // The last such line: a palette that names the same kinds comes first.
  const nodes = [...walk(tree)].filter((n) => (n.name || n.text).trim() === label || textOf(n).trim() === label).reverse();
  for (const n of nodes) {
    for (let p = n.parent; p && p.role !== 'root'; p = p.parent) {
      if (p.ref && ['img', 'graphics-document', 'application', 'figure', 'canvas'].includes(p.role)) return p.ref;
    }
    for (let p = n.parent; p && p.role !== 'root'; p = p.parent) {
      if (p.ref && (n.ref || textOf(p).trim() !== label)) return p.ref;
    }
  }
  throw new StepError(`no ${what} with a ref holding "${label}" in the snapshot:\n${outline(tree, 60)}`);
}

const model = `() => {
  const cells = Object.values(window.graph.getModel().cells);
  const v = cells.filter((c) => c.vertex).map((c) => c.value);
  const e = cells.filter((c) => c.edge).map((c) => c.source.value + ' -> ' + c.target.value);
  return { vertices: v.sort(), edges: e };
}`;

export const tasks = [
  {
    name: 'diagram-add-rename-connect',
    // "Add a Task to the process after Start, call it Review order, and
    // connect Start to it."
    async run(c) {
      let tree = await c.open('/diagram.html', (t) => all(t, { text: /Task/ }).length > 0, 'the designer');
      const paletteTask = c.target(tree, 'Task', 'palette entry Task');
      const canvas = canvasOf(tree, 'Start', 'canvas');
      await c.act(c.agent.drag(paletteTask, canvas));
      await c.expect('the model after the drop', model, { vertices: ['Start', 'Task'], edges: [] });
      tree = await c.look();
      // The palette's entry comes first in the page, the new node after it.
      const node = c.target(tree, 'Task', 'new Task node on the canvas', (xs) => xs[xs.length - 1]);
      await c.act(c.agent.click(node, { double: true }));
      tree = await c.lookFor((t) => c.editor(t), 'the label editor');
      await c.act(c.agent.type(c.editor(tree).ref, 'Review order', { clear: true }));
      await c.act(c.agent.press('Enter'));
      await c.expect('the model after renaming', model, { vertices: ['Review order', 'Start'], edges: [] });
      tree = await c.look();
      await c.act(c.agent.drag(c.target(tree, 'Start', 'node Start'), c.target(tree, 'Review order', 'node Review order')));
      await c.expect('the model after connecting', model, { vertices: ['Review order', 'Start'], edges: ['Start -> Review order'] });
    },
  },
];
