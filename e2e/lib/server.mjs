// Starts the real `shop` binary on a fresh data directory and a free port, keeps its log.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '..', '..');

export const ADMIN = {
  name: 'Admin',
  email: process.env.SHOP_ADMIN_EMAIL || 'admin@example.com',
  password: process.env.SHOP_ADMIN_PASSWORD || 'admin123',
};

/** `$SHOP_BIN`, else the debug build in `$CARGO_TARGET_DIR` (default `target`). */
export function shopBinary() {
  if (process.env.SHOP_BIN) return path.resolve(process.env.SHOP_BIN);
  const targetDir = path.resolve(REPO, process.env.CARGO_TARGET_DIR || 'target');
  return path.join(targetDir, 'debug', 'shop');
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const ANSI_ESCAPES = /\x1b\[[0-9;]*m/g;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `binary args…` with `env`, its output lines into `log`; rejects unless it exits 0. */
function run(binary, args, env, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text) => log.push(...text.replace(ANSI_ESCAPES, '').split('\n').filter((line) => line.trim())));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} ${args[0]} failed (code ${code}, signal ${signal}):\n${log.join('\n')}`)),
    );
  });
}

/**
 * A running shop: its base URL, its log lines, and `stop()`.
 *
 * `seed: { products, orders, users }` first fills the fresh database with a large shop
 * (`shop seed`, as bench/run.sh does: customers with the password `shopper123`, a year of
 * orders) and then serves it without the demo catalogue; `seedMs` says how long that took.
 *
 * `smtp: { url, from }` sends the shop's e-mail through that SMTP server (`SHOP_SMTP_URL`,
 * `SHOP_MAIL_FROM`; smtp.mjs starts one); without it e-mail is recorded as skipped.
 */
export async function startShop({ seed, smtp } = {}) {
  const binary = shopBinary();
  const frontendDir = path.resolve(process.env.SHOP_E2E_FRONTEND_DIR || path.join(REPO, 'frontend', 'dist'));
  if (!existsSync(binary)) throw new Error(`No shop binary at ${binary} (build it with \`cargo build -p bootstrap\` or set SHOP_BIN)`);
  if (!existsSync(path.join(frontendDir, 'index.html'))) throw new Error(`No built frontend in ${frontendDir} (run \`make frontend\`)`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const env = { ...process.env };
  // Sandbox payments and SQLite whatever the caller's environment says.
  for (const key of Object.keys(env)) if (key.startsWith('WAAFIPAY_') || key.startsWith('SHOP_')) delete env[key];
  Object.assign(env, {
    SHOP_BIND: `127.0.0.1:${port}`,
    SHOP_DATA_DIR: dataDir,
    SHOP_FRONTEND_DIR: frontendDir,
    SHOP_ADMIN_EMAIL: ADMIN.email,
    SHOP_ADMIN_PASSWORD: ADMIN.password,
    // Long enough to see 'Processing Payment...', short enough not to slow the suite.
    SHOP_SANDBOX_DELAY_MS: '1200',
    SHOP_LOG: 'info',
    NO_COLOR: '1',
  });
  if (smtp) Object.assign(env, { SHOP_SMTP_URL: smtp.url, SHOP_MAIL_FROM: smtp.from });

  const log = [];
  let seedMs = 0;
  if (seed) {
    const seedStarted = Date.now();
    // The progress bar draws nothing without a terminal; the summary lines land in the log.
    await run(
      binary,
      ['seed', '--data-dir', dataDir, '--database-url', path.join(dataDir, 'shop.db'),
        '--products', String(seed.products), '--orders', String(seed.orders), '--users', String(seed.users)],
      env,
      log,
    ).catch((err) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
    seedMs = Date.now() - seedStarted;
    env.SHOP_DEMO_DATA = 'false';
  }

  const started = Date.now();
  const child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    log.push(`[e2e] shop exited (code ${code}, signal ${signal})`);
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      const lines = (rest + text).split('\n');
      rest = lines.pop();
      log.push(...lines.map((line) => line.replace(ANSI_ESCAPES, '')));
    });
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && !exited; i += 1) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // The first start migrates the database and draws the demo catalogue.
  for (;;) {
    if (exited) throw new Error(`shop exited during start-up:\n${log.join('\n')}`);
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error(`shop did not answer /api/health within 120 s:\n${log.join('\n')}`);
    }
    try {
      const reply = await fetch(`${baseUrl}/api/health`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }

  return { baseUrl, binary, dataDir, log, seedMs, startupMs: Date.now() - started, stop };
}
