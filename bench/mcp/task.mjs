// Drives one multi-page shopping task through three MCP servers, each over
// stdio with the official TypeScript MCP client and the system Chromium:
// agentbrowser's, Playwright MCP (@playwright/mcp 0.0.83) and Chrome
// DevTools MCP (chrome-devtools-mcp 1.11). It reports, per server, the
// bytes the model reads (the text of every result), the bytes of whole
// results (JSON, structured content and all), the calls made and the steps
// done.
//
// The driver acts as an agent does: it remembers the refs earlier results
// showed it, and takes a snapshot only when it lacks the ref of the element
// it needs. A step is done when the site's server saw its effect (a page
// loaded, a field's value, a coupon, a payment, an order), or, for the
// step whose script never returns, when the call came back.
//
// Usage (from this directory):
//   npm ci
//   AB_BIN=/path/to/agentbrowser CHROME=/usr/bin/chromium node task.mjs [--hang] [--verbose]
// --hang adds a step that runs a script that never returns (before the
// order is placed), as an agent's evaluate may. Nothing is asserted: it prints a table and
// a JSON line.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const AB_BIN = process.env.AB_BIN || '../../bin/agentbrowser';
const CHROME = process.env.CHROME || '/usr/bin/chromium';
const HANG = process.argv.includes('--hang');
const VERBOSE = process.argv.includes('--verbose');
const ONLY = (process.argv.find((a) => a.startsWith('--only=')) || '').slice(7);
// CALL_TIMEOUT bounds one tool call, above agentbrowser's own 30 s budget: a
// server stuck behind a hung script
// fails that call and the steps after it.
// REF_ARG is the name agentbrowser's tools get a ref by: "target", as
// Playwright MCP's do; "ref" for builds older than that.
const REF_ARG = process.env.AB_REF_ARG || 'target';
const CALL_TIMEOUT = Number(process.env.CALL_TIMEOUT_MS || 45000);

// ---- The shop: two origins (127.0.0.1 and localhost), so that the
// payment frame is cross-site. Every page has the same header, navigation
// and footer.
const log = new Map(); // what the site saw: key -> value
const categories = ['Kitchen', 'Garden', 'Bath', 'Bedroom', 'Office', 'Lighting', 'Storage', 'Outdoor', 'Kids', 'Pets',
  'Tools', 'Paint', 'Flooring', 'Textiles', 'Rugs', 'Mirrors', 'Clocks', 'Frames', 'Candles', 'Plants',
  'Baskets', 'Shelves', 'Desks', 'Chairs', 'Sofas', 'Tables', 'Lamps', 'Curtains', 'Bedding', 'Gifts'];
