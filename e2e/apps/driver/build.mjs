// Bundles the host apps written as modules (testdata/*.jsx) with esbuild,
// pinned in package.json, into the directory given as the first argument:
// testdata/radix.jsx becomes DIR/radix.js, which testdata/radix.html loads
// from /build/. The libraries these apps use ship as ES modules and
// CommonJS only, so they are bundled at test time; a bundle is never kept
// in the tree. Run by TestApps (apps_test.go) before it serves the pages.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = process.argv[2];
if (!out) {
  console.error('usage: node driver/build.mjs OUTDIR');
  process.exit(2);
}
const testdata = join(dirname(fileURLToPath(import.meta.url)), '..', 'testdata');
const entries = readdirSync(testdata).filter((f) => f.endsWith('.jsx')).map((f) => join(testdata, f));
await build({
  entryPoints: entries,
  outdir: out,
  bundle: true,
  format: 'iife',
  jsx: 'automatic',
  loader: { '.css': 'text' },
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
  logLevel: 'warning',
});
