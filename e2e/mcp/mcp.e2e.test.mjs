// End-to-end test of "agentbrowser mcp" with the official TypeScript MCP
// client. Run by TestMCPTypeScriptClient in cmd/agentbrowser, which builds
// the binary, serves the test pages and sets:
//   AB_BIN   the agentbrowser binary
//   AB_SITE  the test site's base URL (pages /form, /counter and /pointer)
//   AGENTBROWSER_HOME  a private daemon directory
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.AB_BIN;
const SITE = process.env.AB_SITE;
assert.ok(BIN && SITE, 'AB_BIN and AB_SITE must be set (run through go test)');

const stdio = () => new StdioClientTransport({ command: BIN, args: ['mcp'], env: { ...process.env }, stderr: 'inherit' });

async function connect(transport) {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const text = (res) => res.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');

async function ok(client, name, args = {}) {
  const res = await client.callTool({ name, arguments: args });
  assert.ok(!res.isError, `${name} failed: ${text(res)}`);
  return res;
}

function refFor(snap, role, name) {
  const line = snap.split('\n').find((l) => l.includes(`${role} "${name}"`));
  assert.ok(line, `no ${role} "${name}" in\n${snap}`);
  return line.match(/\[ref=(e\d+)\]/)[1];
}

test('an older protocol version is negotiated and echoed', async () => {
  const t = stdio();
  const reply = new Promise((resolve, reject) => {
    t.onmessage = (m) => { if (m.id === 1) resolve(m); };
    t.onerror = reject;
  });
  await t.start();
  await t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '0' } } });
  const m = await reply;
  assert.equal(m.result.protocolVersion, '2024-11-05');
  await t.close();
});

