// Element Plus 2 on Vue 3, loaded from its global build without a bundler:
// a staff admin app. Its selects are drawn divs over a readonly input
// (the placeholder lies on top of the input), the remote select searches
// as one types, the cascader opens columns of menus, the pickers take a
// typed date or a click in a popup, the number field has its own buttons,
// the switch, checkboxes and radio buttons hide their native inputs, the
// table sorts by icons in its headers and selects rows by checkboxes, the
// dropdowns open on hover or on click, the tree checks and expands nodes
// and the transfer moves checked items between two lists. The app copies
// its state to window.app.
import { all } from '../snap.mjs';

export const app = 'elementplus';

const ready = (t) => all(t, { role: 'button', name: 'Create employee' }).length > 0;
const choice = (name) => (t) => all(t, { role: ['option', 'menuitem', 'menuitemradio', 'treeitem', 'listitem'], name }).filter((n) => n.ref);

// pick waits for a choice named name in an open list and clicks it.
async function pick(c, name, what) {
  const tree = await c.lookFor((t) => choice(name)(t).length > 0, what);
  await c.act(c.agent.click(choice(name)(tree)[0].ref));
}

// openTab opens the app's tab called name and waits for ready.
async function openTab(c, name, ready, what) {
  const tree = await c.open('/elementplus.html', (t) => all(t, { role: 'tab', name }).length > 0, 'the tabs');
  await c.act(c.agent.click(c.ref(tree, { role: 'tab', name }, `the ${name} tab`)));
  return c.lookFor(ready, what);
}

