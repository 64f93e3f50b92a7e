// The scripted agent's hands: one interface, three ways to reach a browser.
// MCPAgent drives an MCP server over stdio with the official TypeScript
// client (agentbrowser's, or a peer's such as Playwright MCP); CLIAgent runs
// the agentbrowser CLI, one process a command, with --json. Every call is
// written to the task's log, so a failure shows the exact call and answer.
import { execFile } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// StepError is a tool call that failed, or a page that did not show what
// the agent looked for; it carries the call and the server's answer.
export class StepError extends Error {}

const clip = (s, n = 1500) => (!process.env.AB_FULL_LOG && s.length > n ? s.slice(0, n) + ` …(${s.length} chars)` : s);

class Base {
  // bytes counts the text of the answers the agent read to do the task:
  // every tool's answer but the evaluations a task checks the app with.
  constructor() { this.log = []; this.bytes = 0; }
  note(line) { this.log.push(line); }
  // must returns the answer of an action that succeeded, or throws with it.
  must(ans) {
    if (!ans.ok) throw new StepError(`${ans.call} failed: [${ans.code}] ${clip(ans.text, 800)}`);
    return ans;
  }
}

export class MCPAgent extends Base {
  // kind: "agentbrowser" or "playwright" (a peer, for FINDINGS only).
  constructor({ command, args, env, kind = 'agentbrowser' }) {
    super();
    this.kind = kind;
    this.name = kind === 'agentbrowser' ? 'mcp' : kind;
    this.spawn = { command, args, env, stderr: 'ignore' };
  }

  async start() {
    this.client = new Client({ name: 'apps-agent', version: '1.0.0' });
    await this.client.connect(new StdioClientTransport(this.spawn));
  }

  async stop() { await this.client?.close(); }