test('the tool flow over stdio', async () => {
  const client = await connect(stdio());
  try {
    const { tools } = await client.listTools();
    const click = tools.find((t) => t.name === 'browser_click');
    // target, as Playwright MCP names it, and ref, our older name.
    assert.equal(click.inputSchema.properties.target.type, 'string');
    assert.equal(click.inputSchema.properties.ref.type, 'string');
    const drag = tools.find((t) => t.name === 'browser_drag');
    assert.equal(drag.inputSchema.properties.startTarget.type, 'string');
    assert.equal(drag.inputSchema.properties.endTarget.type, 'string');
    // A host that checks arguments against the schema lets a checkbox's
    // value be a JSON boolean, and a slider's a JSON number.
    const fill = tools.find((t) => t.name === 'browser_fill_form');
    const value = fill.inputSchema.properties.fields.items.properties.value;
    assert.deepEqual([].concat(value.type).sort(), ['boolean', 'number', 'string']);
    for (const t of tools) {
      assert.ok(!JSON.stringify(t.inputSchema).includes('"stdin"'), `${t.name} offers stdin`);
    }

    let res = await ok(client, 'browser_navigate', { url: SITE + '/form' });
    assert.match(text(res), /Page Title: form/);
    res = await ok(client, 'browser_snapshot');
    const snap = text(res);
    const name = refFor(snap, 'textbox', 'name');
    const agree = refFor(snap, 'checkbox', 'agree');
    const color = refFor(snap, 'combobox', 'color');
    const go = refFor(snap, 'button', 'go');
    const ask = refFor(snap, 'button', 'ask');

    await ok(client, 'browser_type', { target: name, text: 'ann' });
    // Fields as Playwright MCP 0.0.83 sends them, a checkbox's value as a
    // JSON boolean too.
    await ok(client, 'browser_fill_form', { fields: [{ target: name, name: 'name', type: 'textbox', value: 'bob' },
      { target: agree, name: 'agree', type: 'checkbox', value: true }, { ref: color, value: 'green' }] });
    res = await ok(client, 'browser_click', { ref: go, element: 'go button' });
    const after = text(res);
    // The page state after the click is incremental: smaller than the full
    // snapshot, and it names the element that changed.
    assert.match(after, /hi bob true g/);
    assert.ok(after.length < snap.length, `incremental state (${after.length}) not smaller than the snapshot (${snap.length})`);
    assert.equal(res.structuredContent.page.full, false);

    // A prompt: the click returns with the modal state; answer it.
    res = await ok(client, 'browser_click', { ref: ask });
    assert.match(text(res), /browser_handle_dialog/);
    res = await ok(client, 'browser_handle_dialog', { accept: true, promptText: '42' });
    assert.match(text(res), /answer 42/);
    // The answer's page state is what it changed, not the whole tree.
    assert.equal(res.structuredContent.page.full, false);
    assert.doesNotMatch(text(res), /combobox "color"/);

    // A part of the page: one element's subtree, or the lines that match.
    res = await ok(client, 'browser_snapshot', { target: color });
    assert.match(text(res), /option "green"/);
    assert.doesNotMatch(text(res), /button "go"/);
    res = await ok(client, 'browser_snapshot', { find: 'ask' });
    assert.match(text(res), /button "ask"/);
    assert.doesNotMatch(text(res), /textbox "name"/);
    assert.equal(res.structuredContent.matches, 1);

    res = await ok(client, 'browser_take_screenshot');
    const img = res.content.find((c) => c.type === 'image');
    assert.ok(img, 'a screenshot is image content');
    assert.equal(img.mimeType, 'image/png');
    assert.equal(Buffer.from(img.data, 'base64').subarray(1, 4).toString(), 'PNG');

    res = await ok(client, 'browser_console_messages');
    assert.match(text(res), /boom/);
    res = await ok(client, 'browser_network_requests');
    assert.ok(res.structuredContent.requests.some((r) => r.url.endsWith('/form') && r.status === 200), text(res));

    // ping answers within 1 s while a 5 s evaluate runs.
    const long = client.callTool({ name: 'browser_evaluate', arguments: { function: '() => { const t = Date.now(); while (Date.now() - t < 5000) {} return 1 }' } });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    await client.ping();
    const pingMs = Date.now() - t0;
    assert.ok(pingMs < 1000, `ping took ${pingMs} ms during a long evaluate`);
    assert.equal(text(await long), 'Result: 1');

    // Aborting a long evaluate stops the page loop.
    await ok(client, 'browser_navigate', { url: SITE + '/counter' });
    const ac = new AbortController();
    let running;
    const progressed = new Promise((r) => { running = r; });
    const loop = client.callTool({ name: 'browser_evaluate', arguments: { function: '() => { window.n = 0; for (;;) { window.n++ } }', timeout_ms: 60000 } },
      CallToolResultSchema, { signal: ac.signal, onprogress: () => running() });
    await progressed;
    ac.abort();
    await assert.rejects(loop);
    let first;
    for (let i = 0; i < 100; i++) {
      const r = await client.callTool({ name: 'browser_evaluate', arguments: { function: 'String(window.n)', timeout_ms: 2000 } });
      if (!r.isError) { first = text(r); break; }
    }
    assert.ok(first && first !== 'Result: "undefined"', `the loop ran: ${first}`);
    const second = text(await ok(client, 'browser_evaluate', { function: 'String(window.n)' }));
    assert.equal(second, first, 'the page loop stopped');
  } finally {
    await client.close();
  }
});

test('locators, browser_find and browser_read with the official client', async () => {
  const client = await connect(stdio());
  try {
    await ok(client, 'browser_navigate', { url: SITE + '/form' });
    let res = await ok(client, 'browser_find', { locator: 'role=button[name="go"]' });
    assert.equal(res.structuredContent.total, 1);
    assert.match(res.structuredContent.matches[0].ref, /^e\d+$/);
    assert.match(text(res), /button "go" \[ref=e\d+\]/);
    await ok(client, 'browser_type', { ref: 'label=name', text: 'cy' });
    res = await ok(client, 'browser_click', { target: 'role=button[name="go"]' });
    assert.match(text(res), /hi cy false r/);
    res = await client.callTool({ name: 'browser_click', arguments: { ref: 'role=button' } });
    assert.ok(res.isError, 'two buttons match role=button');
    assert.equal(res.structuredContent.error.code, 'ambiguous_locator');
    assert.equal(res.structuredContent.error.details.matches.length, 2);
    res = await ok(client, 'browser_read');
    assert.match(res.structuredContent.markdown, /hi cy false r/);
  } finally {
    await client.close();
  }
});

