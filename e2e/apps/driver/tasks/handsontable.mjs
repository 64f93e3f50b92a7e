// Handsontable: a spreadsheet grid (role treegrid) whose header row and
// row numbers are separate overlay tables; a double-click opens a cell's
// editor, a dropdown cell opens a list of values, a checkbox cell holds
// a real checkbox.
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'handsontable';

const ready = (t) => all(t, { role: 'gridcell' }).length > 8;

// cell is the data cell in the column headed column and the row whose
// first cell reads row: the column's place among the column headers is
// its place among the row's data cells.
function cell(tree, column, row) {
  const heads = all(tree, { role: 'columnheader' }).map((n) => (n.name || textOf(n)).trim());
  const col = heads.indexOf(column);
  if (col < 0) throw new StepError(`no column "${column}" among ${JSON.stringify(heads)}`);
  const r = all(tree, { role: 'row' }).find((x) => { const cs = x.children.filter((n) => n.role === 'gridcell'); return cs.length && (cs[0].name || textOf(cs[0])).trim() === row; });
  if (!r) throw new StepError(`no row "${row}":\n${outline(tree, 40)}`);
  const n = r.children.filter((x) => x.role === 'gridcell')[col];
  if (!n || !n.ref) throw new StepError(`row "${row}" has no cell with a ref in column "${column}": ${r.line}`);
  return n;
}

export const tasks = [
  {
    name: 'handsontable-set-qty',
    // "Screws: we have 40." (the cell is empty)
    async run(c) {
      const tree = await c.open('/handsontable.html', ready, 'the sheet');
      await c.act(c.agent.click(cell(tree, 'Qty', 'Screws').ref, { double: true }));
      const ed = await c.lookFor((t) => c.editor(t), 'the cell editor');
      await c.act(c.agent.type(c.editor(ed).ref, '40', { clear: true }));
      await c.act(c.agent.press('Enter'));
      await c.expect('the Screws row', '() => window.row(2)', ['Screws', 40, 'Low', false]);
    },
  },
  {
    name: 'handsontable-pick-status',
    // "Mark Washers as Low." (the Status cell's list of values)
    async run(c) {
      let tree = await c.open('/handsontable.html', ready, 'the sheet');
      await c.act(c.agent.click(cell(tree, 'Status', 'Washers').ref, { double: true }));
      const low = (t) => [...walk(t)].filter((n) => n.ref && (n.name || n.text).trim() === 'Low');
      tree = await c.lookFor((t) => low(t).length > 1, 'the list of statuses');
      await c.act(c.agent.click(low(tree).pop().ref));
      await c.expect('the Washers row', '() => window.row(3)', ['Washers', 15, 'Low', false]);
    },
  },
  {
    name: 'handsontable-check-reorder',
    // "Reorder screws." (tick the Reorder box in the Screws row)
    async run(c) {
      const tree = await c.open('/handsontable.html', ready, 'the sheet');
      const box = c.all(cell(tree, 'Reorder', 'Screws'), { role: 'checkbox', ref: true })[0];
      if (!box) throw new StepError('the Reorder cell of Screws has no checkbox');
      await c.act(c.agent.click(box.ref));
      await c.expect('the Screws row', '() => window.row(2)', ['Screws', '', 'Low', true]);
    },
  },
];
