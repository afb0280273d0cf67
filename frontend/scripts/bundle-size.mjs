// Prints the gzip size of the JavaScript and CSS a first visit to `/` downloads:
// the module scripts of dist/index.html, the app's modules its `app-scripts` data block lists
// (started after the first paint, src/lib/app-start.ts) and every chunk they import statically.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
const appScripts = html.match(/<script type="application\/json" id="app-scripts">([^<]*)<\/script>/);
if (!appScripts) throw new Error('dist/index.html lists no app-scripts: the app would not be counted');
entries.push(...JSON.parse(appScripts[1]).modules.map((path) => path.replace(/^\//, '')));
const css = [...html.matchAll(/<link[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]);

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(join('assets', m[1]));
};
entries.forEach(visit);

const gz = (f) => gzipSync(readFileSync(join(dist, f))).length;
let js = 0;
for (const f of seen) {
  const size = gz(f);
  js += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${f}`);
}
const cssSize = css.reduce((s, f) => s + gz(f), 0);
console.log(`initial JS for / : ${(js / 1024).toFixed(2)} KB gzip in ${seen.size} files (budget 120 KB)`);
console.log(`initial CSS      : ${(cssSize / 1024).toFixed(2)} KB gzip`);
if (js / 1024 > 120) process.exitCode = 1;
