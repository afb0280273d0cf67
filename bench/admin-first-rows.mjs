#!/usr/bin/env node
// How soon the admin's order list shows its first rows, and how much JavaScript heap the page
// holds then: `node bench/admin-first-rows.mjs BASE_URL ADMIN_EMAIL ADMIN_PASSWORD`, run by
// bench/run.sh while `shop serve` is up on a seeded shop (100,000 orders).
//
// Headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH) at 1280 × 800 through playwright-core
// from e2e/node_modules. The admin's session goes into localStorage before the app starts, as
// the app keeps it after a sign-in (frontend/src/stores/session.ts: `token` and `user`), so
// what is timed is /admin/orders alone: from navigation start (performance.timeOrigin) until
// the frame after the first order rows entered the page (a MutationObserver, then
// requestAnimationFrame). The first visit runs with an empty cache (every script and
// stylesheet fetched), the next ones are reloads with the browser cache. The heap is CDP's
// Runtime.getHeapUsage right after the rows are drawn, without forcing a garbage collection
// (and also after one, for the record).
//
// Prints one line per visit, then `RESULT first_rows_ms=… warm_first_rows_ms=… heap_mb=…
// heap_after_gc_mb=… rows=…`: the first (cold) visit's time, the median of the reloads, and
// the largest heap seen.
import { createRequire } from 'node:module';
import path from 'node:path';

const [base, email, password] = process.argv.slice(2);
if (!base || !email || !password) {
  console.error('usage: node bench/admin-first-rows.mjs BASE_URL ADMIN_EMAIL ADMIN_PASSWORD');
  process.exit(2);
}
const RELOADS = Number(process.env.FIRST_ROWS_RELOADS || 5);
const TIMEOUT_MS = 30_000;

const require = createRequire(path.resolve(import.meta.dirname, '..', 'e2e', 'package.json'));
const { chromium } = require('playwright-core');

const reply = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
if (!reply.ok) throw new Error(`sign-in as ${email}: ${reply.status} ${await reply.text()}`);
const { token, user } = await reply.json();
if (user.role !== 'admin') throw new Error(`${email} is not an admin`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const mb = (bytes) => (bytes / 1048576).toFixed(1);

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', baseURL: base });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      // When the first order row enters the document: the time of the next frame.
      const rows = '[data-testid="order-row"]';
      new MutationObserver((_, observer) => {
        if (!document.querySelector(rows)) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__firstRowsMs = performance.now();
        });
      }).observe(document, { childList: true, subtree: true });
    },
    { token, user },
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);

  const visit = async (label, go) => {
    await go();
    await page.waitForFunction(() => window.__firstRowsMs !== undefined, null, { timeout: TIMEOUT_MS });
    await page.getByTestId('order-row').first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const firstRowsMs = await page.evaluate(() => window.__firstRowsMs);
    // Where the time went: the page's scripts and the list's request, as the browser timed them.
    const steps = await page.evaluate(() => {
      const end = (match) => {
        const entry = performance.getEntriesByType('resource').find((e) => match(e.name));
        return entry ? Math.round(entry.responseEnd) : null;
      };
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        html: Math.round(nav.responseEnd),
        lastScript: Math.max(...performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).map((e) => Math.round(e.responseEnd)), 0),
        list: end((name) => name.includes('/api/orders/all?') && !name.includes('limit=1&') && !name.includes('paymentStatus=')),
      };
    });
    const rows = await page.getByTestId('order-row').count();
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await cdp.send('HeapProfiler.collectGarbage');
    const afterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    console.log(
      `${label.padEnd(14)} first rows ${firstRowsMs.toFixed(0).padStart(5)} ms (html ${steps.html} ms, last script ${steps.lastScript} ms, ` +
        `order list answered ${steps.list} ms), ${rows} rows, JS heap ${mb(usedSize)} MB (${mb(afterGc)} MB after GC)`,
    );
    return { firstRowsMs, rows, usedSize, afterGc };
  };

  const cold = await visit('first visit', () => page.goto('/admin/orders', { waitUntil: 'commit' }));
  const warm = [];
  for (let i = 1; i <= RELOADS; i += 1) warm.push(await visit(`reload ${i}`, () => page.reload({ waitUntil: 'commit' })));
  if (errors.length) throw new Error(`errors in the page: ${errors.join('; ')}`);

  const times = warm.map((v) => v.firstRowsMs).sort((a, b) => a - b);
  const median = times.length ? times[Math.floor(times.length / 2)] : cold.firstRowsMs;
  const all = [cold, ...warm];
  console.log(
    `RESULT first_rows_ms=${cold.firstRowsMs.toFixed(0)} warm_first_rows_ms=${median.toFixed(0)} ` +
      `heap_mb=${mb(Math.max(...all.map((v) => v.usedSize)))} heap_after_gc_mb=${mb(Math.max(...all.map((v) => v.afterGc)))} ` +
      `rows=${cold.rows}`,
  );
} finally {
  await browser.close();
}