export const tasks = [
  {
    name: 'elementplus-create-employee',
    // "Add Grace Hopper (grace@example.com) to Research, managed by Alan
    // Turing, starting on 4 January 2027."
    async run(c) {
      let tree = await c.open('/elementplus.html', ready, 'the new employee form');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'textbox', name: /Full name$/ }, 'the Full name field'), name: 'Full name', value: 'Grace Hopper' },
        { target: c.ref(tree, { role: 'textbox', name: /Email$/ }, 'the Email field'), name: 'Email', value: 'grace@example.com' },
        { target: c.ref(tree, { role: 'combobox', name: /Department$/ }, 'the Department select'), name: 'Department', type: 'combobox', value: 'Research' },
      ]));
      // The manager is found on the server as one types.
      tree = await c.look();
      await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: /Manager$/ }, 'the Manager box'), 'Tur'));
      await pick(c, 'Alan Turing', 'the option Alan Turing');
      tree = await c.look();
      await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: /Start date$/ }, 'the Start date field'), '2027-01-04', { clear: true }));
      await c.act(c.agent.press('Enter'));
      const want = { name: 'Grace Hopper', email: 'grace@example.com', dept: 'Research', manager: 'Alan Turing', start: '2027-01-04' };
      await c.expect('the form', "() => { const f = window.app.form; return { name: f.name, email: f.email, dept: f.dept, manager: f.manager, start: f.start }; }", want);
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Create employee' }, 'the Create employee button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).some((d) => all(d, { role: 'button', name: 'Create' }).length > 0), 'the confirmation');
      const box = all(tree, { role: 'dialog' }).find((d) => all(d, { role: 'button', name: 'Create' }).length > 0);
      await c.act(c.agent.click(c.ref(box, { role: 'button', name: 'Create' }, 'the Create button')));
      await c.expect('the created employee', "() => { const f = window.app.created; return f && { name: f.name, email: f.email, dept: f.dept, manager: f.manager, start: f.start }; }", want);
    },
  },
  {
    name: 'elementplus-employee-details',
    // "Set the office to Lisbon (Europe, Portugal), the shift to 08:30, 3
    // desks, remote work on, skills Go and SQL, a contractor, seniority 7."
    async run(c) {
      let tree = await c.open('/elementplus.html', ready, 'the new employee form');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: 'Office' }, 'the Office box')));
      for (const level of ['Europe', 'Portugal', 'Lisbon']) await pick(c, new RegExp(`^${level}$`), `the choice ${level}`);
      tree = await c.look();
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'combobox', name: 'Shift starts' }, 'the Shift starts select'), name: 'Shift starts', type: 'combobox', value: '08:30' },
        { target: c.ref(tree, { role: 'spinbutton', name: 'Desks' }, 'the Desks field'), name: 'Desks', type: 'spinbutton', value: '3' },
        { target: c.ref(tree, { role: 'switch', name: 'Works remotely' }, 'the remote switch'), name: 'Works remotely', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'checkbox', name: 'Go' }, 'the Go checkbox'), name: 'Go', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'checkbox', name: 'SQL' }, 'the SQL checkbox'), name: 'SQL', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'slider', name: 'Seniority' }, 'the Seniority slider'), name: 'Seniority', type: 'slider', value: '7' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'radio', name: 'Contractor' }, 'the Contractor radio button')));
      await c.expect('the form', "() => { const f = window.app.form; return { office: f.office, shift: f.shift, desks: f.desks, remote: f.remote, skills: f.skills, contract: f.contract, level: f.level }; }",
        { office: ['eu', 'pt', 'lis'], shift: '08:30', desks: 3, remote: true, skills: ['go', 'sql'], contract: 'contractor', level: 7 });
    },
  },
  {
    name: 'elementplus-form-errors',
    // "Try to create an employee with no details; say what the form asks
    // for, then give the name Ada Lovelace and a bad email, and say what
    // it says about the email."
    async run(c) {
      let tree = await c.open('/elementplus.html', ready, 'the new employee form');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Create employee' }, 'the Create employee button')));
      const says = (t, words) => all(t, { text: words }).length > 0 || all(t, { name: words }).length > 0;
      tree = await c.lookFor((t) => ['Please enter the full name', 'Please enter an email', 'Please choose a department'].every((w) => says(t, w)), 'the three error messages');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: /Full name$/ }, 'the Full name field'), 'Ada Lovelace'));
      tree = await c.look();
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: /Email$/ }, 'the Email field'), 'ada-at-example'));
      await c.act(c.agent.press('Tab'));
      tree = await c.lookFor((t) => says(t, 'Please enter a valid email') && !says(t, 'Please enter the full name'), 'the email message alone');
      await c.expect('the form', '() => [window.app.validated, window.app.created || null, window.app.form.name]', [false, null, 'Ada Lovelace']);
    },
  },
  {
    name: 'elementplus-promote-top-earners',
    // "Promote the two best-paid employees" (sort by salary, highest
    // first, tick the first two rows, Bulk actions > Promote selected).
    async run(c) {
      let tree = await openTab(c, 'Staff', (t) => all(t, { role: 'columnheader', name: /^Salary/ }).length > 0, 'the staff table');
      const salaries = (t) => all(t, { role: 'cell', name: /^\d{4}$/ }).map((n) => Number(n.name));
      const descending = (xs) => xs.length > 1 && xs.every((x, i) => i === 0 || xs[i - 1] >= x);
      for (let i = 0; i < 3 && !(descending(salaries(tree)) && salaries(tree)[0] === 9900); i++) {
        await c.act(c.agent.click(c.ref(tree, { role: 'columnheader', name: /^Salary/ }, 'the Salary header', { nearest: true })));
        tree = await c.look();
      }
      const rows = all(tree, { role: 'row' }).filter((r) => all(r, { role: 'cell', name: /^\d{4}$/ }).length > 0);
      for (const r of rows.slice(0, 2)) await c.act(c.agent.click(c.ref(r, { role: 'checkbox' }, `the checkbox of ${r.line}`)));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Bulk actions' }, 'the Bulk actions button')));
      await pick(c, 'Promote selected', 'the Promote selected item');
      await c.expect('the bulk action', '() => window.app.bulk', { action: 'promote', ids: ['E-102', 'E-107'] });
    },
  },
  {
    name: 'elementplus-edit-salary',
    // "Raise Frances Allen's salary to 9400" (she is on the second page).
    async run(c) {
      let tree = await openTab(c, 'Staff', (t) => all(t, { role: 'columnheader', name: /^Salary/ }).length > 0, 'the staff table');
      // The pager's numbers are named "page 2" and so on.
      await c.act(c.agent.click(c.ref(tree, { role: ['listitem', 'link', 'button'], name: /^(page )?2$/i }, 'the page 2 button')));
      tree = await c.lookFor((t) => all(t, { role: 'cell', name: 'Frances Allen' }).length > 0, 'the row of Frances Allen');
      const row = all(tree, { role: 'row' }).find((r) => all(r, { role: 'cell', name: 'Frances Allen' }).length > 0);
      await c.act(c.agent.click(c.ref(row, { role: 'button', name: 'Edit' }, 'her Edit button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog', name: /Edit employee/ }).length > 0, 'the Edit employee dialog');
      const dialog = all(tree, { role: 'dialog', name: /Edit employee/ })[0];
      await c.act(c.agent.fill([{ target: c.ref(dialog, { role: 'spinbutton', name: 'Salary' }, 'the Salary field'), name: 'Salary', type: 'spinbutton', value: '9400' }]));
      tree = await c.look();
      const again = all(tree, { role: 'dialog', name: /Edit employee/ })[0];
      await c.act(c.agent.click(c.ref(again, { role: 'button', name: 'Save' }, 'the Save button')));
      await c.expect('her salary', "() => [window.app.staff.find((r) => r.id === 'E-109').salary, document.querySelector('.el-dialog') ? getComputedStyle(document.querySelector('.el-overlay')).display : 'none']", [9400, 'none']);
    },
  },
  {
    name: 'elementplus-export-and-leave',
    // "Export the staff list as PDF, and book leave from 1 to 5 February
    // 2027."
    async run(c) {
      let tree = await openTab(c, 'Staff', (t) => all(t, { role: 'button', name: 'Export' }).length > 0, 'the Export button');
      await c.act(c.agent.hover(c.ref(tree, { role: 'button', name: 'Export' }, 'the Export button')));
      await pick(c, 'As PDF', 'the As PDF item');
      tree = await c.look();
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: ["textbox", "combobox"], name: /Leave from/ }, 'the Leave from field'), name: 'Leave from', value: '2027-02-01' },
        { target: c.ref(tree, { role: ["textbox", "combobox"], name: /Leave until/ }, 'the Leave until field'), name: 'Leave until', value: '2027-02-05' },
      ]));
      await c.act(c.agent.press('Enter'));
      await c.expect('the export and the leave', '() => [window.app.exported, window.app.leave]', ['pdf', ['2027-02-01', '2027-02-05']]);
    },
  },
  {
    name: 'elementplus-permissions',
    // "Let auditors view invoices, issue refunds and edit salaries, and
    // make them members of Auditors and Finance."
    async run(c) {
      let tree = await openTab(c, 'Permissions', (t) => all(t, { role: 'treeitem' }).length > 0, 'the permissions tree');
      const item = (t, name) => all(t, { role: 'treeitem' }).find((n) => n.name === name || n.name.startsWith(name + ' ') || n.text === name);
      // All of Billing: its checkbox.
      await c.act(c.agent.click(c.ref(item(tree, 'Billing'), { role: 'checkbox' }, 'the Billing checkbox')));
      // People opens to show its permissions.
      tree = await c.look();
      const people = item(tree, 'People');
      await c.act(c.agent.click(people.ref || c.locatorFor(people, 'the People node')));
      tree = await c.lookFor((t) => !!item(t, 'Edit salaries'), 'the People permissions');
      await c.act(c.agent.click(c.ref(item(tree, 'Edit salaries'), { role: 'checkbox' }, 'the Edit salaries checkbox')));
      tree = await c.look();
      for (const g of ['Auditors', 'Finance']) {
        tree = await c.look();
        await c.act(c.agent.click(c.ref(tree, { role: 'checkbox', name: g }, `the ${g} checkbox`)));
      }
      tree = await c.look();
      // The two arrow buttons between the lists have no words: the one
      // that moves checked items to the right-hand list is the one the
      // checks enabled.
      const move = all(tree, { role: 'button' }).filter((n) => n.ref && !n.name && !n.attrs.includes('disabled'));
      if (!move.length) throw new Error('no enabled arrow button between the lists');
      await c.act(c.agent.click(move[move.length - 1].ref));
      await c.expect('the permissions and groups', '() => [window.app.permissions, [...window.app.groups].sort()]',
        [['billing.read', 'billing.write', 'people.write'], ['auditors', 'finance']]);
    },
  },
];
