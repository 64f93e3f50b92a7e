// A complete application (Vue 3 and Vue Router, a JSON back end): sign-in,
// search and product pages, with the route and the store as its state.
import { StepError } from '../agent.mjs';
import { all, walk } from '../snap.mjs';

export const app = 'shop';

const has = (role, name) => (t) => all(t, { role, name }).length > 0;

// signIn opens the shop (which sends a stranger to its sign-in page) and
// signs in as ann.
async function signIn(c) {
  let tree = await c.open('/shop.html', has('button', 'Sign in'), 'the sign-in form');
  await c.act(c.agent.fill([
    { target: c.ref(tree, { role: 'textbox', name: 'User name' }, 'the user name field'), name: 'User name', value: 'ann' },
    { target: c.ref(tree, { role: 'textbox', name: 'Password' }, 'the password field'), name: 'Password', value: 's3cret!' },
  ]));
  await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Sign in' }, 'the Sign in button')));
  return c.lookFor(has('searchbox', 'Search products'), 'the search page');
}

// open searches for q and opens the result named name.
async function openProduct(c, tree, q, name) {
  await c.act(c.agent.type(c.ref(tree, { role: 'searchbox', name: 'Search products' }, 'the search box'), q, { submit: true }));
  tree = await c.lookFor(has('link', name), `the result ${name}`);
  await c.act(c.agent.click(c.ref(tree, { role: 'link', name }, `the link ${name}`)));
  return c.lookFor(has('heading', name), `the page of ${name}`);
}

export const tasks = [
  {
    name: 'shop-find-price',
    // "Sign in as ann (password s3cret!), search for lamp, open Desk Lamp
    // and tell me its price."
    async run(c) {
      let tree = await signIn(c);
      tree = await openProduct(c, tree, 'lamp', 'Desk Lamp');
      const line = [...walk(tree)].map((n) => `${n.name} ${n.text}`).find((s) => /€\s*\d/.test(s));
      const price = line && line.match(/€\s*([\d.,]+)/)[1];
      if (!price) throw new StepError(`no price on the page of Desk Lamp:\n${tree.source}`);
      await c.expect('the app after the task', `() => ({ route: window.shop.router.currentRoute.value.path, user: window.shop.store.user, price: window.shop.store.product && window.shop.store.product.price })`,
        { route: '/product/p-101', user: 'Ann Lee', price });
      if (price !== '34.90') throw new StepError(`the agent read the price ${price}, the page shows 34.90`);
    },
  },
  {
    name: 'shop-add-to-cart',
    // "Sign in as ann and put a Floor Lamp in the cart."
    async run(c) {
      let tree = await signIn(c);
      tree = await openProduct(c, tree, 'floor', 'Floor Lamp');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Add to cart' }, 'the Add to cart button')));
      await c.expect('the cart', '() => [...window.shop.store.cart]', ['p-102']);
    },
  },
  {
    name: 'shop-checkout-form',
    // "Sign in as ann and order 2 Desk Lamps in green, gift-wrapped, for
    // delivery on 24 December 2026." The agent knows the form's labels
    // and fills it in one call by label locators.
    async run(c) {
      let tree = await signIn(c);
      tree = await openProduct(c, tree, 'lamp', 'Desk Lamp');
      await c.act(c.agent.click(c.ref(tree, { role: 'link', name: 'Buy now' }, 'the Buy now link')));
      tree = await c.lookFor(has('button', 'Place order'), 'the checkout form');
      const fields = [
        { target: 'label=Quantity', name: 'Quantity', type: 'textbox', value: '2' },
        { target: 'label=Colour', name: 'Colour', type: 'combobox', value: 'Green' },
        { target: 'label=Delivery date', name: 'Delivery date', type: 'textbox', value: '2026-12-24' },
        { target: 'label=Gift wrap', name: 'Gift wrap', type: 'checkbox', value: 'true' },
      ];
      if (c.agent.kind !== 'agentbrowser') {
        // Playwright MCP has no label= locator: the fields' refs instead.
        for (const f of fields) f.target = c.ref(tree, { name: f.name }, `the field ${f.name}`);
      }
      await c.act(c.agent.fill(fields));
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Place order' }, 'the Place order button')));
      await c.expect('the orders', '() => JSON.parse(JSON.stringify(window.shop.store.orders))',
        [{ product: 'p-101', qty: 2, colour: 'green', date: '2026-12-24', gift: true }]);
    },
  },
];