const products = [
  ['blue-mug', 'Blue mug', 12], ['red-mug', 'Red mug', 11], ['travel-mug', 'Travel mug', 18], ['tea-cup', 'Tea cup', 9],
  ['mug-set', 'Mug set of four', 39], ['espresso-cup', 'Espresso cup', 7], ['latte-glass', 'Latte glass', 8], ['mug-tree', 'Mug tree', 15],
];
function chrome(title, main, script = '') {
  const nav = categories.map((c) => `<li><a href="/c/${c.toLowerCase()}">${c}</a></li>`).join('');
  return `<!doctype html><html lang=en><head><meta charset=utf-8><title>${title} - Homeware</title></head><body>
<header><a href="/">Homeware</a>
<form role="search" action="/search"><input type="search" name="q" aria-label="Search products"><button>Search</button></form>
<nav aria-label="Account"><a href="/account">Account</a> <a href="/cart">Cart</a> <a href="/checkout">Checkout</a></nav></header>
<nav aria-label="Categories"><ul>${nav}</ul></nav>
<main>${main}</main>
<footer><ul><li><a href="/help">Help</a></li><li><a href="/shipping">Shipping</a></li><li><a href="/returns">Returns</a></li>
<li><a href="/contact">Contact us</a></li><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li></ul>
<p>Homeware Ltd, 1 High Street. Prices include VAT.</p></footer>${script}</body></html>`;
}
function shopPage(url, other) {
  const u = new URL(url, 'http://x');
  switch (u.pathname) {
    case '/':
      return chrome('Home', `<h1>Welcome</h1><p>Everything for your home.</p>
<section aria-label="Offers"><h2>Offers</h2><ul><li><a href="/c/kitchen">Kitchen week: 20% off</a></li><li><a href="/c/garden">Garden chairs from 30 EUR</a></li></ul></section>`);
    case '/search': {
      const q = (u.searchParams.get('q') || '').toLowerCase();
      const hits = products.filter(([, name]) => name.toLowerCase().includes(q.replace(/s$/, '')));
      const items = hits.map(([id, name, price]) =>
        `<li><a href="/product/${id}">${name}</a> <span>${price} EUR</span> <span>Rated 4.${price % 10} of 5</span></li>`).join('');
      return chrome(`Search: ${q}`, `<h1>Results for ${q}</h1><p>${hits.length} products</p><ul>${items}</ul>`);
    }
    case '/cart':
      return chrome('Cart', `<h1>Your cart</h1><table><tr><th>Item</th><th>Price</th></tr>
<tr><td>${u.searchParams.get('add') || 'nothing'}</td><td>12 EUR</td></tr></table><p>Proceed from the Checkout link above.</p>`);
    case '/checkout':
      return chrome('Checkout', `<h1>Checkout</h1>
<form id=order action="/done">
<label>Full name <input name=name></label>
<label>Email <input name=email type=email></label>
<label>Address <input name=address></label>
<label>Country <select name=country><option value="">Choose</option><option value=fr>France</option><option value=de>Germany</option><option value=es>Spain</option></select></label>
<label><input type=checkbox name=gift> Gift wrap</label>
<input type=hidden name=coupon id=coupon><input type=hidden name=paid id=paid>
<p><button type=button id=couponBtn>Apply coupon</button> <span id=couponOut></span></p>
<h2>Payment</h2>
<iframe title="Payment" src="${other}/pay" width=420 height=140></iframe>
<p><button type=button id=stock>Check stock</button></p>
<p><button id=place>Place order</button></p>
</form>`, `<script>
const beacon = (f, v) => fetch('/log?f=' + f + '&v=' + encodeURIComponent(v));
document.getElementById('order').addEventListener('change', (e) => beacon(e.target.name, e.target.type === 'checkbox' ? e.target.checked : e.target.value));
document.getElementById('couponBtn').onclick = () => {
  const c = prompt('Coupon code?');
  if (c) { document.getElementById('coupon').value = c; document.getElementById('couponOut').textContent = 'Coupon ' + c + ' applied'; beacon('coupon', c); }
};
document.getElementById('stock').onclick = () => { for (;;) {} };
addEventListener('message', (e) => { if (e.data === 'paid') { document.getElementById('paid').value = '1'; } });
</script>`);
    case '/pay':
      return `<!doctype html><title>Pay</title><label>Card number <input name=card></label> <button id=pay>Pay</button><p id=out></p>
<script>document.getElementById('pay').onclick = () => { fetch('/paid?card=' + document.querySelector('input').value)
  .then(() => { document.getElementById('out').textContent = 'Payment approved'; parent.postMessage('paid', '*'); }); };</script>`;
    case '/done':
      return chrome('Order placed', `<h1>Thank you</h1><p>Order placed for ${u.searchParams.get('name') || ''}.</p>`);
    default:
      if (u.pathname.startsWith('/product/')) {
        const p = products.find(([id]) => id === u.pathname.slice(9));
        if (!p) return null;
        return chrome(p[1], `<h1>${p[1]}</h1><p>${p[2]} EUR</p><p>Stoneware, 350 ml, dishwasher safe.</p>
<form action="/cart"><input type=hidden name=add value="${p[0]}"><button>Add to cart</button></form>
<h2>Reviews</h2><ul><li>Lovely colour.</li><li>Keeps tea hot.</li></ul>`);
      }
      if (u.pathname.startsWith('/c/')) return chrome('Category', '<h1>Category</h1>');
      return null;
  }
}
function serve() {
  return http.createServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    log.set('GET ' + u.pathname, u.search);
    if (u.pathname === '/log') log.set('field ' + u.searchParams.get('f'), u.searchParams.get('v'));
    if (u.pathname === '/paid') log.set('paid', u.searchParams.get('card'));
    if (u.pathname === '/log' || u.pathname === '/paid') {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      return res.end('ok');
    }
    const body = shopPage(req.url, req.socket.localPort === otherPort ? main : other);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body || 'not found');
  });
}
const mainSrv = serve(), otherSrv = serve();
await new Promise((r) => mainSrv.listen(0, '127.0.0.1', r));
await new Promise((r) => otherSrv.listen(0, '127.0.0.1', r));
const main = `http://127.0.0.1:${mainSrv.address().port}`;
const otherPort = otherSrv.address().port;
const other = `http://localhost:${otherPort}`;

