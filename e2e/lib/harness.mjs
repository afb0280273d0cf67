// The suite's frame: one SMTP server, one shop (mailing through it) and one headless Chromium
// for the run, and `journey()`, a node:test test with its own browser contexts, screenshots
// and failure artifacts.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { Api } from './api.mjs';
import { startShop } from './server.mjs';
import { startSmtp } from './smtp.mjs';

const E2E_DIR = path.resolve(import.meta.dirname, '..');
export const ARTIFACTS = path.join(E2E_DIR, 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** axe-core's browser build, injected into the page before each check (CDP evaluation, so the shop's CSP does not apply). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** How long a step may wait for the page (the debug binary and 2 shared cores are slow-ish). */
const STEP_TIMEOUT_MS = 15_000;

let smtp;
let shop;
let browser;
const runStarted = Date.now();

before(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  // Every message the shop sends during the run stays in artifacts/maildir/new/.
  smtp = await startSmtp({ maildir: path.join(ARTIFACTS, 'maildir') });
  shop = await startShop({ smtp });
  console.log(`# shop ${shop.binary} on ${shop.baseUrl} (ready in ${shop.startupMs} ms), mail to ${smtp.url}`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true, // playwright adds --headless and a fresh temporary --user-data-dir itself
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  if (shop) {
    writeFileSync(path.join(ARTIFACTS, 'server.log'), shop.log.join('\n') + '\n');
    await shop.stop();
  }
  if (smtp) {
    await smtp.stop();
    writeFileSync(path.join(ARTIFACTS, 'smtp.log'), smtp.log.join('\n') + '\n');
  }
  console.log(`# e2e run took ${((Date.now() - runStarted) / 1000).toFixed(1)} s; artifacts in ${ARTIFACTS}`);
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Retries `check` until it stops throwing or `timeout` passes, then throws its last error. */
export async function eventually(check, { timeout = STEP_TIMEOUT_MS, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(interval);
    }
  }
}

/** Waits until the locator's trimmed text equals `expected`. */
export async function expectText(locator, expected, options) {
  await eventually(async () => {
    assert.equal((await locator.innerText({ timeout: 1000 })).trim(), expected, `text of ${locator}`);
  }, options);
}

/** Waits until the locator is visible. */
export async function expectVisible(locator, options = {}) {
  await locator.first().waitFor({ state: 'visible', timeout: options.timeout ?? STEP_TIMEOUT_MS });
}

/** Waits until the locator matches nothing visible. */
export async function expectHidden(locator, options = {}) {
  await eventually(async () => assert.equal(await locator.filter({ visible: true }).count(), 0, `${locator} still shown`), options);
}

/** Waits for the page's path (and query) to be `expected` (a string or a RegExp). */
export async function expectPath(page, expected) {
  await eventually(() => {
    const { pathname, search } = new URL(page.url());
    const actual = pathname + search;
    if (expected instanceof RegExp) assert.match(actual, expected);
    else assert.equal(actual, expected);
  });
}

/** Everything a journey works with. */
class Journey {
  constructor(slug, dir) {
    this.slug = slug;
    this.dir = dir;
    this.baseUrl = shop.baseUrl;
    this.api = new Api(shop.baseUrl);
    /** The suite's SMTP server (smtp.mjs): `waitForMail(to, match)`, `mails()`. */
    this.mail = smtp;
    this.pages = [];
    this.contexts = [];
    this.browserLog = [];
    this.pageErrors = [];
    this.shots = 0;
    /** What axe found on the screens `shot` visited: '<shot> @ <width>px: <rule> (<impact>) …' lines. */
    this.axeViolations = [];
    /** Shops the journey started itself (startShop), stopped when it ends. */
    this.shops = [];
  }

  url(p) {
    return `${this.baseUrl}${p}`;
  }

  /**
   * A page in a fresh browser context (its own storage: one shopper per context), on the
   * suite's shop or on `baseUrl` (a shop the journey started).
   */
  async open({ name = 'main', viewport = DESKTOP, baseUrl = this.baseUrl } = {}) {
    const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', baseURL: baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS * 2);
    const page = await context.newPage();
    page.on('console', (m) => this.browserLog.push(`[${name}] console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => {
      this.browserLog.push(`[${name}] pageerror: ${e.stack || e}`);
      this.pageErrors.push(`[${name}] ${e.message}`);
    });
    page.on('requestfailed', (r) => this.browserLog.push(`[${name}] request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    waitForAppOnLoad(page);
    this.contexts.push(context);
    this.pages.push({ name, page });
    return page;
  }

  /**
   * A second shop of the journey's own (server.mjs `startShop` options, e.g. `seed`), with an
   * `api`; stopped when the journey ends, its log kept in the journey's artifacts.
   */
  async startShop(options) {
    const other = await startShop(options);
    other.api = new Api(other.baseUrl);
    this.shops.push(other);
    return other;
  }

  async stopShops() {
    for (const [i, other] of this.shops.entries()) {
      writeFileSync(path.join(this.dir, `server-${i + 2}.log`), other.log.join('\n') + '\n');
      await other.stop();
    }
  }

  /**
   * Saves the current screen at 1280 px and at 390 px wide as `NN-label-<width>.png`, and runs
   * axe-core (AXE_TAGS) on the whole document at each width: every violation is kept (and
   * written to `axe.log`), and the journey fails at its end if there was any.
   */
  async shot(page, label) {
    this.shots += 1;
    const base = `${String(this.shots).padStart(2, '0')}-${label}`;
    const original = page.viewportSize();
    const widths = original.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
    for (const size of widths) {
      if (page.viewportSize().width !== size.width) await page.setViewportSize(size);
      await pageCodeLoaded(page);
      await settleImages(page);
      // A frame may wait while two cores seed and serve a large shop: 30 s, not Playwright's 15.
      await page.screenshot({ path: path.join(this.dir, `${base}-${size.width}.png`), animations: 'disabled', timeout: 30_000 });
      // After the screenshot: its `animations: 'disabled'` has run finite CSS animations and
      // transitions (a toast sliding in, a fading card) to their end, so colours are final.
      const found = await axeViolations(page);
      for (const v of found) this.axeViolations.push(`${base} @ ${size.width}px ${new URL(page.url()).pathname}: ${v}`);
      if (found.length) {
        appendFileSync(path.join(this.dir, 'axe.log'), `${base} @ ${size.width}px ${page.url()}\n${found.map((v) => `  ${v}\n`).join('')}`);
      }
    }
    if (page.viewportSize().width !== original.width) await page.setViewportSize(original);
  }

  /** Waits for a toast (react-toastify: alerts in the 'Notifications Alt+T' region) with exactly this text. */
  async toast(page, text) {
    const toasts = page.getByRole('region', { name: 'Notifications Alt+T' }).getByRole('alert');
    await expectVisible(toasts.filter({ hasText: exactly(text) }));
  }

  /** Signs in through the login page and waits to land on `landing`. */
  async signIn(page, who, { landing = '/' } = {}) {
    if (!new URL(page.url(), this.baseUrl).pathname.startsWith('/login')) await page.goto('/login');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await this.toast(page, 'Logged in successfully');
    await expectPath(page, landing);
  }

  async failed(err) {
    for (const { name, page } of this.pages) {
      if (page.isClosed()) continue;
      const file = name === 'main' ? 'FAILED.png' : `FAILED-${name}.png`;
      await page.screenshot({ path: path.join(this.dir, file) }).catch(() => {});
      this.browserLog.push(`[${name}] failed at ${page.url()}`);
    }
    writeFileSync(path.join(this.dir, 'server.log'), shop.log.slice(this.logMark).join('\n') + '\n');
    writeFileSync(path.join(this.dir, 'browser.log'), `${err?.stack || err}\n\n${this.browserLog.join('\n')}\n`);
  }
}

/** Matches exactly `text` (trimmed), as a RegExp for `filter({ hasText })`. */
export function exactly(text) {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/**
 * Runs axe-core on the page's whole document with AXE_TAGS and answers its violations, one
 * readable line per rule: `rule (impact): help [selector, selector, …] <helpUrl>`. Nothing is
 * excluded: toasts and everything else on screen are checked as a shopper meets them (the
 * production build has no developer tools on the page).
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' ')),
      summary: v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim().slice(0, 240),
    }));
  }, AXE_TAGS);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} [${v.targets.join(', ')}] — ${v.summary ?? ''} <${v.helpUrl.replace(/\?.*$/, '')}>`,
  );
}

/**
 * Makes `page.goto` and `page.reload` wait until the app has replaced the page the server sent
 * (`<main data-served>` inside `#root`: a catalogue page's names, prices and links as plain HTML,
 * see src/lib/app-start.ts). A step that found a link or a card of the served page would
 * otherwise act on markup that is about to be replaced.
 */
function waitForAppOnLoad(page) {
  const appStarted = () =>
    page.waitForFunction(() => document.querySelector('#root > main[data-served]') === null, null, { timeout: STEP_TIMEOUT_MS });
  for (const method of ['goto', 'reload']) {
    const navigate = page[method].bind(page);
    page[method] = async (...args) => {
      const response = await navigate(...args);
      await appStarted();
      return response;
    };
  }
}

/** Waits (up to 3 s) for the pictures on screen to finish loading, so screenshots show them. */
/**
 * The layouts' fallback while a page's code loads (`Spinner label="Loading page"` in
 * MainLayout.tsx, in English or Somali): the address has changed, but the page is not drawn yet.
 */
const PAGE_CODE_LOADING = /^(Loading page|Bogga waa la soo rarayaa)$/;

/** Waits until the page's code has loaded, so a screenshot and axe see the page, not the fallback. */
async function pageCodeLoaded(page) {
  await page.getByRole('status').filter({ hasText: PAGE_CODE_LOADING }).waitFor({ state: 'detached' });
}

async function settleImages(page) {
  await page
    .evaluate(async () => {
      const onScreen = [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
      });
      const loaded = onScreen.map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      );
      await Promise.race([Promise.all(loaded), new Promise((r) => setTimeout(r, 3000))]);
    })
    .catch(() => {});
}

/**
 * One journey: a node:test test named `slug: title`, whose screenshots and failure
 * artifacts (FAILED.png, server.log, browser.log) go to `e2e/artifacts/<slug>/`.
 */
export function journey(slug, title, fn, { timeout = 120_000 } = {}) {
  test(`${slug}: ${title}`, { timeout }, async () => {
    const dir = path.join(ARTIFACTS, slug);
    mkdirSync(dir, { recursive: true });
    const t = new Journey(slug, dir);
    t.logMark = shop.log.length;
    try {
      await fn(t);
      assert.deepEqual(t.pageErrors, [], 'uncaught errors in the page');
      if (t.axeViolations.length) {
        assert.fail(`axe-core found ${t.axeViolations.length} accessibility violation(s):\n${t.axeViolations.join('\n')}`);
      }
    } catch (err) {
      await t.failed(err);
      throw err;
    } finally {
      for (const context of t.contexts) await context.close().catch(() => {});
      await t.stopShops();
    }
  });
}
