// A real SMTP server process for the shop's e-mail: Python's aiosmtpd (`pip install aiosmtpd`;
// `.ci/run` installs it), keeping every message it takes as a file in a Maildir's `new/`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server.mjs';

/** The sender the suite's shop is started with (`SHOP_MAIL_FROM`). */
export const MAIL_FROM = 'Dukaan <shop@dukaan.test>';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves true once something accepts connections on 127.0.0.1:`port`, false if not yet. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `python3 -m aiosmtpd` on a free port with a Maildir at `maildir` (default: a fresh
 * temporary directory, removed by `stop()`), and waits until it accepts connections.
 * Answers `{ port, url, from, maildir, log, mails(), waitForMail(), stop() }`.
 */
export async function startSmtp({ maildir } = {}) {
  const temporary = !maildir;
  const dir = maildir ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-mail-'));
  // Python's Maildir makes its cur/, new/ and tmp/ only when the directory itself is missing.
  for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(dir, sub), { recursive: true });
  const port = await freePort();
  const log = [];
  const child = spawn(
    'python3',
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let exited = null;
  child.on('error', (err) => {
    exited = { error: err };
    log.push(`[e2e] aiosmtpd did not start: ${err.message}`);
  });
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    log.push(`[e2e] aiosmtpd exited (code ${code}, signal ${signal})`);
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => log.push(...text.split('\n').filter((line) => line.trim())));
  }

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && !exited; i += 1) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    }
    if (temporary) rmSync(dir, { recursive: true, force: true });
  };

  const started = Date.now();
  while (!(await accepts(port))) {
    if (exited) {
      await stop();
      throw new Error(`aiosmtpd did not start (is it installed? \`python3 -m pip install aiosmtpd\`):\n${log.join('\n')}`);
    }
    if (Date.now() - started > 20_000) {
      await stop();
      throw new Error(`aiosmtpd did not accept connections on port ${port} within 20 s:\n${log.join('\n')}`);
    }
    await sleep(100);
  }

  /** Every message the server took so far, oldest first, read (see `readMail`). */
  const mails = () => {
    const newDir = path.join(dir, 'new');
    let files;
    try {
      files = readdirSync(newDir);
    } catch {
      return [];
    }
    // Maildir names start with the delivery time in seconds.
    return files
      .sort()
      .map((name) => {
        try {
          return { file: path.join(newDir, name), ...readMail(readFileSync(path.join(newDir, name), 'utf8')) };
        } catch {
          return null; // being written
        }
      })
      .filter(Boolean);
  };

  /**
   * Waits (up to `timeout`, default 15 s: the shop's worker sends within a second or two) for
   * a message to `to` whose subject or text holds `match` (a string or a RegExp); answers it.
   */
  const waitForMail = async (to, match, { timeout = 15_000 } = {}) => {
    const holds = (s) => (match instanceof RegExp ? match.test(s) : s.includes(match));
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = mails().find(
        (m) => (m.raw.includes(`To: ${to}`) || m.to.toLowerCase().includes(to.toLowerCase())) && (holds(m.subject) || holds(m.text) || holds(m.html)),
      );
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = mails().map((m) => `  To: ${m.to} | Subject: ${m.subject}`);
        throw new Error(`No mail to ${to} holding ${match} within ${timeout} ms; the server has ${seen.length}:\n${seen.join('\n')}`);
      }
      await sleep(200);
    }
  };

  return { port, url: `smtp://127.0.0.1:${port}`, from: MAIL_FROM, maildir: dir, log, mails, waitForMail, stop };
}

/**
 * A raw message's headers (`to`, `subject`, `from`, decoded) and its bodies: `text` (the
 * text/plain parts) and `html` (the text/html parts), with their transfer encodings
 * (quoted-printable, base64) undone; `raw` as it was received.
 */
export function readMail(raw) {
  const out = { raw, to: '', from: '', subject: '', text: '', html: '' };
  const top = splitPart(raw);
  out.to = decodeWords(top.headers.to ?? '');
  out.from = decodeWords(top.headers.from ?? '');
  out.subject = decodeWords(top.headers.subject ?? '');
  const walk = (part) => {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const pieces = part.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?\\s*$`, 'm'));
      for (const piece of pieces.slice(1, -1)) walk(splitPart(piece.replace(/^\r?\n/, '')));
      return;
    }
    const body = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '');
    if (type.startsWith('text/html')) out.html += body;
    else if (type.startsWith('text/')) out.text += body;
  };
  walk(top);
  return out;
}

/** A part's headers (lower-case names, folded lines joined) and its body. */
function splitPart(text) {
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  const body = end ? text.slice(end.index + end[0].length) : '';
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body, encoding) {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return quotedPrintable(body.replace(/=\r?\n/g, ''));
    default:
      return body;
  }
}

function quotedPrintable(text) {
  return Buffer.from(text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** Undoes RFC 2047 encoded words (`=?utf-8?b?…?=`, `=?utf-8?q?…?=`) in a header. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset, kind, data) =>
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')),
    );
}