// ---- The servers, and how each names things.
const home = mkdtempSync(join(tmpdir(), 'ab-task-'));
const servers = {
  agentbrowser: {
    command: AB_BIN, args: ['mcp'], env: { ...process.env, AGENTBROWSER_HOME: home, CHROME_BIN: CHROME },
    refIn: (line) => (line.match(/\[ref=([^\]]+)\]/) || [])[1],
    // Refs listed by a line that stands for a landmark shown on an
    // earlier page.
    listedRefs: (line) => {
      const m = line.match(/\[same as on an earlier page: \d+ refs? ([e0-9,-]+)\]/);
      if (!m) return [];
      return m[1].split(',').flatMap((part) => {
        const [a, b] = part.split('-').map((x) => Number(x.slice(1)));
        return Array.from({ length: (b || a) - a + 1 }, (_, i) => 'e' + (a + i));
      });
    },
    // The server says which refs went away; the rest stay valid.
    removedRefs: (text) => {
      const m = text.match(/Removed refs: ([^\n]+)/);
      return m ? m[1].split(/,\s*/).flatMap((part) => {
        const [a, b] = part.split('-').map((x) => Number(x.slice(1)));
        return Array.from({ length: (b || a) - a + 1 }, (_, i) => 'e' + (a + i));
      }) : [];
    },
    tools: {
      navigate: (url) => ['browser_navigate', { url }],
      snapshot: () => ['browser_snapshot', {}],
      click: (ref, element) => ['browser_click', { [REF_ARG]: ref, element }],
      type: (ref, text, element) => ['browser_type', { [REF_ARG]: ref, text, element }],
      // Builds that take "ref" know no field type either.
      fill: (fields) => ['browser_fill_form', {
        fields: fields.map((f) => ({ [REF_ARG]: f.ref, name: f.name, ...(REF_ARG === 'ref' ? {} : { type: f.type }), value: f.value })),
      }],
      dialog: (text) => ['browser_handle_dialog', { accept: true, promptText: text }],
      evaluate: (fn) => ['browser_evaluate', { function: fn }],
    },
  },
  'playwright-mcp': {
    command: process.execPath,
    args: ['node_modules/@playwright/mcp/cli.js', '--headless', '--isolated', '--browser', 'chromium', '--executable-path', CHROME,
      '--output-dir', join(home, 'playwright')],
    env: { ...process.env },
    refIn: (line) => (line.match(/\[ref=([^\]]+)\]/) || [])[1],
    tools: {
      navigate: (url) => ['browser_navigate', { url }],
      snapshot: () => ['browser_snapshot', {}],
      click: (ref, element) => ['browser_click', { target: ref, element }],
      type: (ref, text, element) => ['browser_type', { target: ref, text, element }],
      fill: (fields) => ['browser_fill_form', { fields: fields.map((f) => ({ target: f.ref, name: f.name, type: f.type, value: f.value })) }],
      dialog: (text) => ['browser_handle_dialog', { accept: true, promptText: text }],
      evaluate: (fn) => ['browser_evaluate', { function: fn }],
    },
  },
  'chrome-devtools-mcp': {
    command: process.execPath,
    args: ['node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js', '--headless', '--isolated',
      '--executablePath', CHROME, '--no-usage-statistics', '--no-performance-crux',
      // Chrome refuses to start as root with its sandbox (CI runs as root).
      ...(process.getuid && process.getuid() === 0 ? ['--chromeArg=--no-sandbox'] : [])],
    env: { ...process.env },
    refIn: (line) => (line.match(/uid=(\S+)/) || [])[1],
    needsPage: true,
    tools: {
      navigate: (url, page) => ['navigate_page', { pageId: page, type: 'url', url }],
      snapshot: (page) => ['take_snapshot', { pageId: page }],
      click: (ref, element, page) => ['click', { pageId: page, uid: ref }],
      type: (ref, text, element, page) => ['fill', { pageId: page, uid: ref, value: text }],
      fill: (fields, page) => ['fill_form', { pageId: page, elements: fields.map((f) => ({ uid: f.ref, value: f.value })) }],
      dialog: (text, page) => ['handle_dialog', { pageId: page, action: 'accept', promptText: text }],
      evaluate: (fn, page) => ['evaluate_script', { pageId: page, function: fn }],
    },
  },
};

