// Tabulator: a data grid of divs with grid roles; a click on a cell opens
// its editor (an input, or a list of values); a click on a column's title
// sorts by it.
import { all, walk } from '../snap.mjs';
import { cellAt, editCell } from '../grids.mjs';

export const app = 'tabulator';

const ready = (t) => all(t, { role: 'gridcell' }).length > 4;

export const tasks = [
  {
    name: 'tabulator-set-qty',
    // "Set the quantity of Bolts to 7."
    async run(c) {
      const tree = await c.open('/tabulator.html', ready, 'the table');
      await editCell(c, cellAt(c, tree, { column: 'Qty', row: 'Bolts' }), '7');
      await c.expect('the Bolts row', '() => window.table.getRow(2).getData().qty', 7);
    },
  },
  {
    name: 'tabulator-pick-status',
    // "Mark Washers as Low." (the cell opens a list of values to pick from)
    async run(c) {
      let tree = await c.open('/tabulator.html', ready, 'the table');
      await c.act(c.agent.click(cellAt(c, tree, { column: 'Status', row: 'Washers' }).ref));
      tree = await c.lookFor((t) => [...walk(t)].some((n) => n.ref && (n.name || n.text).trim() === 'Low' && n.role !== 'gridcell'), 'the list of statuses');
      const low = [...walk(tree)].filter((n) => n.ref && (n.name || n.text).trim() === 'Low' && n.role !== 'gridcell').pop();
      await c.act(c.agent.click(low.ref));
      await c.expect('the Washers row', '() => window.table.getRow(3).getData().status', 'Low');
    },
  },
  {
    name: 'tabulator-sort-qty',
    // "Sort the inventory by quantity."
    async run(c) {
      const tree = await c.open('/tabulator.html', ready, 'the table');
      await c.act(c.agent.click(c.ref(tree, { role: 'columnheader', name: 'Qty' }, 'the Qty column header')));
      await c.expect('the rows', '() => window.table.getRows("active").map((r) => r.getData().item)', ['Washers', 'Bolts', 'Nuts', 'Screws']);
    },
  },
];
