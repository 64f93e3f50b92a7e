// Runs every task of tasks/*.mjs with one driver and writes one JSON line a
// task to AB_RESULTS: {driver, task, app, ok, error, ms, bytes, log}
// (bytes: what the agent read, see Base.bytes). Run by
// TestApps (apps_test.go), which sets:
//   AB_BIN      the agentbrowser binary
//   AB_SITE     the loopback site's base URL (host pages and /npm/)
//   AB_DRIVER   mcp (agentbrowser mcp with the TypeScript client), cli
//               (the agentbrowser CLI), or playwright (Playwright MCP, a
//               peer run by hand: PW_MCP names its cli.js, CHROME_BIN the
//               browser; never part of make test)
//   AB_RESULTS  the file to write
//   AB_TASKS    optional: a comma-separated list of task or app names
import { appendFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPAgent, CLIAgent, StepError } from './agent.mjs';
import { context } from './context.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { AB_BIN, AB_SITE, AB_DRIVER = 'mcp', AB_RESULTS, AB_TASKS } = process.env;
if (!AB_SITE || !AB_RESULTS || (AB_DRIVER !== 'playwright' && !AB_BIN)) {
  console.error('AB_BIN, AB_SITE and AB_RESULTS must be set (run through go test ./e2e/apps)');
  process.exit(2);
}

function newAgent() {
  switch (AB_DRIVER) {
    case 'mcp':
      return new MCPAgent({ command: AB_BIN, args: ['mcp'], env: { ...process.env } });
    case 'cli':
      return new CLIAgent({ bin: AB_BIN, env: { ...process.env } });
    case 'playwright':
      return new MCPAgent({
        kind: 'playwright',
        command: process.execPath,
        // Its snapshots and logs go to a directory of their own, not the tree.
        args: [process.env.PW_MCP, '--headless', '--isolated', '--browser', 'chromium', '--executable-path', process.env.CHROME_BIN || '/usr/bin/chromium',
          '--output-dir', mkdtempSync(join(tmpdir(), 'apps-playwright-'))],
        env: { ...process.env },
      });
    default:
      throw new Error(`unknown AB_DRIVER ${AB_DRIVER}`);
  }
}

const wanted = AB_TASKS ? AB_TASKS.split(',').map((s) => s.trim()).filter(Boolean) : null;
const files = readdirSync(join(here, 'tasks')).filter((f) => f.endsWith('.mjs')).sort();
const tasks = [];
for (const f of files) {
  const mod = await import(join(here, 'tasks', f));
  for (const t of mod.tasks) {
    if (!wanted || wanted.includes(t.name) || wanted.includes(mod.app)) tasks.push({ ...t, app: mod.app });
  }
}

writeFileSync(AB_RESULTS, '');
let agent = newAgent();
await agent.start();
const t0 = Date.now();
for (const task of tasks) {
  agent.log = [];
  agent.bytes = 0;
  const start = Date.now();
  let ok = false;
  let error = '';
  try {
    await task.run(context(agent, AB_SITE));
    ok = true;
  } catch (e) {
    error = e instanceof StepError ? e.message : String(e.stack || e);
  }
  const ms = Date.now() - start;
  appendFileSync(AB_RESULTS, JSON.stringify({ driver: agent.name, task: task.name, app: task.app, ok, error, ms, bytes: agent.bytes, log: agent.log }) + '\n');
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${agent.name} ${task.name} ${ms} ms ${agent.bytes} B${ok ? '' : ': ' + error.split('\n')[0]}`);
  if (!ok && /protocol|Connection closed/.test(error)) {
    await agent.stop().catch(() => {});
    agent = newAgent();
    await agent.start();
  }
}
await agent.stop().catch(() => {});
console.log(`${agent.name}: ${tasks.length} tasks in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