const text = (res) => (res.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

// agent is the driver of one server: its calls, what it read, and the refs
// it knows are valid now.
async function run(name, cfg) {
  const client = new Client({ name: 'task-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: cfg.command, args: cfg.args, env: cfg.env, stderr: 'ignore' }));
  const st = { calls: 0, textBytes: 0, resultBytes: 0, steps: [], stuck: false };
  // known maps a ref to the line that showed it; valid holds the refs
  // usable on the current page.
  const known = new Map();
  let valid = new Set();
  let page;
  const call = async ([tool, args]) => {
    st.calls++;
    let res;
    try {
      res = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: CALL_TIMEOUT });
    } catch (err) {
      throw new Error(`${tool}: ${err.message}`);
    }
    const t = text(res);
    st.textBytes += Buffer.byteLength(t);
    st.resultBytes += Buffer.byteLength(JSON.stringify(res));
    if (VERBOSE) console.log(`--- ${name} ${tool} ${JSON.stringify(args)}\n${t}\n`);
    if (res.isError) throw new Error(`${tool}: ${t.slice(0, 300)}`);
    return t;
  };
  // read takes in a result's text: the refs it shows become known and
  // valid; for agentbrowser, refs it says were removed stop being valid.
  const read = (t, navigated) => {
    if (cfg.removedRefs) {
      for (const r of cfg.removedRefs(t)) valid.delete(r);
    } else if (navigated) {
      // A peer's refs belong to its last snapshot of a page.
      valid = new Set();
    }
    for (const line of t.split('\n')) {
      const ref = cfg.refIn(line);
      if (ref) { known.set(ref, line); valid.add(ref); }
      for (const r of cfg.listedRefs ? cfg.listedRefs(line) : []) valid.add(r);
    }
  };
  const tool = (kind, ...args) => cfg.tools[kind](...args, page);
  // find returns the ref of the element whose line matches re, taking a
  // snapshot when no valid ref does.
  const find = async (re) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      for (const ref of valid) {
        const line = known.get(ref);
        if (line && re.test(line)) return ref;
      }
      if (attempt === 0) {
        if (!cfg.removedRefs) valid = new Set();
        read(await call(tool('snapshot')), true);
      }
    }
    throw new Error(`no element matches ${re}`);
  };
  const navigated = (t) => read(t, true);
  const acted = (t) => read(t, false);
  const seen = (key, want) => () => (want === undefined ? log.has(key) : String(log.get(key)) === String(want));
  const steps = [
    ['open the shop', async () => { navigated(await call(tool('navigate', main + '/'))); }, seen('GET /')],
    ['search for mugs', async () => {
      acted(await call(tool('type', await find(/(searchbox|textbox) "Search products"/), 'mug', 'search box')));
      navigated(await call(tool('click', await find(/button "Search"/), 'Search button')));
    }, seen('GET /search')],
    ['open a result', async () => { navigated(await call(tool('click', await find(/link "Blue mug"/), 'Blue mug link'))); }, seen('GET /product/blue-mug')],
    ['add it to the cart', async () => { navigated(await call(tool('click', await find(/button "Add to cart"/), 'Add to cart'))); }, seen('GET /cart', '?add=blue-mug')],
    ['go to checkout', async () => { navigated(await call(tool('click', await find(/link "Checkout"/), 'Checkout link'))); }, seen('GET /checkout')],
    ['fill the form', async () => {
      const fields = [
        { re: /textbox "Full name"/, name: 'Full name', type: 'textbox', value: 'Ada Lovelace' },
        { re: /textbox "Email"/, name: 'Email', type: 'textbox', value: 'ada@example.com' },
        { re: /textbox "Address"/, name: 'Address', type: 'textbox', value: '12 Analytical Row' },
        { re: /combobox "Country"/, name: 'Country', type: 'combobox', value: 'France' },
        { re: /checkbox "Gift wrap"/, name: 'Gift wrap', type: 'checkbox', value: 'true' },
      ];
      for (const f of fields) f.ref = await find(f.re);
      acted(await call(tool('fill', fields)));
    }, () => log.get('field name') === 'Ada Lovelace' && log.get('field country') === 'fr' && log.get('field gift') === 'true'],
    ['answer the coupon prompt', async () => {
      const t = await call(tool('click', await find(/button "Apply coupon"/), 'Apply coupon'));
      acted(t);
      acted(await call(tool('dialog', 'SAVE10')));
    }, seen('field coupon', 'SAVE10')],
    ['pay in the payment frame', async () => {
      acted(await call(tool('type', await find(/textbox "Card number"/), '4242424242424242', 'card number')));
      acted(await call(tool('click', await find(/button "Pay"/), 'Pay button')));
    }, seen('paid', '4242424242424242')],
  ];
  if (HANG) {
    let returned = false;
    steps.push(['run a script that never returns', async () => {
      // The call coming back, as an answer or as an error, is the step.
      try {
        await call(tool('evaluate', '() => { for (;;) {} }'));
      } catch (e) {
        if (/Request timed out/.test(e.message)) throw e;
      }
      returned = true;
    }, () => returned]);
  }
  steps.push(['place the order', async () => { navigated(await call(tool('click', await find(/button "Place order"/), 'Place order'))); }, seen('GET /done')]);

  try {
    if (cfg.needsPage) {
      const t = await call(['list_pages', {}]);
      page = Number((t.match(/^(\d+):/m) || t.match(/(\d+)/) || [])[1] || 1);
    }
    for (const [label, act, done] of steps) {
      let err = null;
      if (!st.stuck) {
        try {
          await act();
        } catch (e) {
          err = e.message;
          if (/Request timed out/.test(err)) {
            st.stuck = true;
          } else {
            // As an agent would: look at the page again and retry once.
            valid = new Set();
            try {
              await act();
              err = null;
            } catch (e2) {
              err = e2.message;
              if (/Request timed out/.test(err)) st.stuck = true;
            }
          }
        }
      } else {
        err = 'not tried: the server is stuck';
      }
      // Give the page's own requests (beacons) a moment to arrive.
      const ok = await settle(done);
      st.steps.push({ step: label, done: ok, error: ok ? undefined : err || 'no effect seen' });
    }
  } finally {
    await client.close().catch(() => {});
  }
  return st;
}

