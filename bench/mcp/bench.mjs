// Compares agentbrowser's MCP server with @playwright/mcp on the same pages,
// both driven over stdio by the official TypeScript MCP client:
//   - bytes of a browser_snapshot result and of one browser_click result
//     (the JSON of the whole CallToolResult, as a client receives it);
//   - latency of browser_evaluate "1+1" and of browser_click (medians).
// Usage (from this directory):
//   npm ci
//   AB_BIN=/path/to/agentbrowser CHROME=/usr/bin/chromium node bench.mjs [N]
// Nothing here is asserted; it prints a table and a JSON line.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const AB_BIN = process.env.AB_BIN || '../../bin/agentbrowser';
const CHROME = process.env.CHROME || '/usr/bin/chromium';
const N = Number(process.argv[2] || 30);

// The pages: a small counter, and a documentation-like page with a
// navigation list, a table and a form (about 600 elements).
function docsPage() {
  const nav = Array.from({ length: 60 }, (_, i) => `<li><a href="#s${i}">Section ${i}</a></li>`).join('');
  const rows = Array.from({ length: 80 }, (_, i) => `<tr><td>item ${i}</td><td>${i * 3}</td><td><button>edit ${i}</button></td></tr>`).join('');
  const paras = Array.from({ length: 40 }, (_, i) => `<h2 id="s${i}">Section ${i}</h2><p>Paragraph ${i} explains the option <code>opt${i}</code> and links to <a href="/x${i}">details ${i}</a>.</p>`).join('');
  return `<!doctype html><title>docs</title><nav><ul>${nav}</ul></nav><main><h1>Docs</h1>
<form><label>Name <input name=n></label><label><input type=checkbox> agree</label><select><option>a<option>b</select></form>
<button id=add onclick="out.textContent = +out.textContent + 1">add</button><p id=out>0</p>
<table>${rows}</table>${paras}</main>`;
}
const pages = {
  '/counter': `<!doctype html><title>counter</title><button id=add onclick="out.textContent = +out.textContent + 1">add</button><p id=out>0</p>`,
  '/docs': docsPage(),
};

const server = http.createServer((req, res) => {
  const body = pages[req.url];
  res.writeHead(body ? 200 : 404, { 'content-type': 'text/html' });
  res.end(body || 'not found');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const home = mkdtempSync(join(tmpdir(), 'ab-bench-'));
const servers = {
  agentbrowser: { command: AB_BIN, args: ['mcp'], env: { ...process.env, AGENTBROWSER_HOME: home }, clickArgs: (ref) => ({ ref, element: 'add button' }) },
  'playwright-mcp': {
    command: process.execPath,
    args: ['node_modules/@playwright/mcp/cli.js', '--headless', '--isolated', '--browser', 'chromium', '--executable-path', CHROME],
    env: { ...process.env },
    // Playwright MCP 0.0.83 names the element's ref "target".
    clickArgs: (ref) => ({ target: ref, element: 'add button' }),
  },
};

const bytes = (res) => Buffer.byteLength(JSON.stringify(res));
const text = (res) => res.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

function addRef(snapshotText) {
  const line = snapshotText.split('\n').find((l) => l.includes('button "add"'));
  const m = line && line.match(/\[ref=([a-z0-9]+)\]/);
  if (!m) throw new Error('no add button in:\n' + snapshotText.slice(0, 400));
  return m[1];
}

async function measure(name, cfg) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: cfg.command, args: cfg.args, env: cfg.env, stderr: 'ignore' }));
  const call = async (tool, args) => {
    const res = await client.callTool({ name: tool, arguments: args });
    if (res.isError) throw new Error(`${name} ${tool}: ${text(res)}`);
    return res;
  };
  const out = {};
  try {
    for (const page of ['/counter', '/docs']) {
      await call('browser_navigate', { url: base + page });
      const snap = await call('browser_snapshot', {});
      const ref = addRef(text(snap));
      const click = await call('browser_click', cfg.clickArgs(ref));
      out[page] = { snapshot_bytes: bytes(snap), click_bytes: bytes(click) };
    }
    // Latency on the counter page, after a warm-up.
    await call('browser_navigate', { url: base + '/counter' });
    const ref = addRef(text(await call('browser_snapshot', {})));
    for (let i = 0; i < 3; i++) await call('browser_evaluate', { function: '() => 1 + 1' });
    const ev = [];
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await call('browser_evaluate', { function: '() => 1 + 1' });
      ev.push(performance.now() - t);
    }
    const cl = [];
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await call('browser_click', cfg.clickArgs(ref));
      cl.push(performance.now() - t);
    }
    out.evaluate_ms = +median(ev).toFixed(1);
    out.click_ms = +median(cl).toFixed(1);
  } finally {
    await client.close();
  }
  return out;
}

const results = {};
for (const [name, cfg] of Object.entries(servers)) {
  results[name] = await measure(name, cfg);
}
server.close();
rmSync(home, { recursive: true, force: true });

console.log(`N=${N} calls per latency figure (medians)\n`);
console.log('server           | page     | snapshot bytes | click bytes | evaluate 1+1 ms | click ms');
for (const [name, r] of Object.entries(results)) {
  for (const page of ['/counter', '/docs']) {
    const lat = page === '/counter' ? `${r.evaluate_ms} | ${r.click_ms}` : ' | ';
    console.log(`${name.padEnd(16)} | ${page.padEnd(8)} | ${String(r[page].snapshot_bytes).padStart(14)} | ${String(r[page].click_bytes).padStart(11)} | ${lat}`);
  }
}
console.log(JSON.stringify(results));