  async call(tool, args = {}) {
    const call = `${tool} ${JSON.stringify(args)}`;
    let res;
    try {
      res = await this.client.callTool({ name: tool, arguments: args }, undefined, { timeout: 60000 });
    } catch (e) {
      const ans = { ok: false, code: 'protocol', text: String(e.message || e), call };
      this.note(`> ${call}\n< ${ans.text}`);
      return ans;
    }
    const text = (res.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    if (tool !== 'browser_evaluate') this.bytes += Buffer.byteLength(text);
    let code = '';
    if (res.isError) code = (text.match(/^Error \[([a-z_]+)\]/) || [])[1] || 'error';
    const ans = { ok: !res.isError, code, text, structured: res.structuredContent, call };
    this.note(`> ${call}\n< ${res.isError ? '' : 'ok '}${clip(text, tool === 'browser_snapshot' ? 400 : 1200)}`);
    return ans;
  }

  open(url) { return this.call('browser_navigate', { url }); }
  // snapshot is the page's tree, or with target one element's subtree.
  async snapshot(target) {
    const ans = this.must(await this.call('browser_snapshot', target ? { target } : {}));
    return ans.text;
  }
  click(target, { double = false, element } = {}) {
    const a = { target, element: element || target };
    if (double) a.doubleClick = true;
    return this.call('browser_click', a);
  }
  // type inserts text at the caret, or with clear replaces what the field
  // holds. Playwright MCP's browser_type fills (replaces) unless slowly, and
  // has no clear: an agent on it selects all first.
  // focused says the agent has already put the focus there (a peer's
  // clear then selects all without clicking the field first).
  async type(target, text, { clear = false, submit = false, focused = false } = {}) {
    const a = { target, text, element: target };
    if (submit) a.submit = true;
    if (this.kind === 'agentbrowser') {
      if (clear) a.clear = true;
      return this.call('browser_type', a);
    }
    if (clear) {
      const sel = focused ? { ok: true } : await this.click(target);
      if (!sel.ok) return sel;
      const all = await this.press('Control+A');
      if (!all.ok) return all;
    }
    a.slowly = true;
    return this.call('browser_type', a);
  }
  // fill sets fields as browser_fill_form does; type is the field's role.
  // Playwright MCP's fields take a string value and one of its five
  // types (a spin button is a textbox to it, a switch a checkbox).
  fill(fields) {
    const peer = { spinbutton: 'textbox', switch: 'checkbox' };
    return this.call('browser_fill_form', { fields: fields.map((f) => {
      let type = f.type || 'textbox';
      let value = f.value;
      if (this.kind !== 'agentbrowser') { type = peer[type] || type; value = String(value); }
      return { target: f.target, name: f.name || f.target, type, value };
    }) });
  }
  press(key) { return this.call('browser_press_key', { key }); }
  // position: 'before' or 'after' lets go over the target's leading or
  // trailing part.
  drag(start, end, { position } = {}) {
    const a = { startTarget: start, endTarget: end, startElement: start, endElement: end };
    if (position) a.position = position;
    return this.call('browser_drag', a);
  }
  select(target, values) { return this.call('browser_select_option', { target, values, element: target }); }
  // upload gives files to what target opens a file chooser for. Playwright
  // MCP takes the files once a click has opened the chooser.
  async upload(target, paths) {
    if (this.kind === 'agentbrowser') return this.call('browser_file_upload', { target, paths, element: target });
    const opened = await this.click(target);
    if (!opened.ok) return opened;
    return this.call('browser_file_upload', { paths });
  }
  hover(target) { return this.call('browser_hover', { target, element: target }); }
  find(locator) { return this.call('browser_find', { locator }); }
  // dialog answers the JS dialog that blocks the page.
  dialog(accept) { return this.call('browser_handle_dialog', { accept }); }
  // evaluate runs fn (a function source) in the page and returns its value:
  // the check at the end of a task, never a way to act.
  async evaluate(fn) {
    const ans = this.must(await this.call('browser_evaluate', { function: fn }));
    if (this.kind === 'agentbrowser') return ans.structured?.value;
    const m = ans.text.match(/### Result\n([\s\S]*?)(\n###|$)/);
    return JSON.parse(m ? m[1] : ans.text);
  }
}

export class CLIAgent extends Base {
  constructor({ bin, env }) {
    super();
    this.name = 'cli';
    this.kind = 'agentbrowser';
    this.bin = bin;
    this.env = env;
  }

  async start() {}
  async stop() { await this.run(['close'], true); }

  run(args, quiet = false) {
    const call = `agentbrowser ${args.map((a) => (/^[\w=.:/@,+-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`;
    return new Promise((resolve) => {
      execFile(this.bin, ['--json', ...args], { env: this.env, maxBuffer: 64 << 20, timeout: 90000 }, (err, stdout, stderr) => {
        if (args[0] !== 'eval') this.bytes += Buffer.byteLength(stdout);
        let body;
        try { body = JSON.parse(stdout); } catch { body = { ok: false, error: { code: 'no_json', message: `${err || ''} stdout: ${stdout} stderr: ${stderr}` } }; }
        const ok = body.ok === true;
        const e = body.error || {};
        const text = ok ? JSON.stringify(body) : `${e.message || ''}${e.details ? ' ' + JSON.stringify(e.details) : ''}`;
        const ans = { ok, code: ok ? '' : e.code || 'error', text, body, call };
        if (!quiet) this.note(`> ${call}\n< ${ok ? 'ok ' : `[${ans.code}] `}${clip(args[0] === 'snapshot' ? body.snapshot || text : text, args[0] === 'snapshot' ? 400 : 1200)}`);
        resolve(ans);
      });
    });
  }

  open(url) { return this.run(['open', url]); }
  async snapshot(target) {
    const ans = this.must(await this.run(['snapshot', ...(target ? ['--scope', target] : [])]));
    return ans.body.snapshot;
  }
  click(target, { double = false } = {}) { return this.run(['click', target, ...(double ? ['--double'] : [])]); }
  type(target, text, { clear = false, submit = false } = {}) {
    return this.run(['type', target, text, ...(clear ? ['--clear'] : []), ...(submit ? ['--submit'] : [])]);
  }
  // fill is what the CLI offers for each kind of field: type --clear for
  // text, check/uncheck for a checkbox, fill for a combobox (a <select>
  // or a custom one, whose option the element decides how to pick) and
  // for a slider or spin button.
  async fill(fields) {
    let ans;
    for (const f of fields) {
      const type = f.type || 'textbox';
      if (type === 'checkbox' || type === 'radio' || type === 'switch') ans = await this.run([f.value === true || f.value === 'true' ? 'check' : 'uncheck', f.target]);
      else if (type === 'combobox' || type === 'slider' || type === 'spinbutton') ans = await this.run(['fill', f.target, String(f.value)]);
      else ans = await this.run(['type', f.target, String(f.value), '--clear']);
      if (!ans.ok) return ans;
    }
    return ans;
  }
  press(key) { return this.run(['press', key]); }
  drag(start, end, { position } = {}) { return this.run(['drag', start, end, ...(position ? [`--${position}`] : [])]); }
  select(target, values) { return this.run(['select', target, ...values]); }
  upload(target, paths) { return this.run(['upload', target, ...paths]); }
  hover(target) { return this.run(['hover', target]); }
  find(locator) { return this.run(['find', locator]); }
  dialog(accept) { return this.run(['dialog', accept ? 'accept' : 'dismiss']); }
  async evaluate(fn) {
    const ans = this.must(await this.run(['eval', `(${fn})()`]));
    return ans.body.value;
  }
}