// settle polls a step's check for up to two seconds.
async function settle(check) {
  for (let i = 0; i < 40; i++) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const results = {};
for (const [name, cfg] of Object.entries(servers)) {
  if (ONLY && name !== ONLY) continue;
  log.clear();
  results[name] = await run(name, cfg);
}
mainSrv.close();
otherSrv.close();
rmSync(home, { recursive: true, force: true });

const ours = results.agentbrowser;
console.log(`shopping task${HANG ? ' with a script that never returns' : ''}: bytes the model reads (text), whole results (JSON), calls, steps done\n`);
console.log('server               | text bytes | ratio | result bytes | calls | steps');
for (const [name, r] of Object.entries(results)) {
  const done = r.steps.filter((s) => s.done).length;
  const ratio = ours && name !== 'agentbrowser' ? (ours.textBytes / r.textBytes).toFixed(2) : '';
  console.log(`${name.padEnd(20)} | ${String(r.textBytes).padStart(10)} | ${ratio.padStart(5)} | ${String(r.resultBytes).padStart(12)} | ${String(r.calls).padStart(5)} | ${done}/${r.steps.length}`);
  for (const s of r.steps.filter((x) => !x.done)) console.log(`    not done: ${s.step}: ${s.error}`);
}
console.log('(ratio: agentbrowser text bytes / this server\'s)');
console.log(JSON.stringify(results));
process.exit(0);
