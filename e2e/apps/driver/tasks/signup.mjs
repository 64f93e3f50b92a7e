// Shoelace 2 web components: every control lives in a shadow root, labels
// come through attributes or slots, the select is a custom listbox.
export const app = 'signup';

export const tasks = [
  {
    name: 'signup-fill-form',
    // "Create an account for Bo Lin, bo@example.com, and accept the terms."
    async run(c) {
      let tree = await c.open('/signup.html', (t) => c.all(t, { role: 'button', name: 'Create account' }).length > 0, 'the sign-up form');
      const field = (role, name, what) => c.ref(tree, { role, name }, what);
      await c.act(c.agent.fill([
        { target: field('textbox', /^Full name/, 'the Full name field'), name: 'Full name', type: 'textbox', value: 'Bo Lin' },
        { target: field('textbox', /^Email/, 'the Email field'), name: 'Email', type: 'textbox', value: 'bo@example.com' },
        { target: field('checkbox', /accept the terms/, 'the terms checkbox'), name: 'I accept the terms', type: 'checkbox', value: 'true' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Create account' }, 'the Create account button')));
      // The fields the task sets (the app also submits the plan, left
      // empty here).
      await c.expect('the form the app submitted', '() => window.signup ? { name: window.signup.name, email: window.signup.email, terms: window.signup.terms } : null', { name: 'Bo Lin', email: 'bo@example.com', terms: 'on' });
    },
  },
  {
    name: 'signup-pick-plan',
    // "Choose the Team plan" (open the select, pick the option).
    async run(c) {
      let tree = await c.open('/signup.html', (t) => c.all(t, { role: 'combobox', name: /^Plan/ }).length > 0, 'the sign-up form');
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: /^Plan/ }, 'the Plan select')));
      tree = await c.lookFor((t) => c.all(t, { role: 'option', name: /^Team/ }).length > 0, 'the plan options');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: /^Team/ }, 'the option Team')));
      await c.expect('the select', "() => document.querySelector('sl-select').value", 'team');
    },
  },
];
