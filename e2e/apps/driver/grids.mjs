// How an agent finds and edits a cell of a table or grid it reads in a
// snapshot: the column by its header's text, the row by its first cell's
// (or any cell's) text, the cell by position; a double-click opens the
// cell's editor, which shows up as a textbox; Enter saves.
import { StepError } from './agent.mjs';
import { all, textOf, outline } from './snap.mjs';

const cellRoles = ['cell', 'gridcell', 'columnheader', 'rowheader'];

// cellAt finds the cell in the column whose header reads column and the
// row that has a cell reading row; it returns the cell's node.
export function cellAt(c, tree, { column, row }) {
  const rows = all(tree, { role: 'row' });
  const cellsOf = (r) => r.children.filter((n) => cellRoles.includes(n.role));
  // A cell reads as its name when it has one (a header's sort button
  // inside it repeats the words), else as the words it holds.
  const reads = (n) => (n.name || textOf(n)).trim();
  const header = rows.find((r) => cellsOf(r).some((n) => reads(n) === column));
  if (!header) throw new StepError(`no header row with a column "${column}":\n${outline(tree, 40)}`);
  const col = cellsOf(header).findIndex((n) => reads(n) === column);
  const body = rows.find((r) => r !== header && cellsOf(r).some((n) => reads(n) === row));
  if (!body) throw new StepError(`no row with a cell "${row}":\n${outline(tree, 40)}`);
  const cell = cellsOf(body)[col];
  if (!cell) throw new StepError(`row "${row}" has no cell in column ${col + 1} ("${column}"): ${body.line}`);
  return cell;
}

// editCell double-clicks the cell, types value into the editor that opens
// and presses Enter.
export async function editCell(c, cell, value) {
  if (!cell.ref) throw new StepError(`the cell has no ref in the snapshot: line "${cell.line}" under "${cell.parent.line}"`);
  await c.act(c.agent.click(cell.ref, { double: true }));
  const tree = await c.lookFor((t) => c.editor(t), 'an editor in the cell');
  await c.act(c.agent.type(c.editor(tree).ref, value, { clear: true }));
  await c.act(c.agent.press('Enter'));
}
