// Reads the mails the server wrote to DATA_DIR/mail/*.eml (no SMTP configured).
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Undoes quoted-printable soft breaks and =XX escapes (UTF-8). */
export function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The body text of an .eml: every part decoded (quoted-printable or base64), headers left out. */
export function decodeEml(raw) {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const headers = part.slice(0, split);
      const body = part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
      return body;
    })
    .join('\n');
}

/** Mails addressed to `to` (case-insensitive), oldest first: {file, raw, text, subject, links}. */
export function mailsTo(dataDir, to) {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = path.join(dir, name);
      return { file, mtime: fs.statSync(file).mtimeMs, raw: fs.readFileSync(file, 'utf8') };
    })
    .filter(({ raw }) => {
      const header = raw.split(/\r?\n\r?\n/)[0];
      const toLine = /^To:\s*(.+(?:\r?\n[ \t].+)*)/im.exec(header)?.[1] ?? '';
      return toLine.toLowerCase().includes(to.toLowerCase());
    })
    .sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file))
    .map(({ file, raw }) => {
      const text = decodeEml(raw);
      const subject = /^Subject:\s*(.+)$/im.exec(raw)?.[1] ?? '';
      const links = [...new Set(text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [])].map((link) =>
        link.replace(/&amp;/g, '&'),
      );
      return { file, raw, text, subject, links };
    });
}

/** Waits for the newest mail to `to` that arrived after `since` (a count of earlier mails). */
export async function waitForMail(dataDir, to, { since = 0, timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(dataDir, to);
    if (mails.length > since) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} within ${timeoutMs} ms`);
    await sleep(200);
  }
}