test('drag, drop and the vision tools with the official client', async () => {
  const client = await connect(new StdioClientTransport({ command: BIN, args: ['mcp', '--caps', 'vision'], env: { ...process.env }, stderr: 'inherit' }));
  try {
    const { tools } = await client.listTools();
    const click = tools.find((t) => t.name === 'browser_mouse_click_xy');
    assert.ok(click, 'browser_mouse_click_xy is listed with --caps vision');
    assert.deepEqual([...click.inputSchema.required].sort(), ['x', 'y']);
    for (const name of ['browser_mouse_move_xy', 'browser_mouse_drag_xy', 'browser_mouse_down', 'browser_mouse_up', 'browser_mouse_wheel', 'browser_drop']) {
      assert.ok(tools.find((t) => t.name === name), `${name} is listed`);
    }
    await ok(client, 'browser_navigate', { url: SITE + '/pointer' });
    let res = await ok(client, 'browser_drag', { startTarget: 'text=Item 5', endTarget: 'text=Item 1' });
    assert.match(text(res), /moved from position 5 to 1 of 5/);
    res = await ok(client, 'browser_drop', { target: 'css=#zone', data: { 'text/plain': 'hello' } });
    assert.equal(res.structuredContent.details.drop.dropped, true);
    res = await ok(client, 'browser_evaluate', { function: '() => got.textContent' });
    assert.match(text(res), /hello/);
    await ok(client, 'browser_mouse_click_xy', { x: 350, y: 35, element: 'the sheet' });
    res = await ok(client, 'browser_evaluate', { function: '() => window.pressed || 0' });
    assert.equal(text(res), 'Result: 0');
  } finally {
    await client.close();
  }
});

// startHTTP runs "agentbrowser mcp --http" on a free loopback port and
// returns its URL once it listens, with the token it made (when it made
// one).
function startHTTP(extra = []) {
  const p = spawn(BIN, ['mcp', '--http', '127.0.0.1:0', ...extra], { env: { ...process.env, AGENTBROWSER_MCP_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    p.stderr.on('data', (d) => {
      err += d;
      const m = err.match(/serving Streamable HTTP on (http:\/\/\S+)/);
      const tok = err.match(/Bearer ([0-9a-f]{64})/);
      if (m) resolve({ url: new URL(m[1]), proc: p, token: tok && tok[1] });
    });
    p.on('exit', (code) => reject(new Error(`mcp --http exited ${code}: ${err}`)));
  });
}

const withToken = (url, token) => new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });

async function stop(proc) {
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

test('Streamable HTTP: two clients, separate cookies', async () => {
  const { url, proc, token } = await startHTTP();
  assert.ok(token, 'the server made a token');
  await assert.rejects(connect(new StreamableHTTPClientTransport(url)), 'no token on loopback is refused too');
  const a = await connect(withToken(url, token));
  const b = await connect(withToken(url, token));
  try {
    await ok(a, 'browser_navigate', { url: SITE + '/form' });
    let res = await ok(a, 'browser_evaluate', { function: '() => document.cookie' });
    assert.equal(text(res), 'Result: "seen=1"');
    await ok(b, 'browser_navigate', { url: SITE + '/counter' });
    res = await ok(b, 'browser_evaluate', { function: '() => document.cookie' });
    assert.equal(text(res), 'Result: ""', 'client b sees client a\'s cookie');
    res = await ok(b, 'browser_snapshot');
    assert.match(text(res), /button "add"/);
  } finally {
    await a.close();
    await b.close();
    const exited = new Promise((r) => proc.on('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
});

test('Streamable HTTP: a token is checked on every request', async () => {
  const { url, proc } = await startHTTP(['--auth-token', 's3cret']);
  try {
    await assert.rejects(connect(new StreamableHTTPClientTransport(url)));
    const c = await connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: 'Bearer s3cret' } } }));
    const { tools } = await c.listTools();
    assert.ok(tools.some((t) => t.name === 'browser_navigate'));
    await c.close();
  } finally {
    const exited = new Promise((r) => proc.on('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
});

// errorCode is a tool error's code.
const errorCode = (res) => res.isError && res.structuredContent && res.structuredContent.error.code;

// fileInput adds a file input to the page and returns its ref.
async function fileInput(client) {
  await ok(client, 'browser_evaluate', { function: "() => { const i = document.createElement('input'); i.type = 'file'; i.setAttribute('aria-label', 'files'); document.body.append(i); }" });
  return refFor(text(await ok(client, 'browser_snapshot')), 'button', 'files');
}

test('Streamable HTTP: a client uses its own directory, and gets its files back', async () => {
  const { url, proc, token } = await startHTTP();
  const c = await connect(withToken(url, token));
  try {
    await ok(c, 'browser_navigate', { url: SITE + '/form' });
    const ref = await fileInput(c);
    let res = await c.callTool({ name: 'browser_file_upload', arguments: { ref, paths: ['/etc/passwd'] } });
    assert.equal(errorCode(res), 'path_not_allowed', text(res));
    res = await ok(c, 'browser_evaluate', { function: "() => document.querySelector('input[type=file]').files.length" });
    assert.equal(text(res), 'Result: 0', 'nothing reached the page');
    res = await c.callTool({ name: 'browser_pdf_save', arguments: { filename: join(tmpdir(), 'x.pdf') } });
    assert.equal(errorCode(res), 'path_not_allowed', text(res));
    res = await ok(c, 'browser_pdf_save', { filename: 'page.pdf' });
    const pdf = res.content.find((x) => x.type === 'resource');
    assert.ok(pdf, 'the PDF comes back as content');
    assert.equal(pdf.resource.mimeType, 'application/pdf');
    assert.ok(Buffer.from(pdf.resource.blob, 'base64').toString('latin1').startsWith('%PDF-'));
    await ok(c, 'browser_file_upload', { ref, paths: ['page.pdf'] });
  } finally {
    await c.close();
    await stop(proc);
  }
});

test('stdio: the client\'s roots are the directories it may use', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ab-root-')));
  writeFileSync(join(root, 'in.txt'), 'hi');
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file://' + root, name: 'work' }] }));
  await client.connect(stdio());
  try {
    await ok(client, 'browser_navigate', { url: SITE + '/form' });
    const ref = await fileInput(client);
    await ok(client, 'browser_file_upload', { ref, paths: [join(root, 'in.txt')] });
    await ok(client, 'browser_file_upload', { ref, paths: ['in.txt'] });
    const res = await client.callTool({ name: 'browser_file_upload', arguments: { ref, paths: ['/etc/passwd'] } });
    assert.equal(errorCode(res), 'path_not_allowed', text(res));
    assert.match(text(res), new RegExp(root));
  } finally {
    await client.close();
  }
});

test('a non-loopback bind without a token is refused', async () => {
  const p = spawn(BIN, ['mcp', '--http', '0.0.0.0:0'], { env: { ...process.env, AGENTBROWSER_MCP_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => { out += d; });
  p.stderr.on('data', (d) => { out += d; });
  const code = await new Promise((r) => p.on('exit', r));
  assert.equal(code, 2);
  assert.match(out, /auth-token/);
});

test('a failing checkout in full: its request, its console error, the vitals', async () => {
  const client = await connect(stdio());
  try {
    await ok(client, 'browser_navigate', { url: SITE + '/checkout' });
    const poll = async (name, args, done) => {
      const deadline = Date.now() + 20000;
      for (;;) {
        const res = await ok(client, name, args);
        if (done(res)) return res;
        assert.ok(Date.now() < deadline, `${name} never gave what was awaited: ${text(res)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const idOf = (res, what) => text(res).split('\n').find((l) => l.includes(what)).match(/\[id=([^\]]+)\]/)[1];

    let res = await poll('browser_network_requests', {}, (r) => text(r).includes('/api/checkout => 500'));
    const id = idOf(res, '/api/checkout');
    res = await poll('browser_network_request', { id }, (r) => r.structuredContent.response_body.state !== 'pending');
    assert.equal(res.structuredContent.method, 'POST');
    assert.equal(res.structuredContent.request_body.text, '{"item":"book","qty":2}');
    assert.match(res.structuredContent.response_body.text, /card declined/);

    res = await poll('browser_console_messages', {}, (r) => text(r).includes('checkout failed'));
    res = await ok(client, 'browser_console_message', { id: idOf(res, 'checkout failed') });
    assert.equal(res.structuredContent.stack[0].function, 'report');
    assert.equal(res.structuredContent.stack[0].line, 3);

    res = await ok(client, 'browser_vitals');
    assert.equal(res.structuredContent.url, SITE + '/checkout');
    assert.ok(res.structuredContent.ttfb_ms >= 0);
  } finally {
    await client.close();
  }
});
