// The upload-page section of bench/run.mjs: the upload link's page (/incarcare/{token}) as a client opens
// it from a reminder on a mid-range phone: Chromium with a phone profile (360×740, DPR 3, touch), the CPU
// slowed 4× (CDP Emulation.setCPUThrottlingRate) and Chrome DevTools' "Slow 4G" network preset through
// CDP Network.emulateNetworkConditions: 562.5 ms latency, 1.44 Mbps down (180,000 B/s), 675 kbps up
// (84,375 B/s) — DevTools' 150 ms RTT × 3.75, 1.6 Mbps × 0.9, 750 kbps × 0.9. (Lighthouse's simulated
// mobile run uses 150 ms RTT and 1.6 Mbps: milder.) Nothing is cached. Measured: from navigation start to
// the first item's „Încarcă fișiere” on screen, and to the main thread free after it (interactive);
// target < 2.5 s. The server answers /incarcare/{token} with the shell build's light page (incarcare.html:
// React and the page, no shell start-up); its total gzip size, and the shell route's page chunk
// (shell/dist/upload-link.*.js, gzip), are reported too.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { mailsTo } from '../e2e/lib/mail.mjs';
import { root } from './lib.mjs';

export const SLOW_4G = { latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
export const CPU_SLOWDOWN = 4;
const TARGET_MS = 2500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base, pathName, { token, body } = {}) {
  const response = await fetch(`${base}${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** A client with open items and the link a reminder mails it (read from DATA_DIR/mail, no SMTP). */
async function issueLink(server, dataDir) {
  const owner = server.token;
  const { companyId } = server;
  // Reminders that already speak of the current month (a month ahead of its due day).
  await call(server.base, `/api/company/${companyId}/reminders/update`, {
    token: owner,
    body: { enabled: true, due_day: 1, steps: [-30], hour: 8 },
  });
  const email = `bench-link-${Date.now()}@client.test`;
  const created = await call(server.base, `/api/company/${companyId}/createClient`, {
    token: owner,
    body: { name: `Client Link Bench ${Date.now().toString(36)} SRL`, cui: randomCui(), email },
  });
  await call(server.base, `/api/company/${companyId}/clients/${created.data.id}/remind`, { token: owner });
  for (let i = 0; i < 150; i++) {
    for (const mail of mailsTo(dataDir, email)) {
      const match = /\/incarcare\/([A-Za-z0-9_-]{43})/.exec(mail.text);
      if (match) return `/incarcare/${match[1]}`;
    }
    await sleep(200);
  }
  throw new Error(`no reminder with an upload link reached ${email}`);
}

function randomCui() {
  const weights = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const padded = body.padStart(9, '0');
  const sum = [...padded].reduce((n, d, i) => n + Number(d) * weights[i], 0);
  return `${body}${((sum * 10) % 11) % 10}`;
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The page chunk of the shell's build (the route under the shell, dev and fallback) and its gzip size. */
export function pageChunk() {
  const dist = path.join(root, 'shell', 'dist');
  const file = fs.readdirSync(dist).find((name) => /^upload-link\.[0-9a-f]+\.js$/.test(name));
  if (!file) throw new Error('shell/dist has no upload-link chunk (npm run build)');
  return { file, gzip: gzipSize(path.join(dist, file)) };
}

/**
 * The light page a phone loads for /incarcare/{token}: incarcare.html and every script and stylesheet it
 * names (the files fetched before the items show), each gzip -9, and their sum.
 */
export function lightEntry() {
  const dist = path.join(root, 'shell', 'dist');
  const htmlFile = path.join(dist, 'incarcare.html');
  if (!fs.existsSync(htmlFile)) throw new Error('shell/dist has no incarcare.html (npm run build)');
  const html = fs.readFileSync(htmlFile, 'utf8');
  const named = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = ['incarcare.html', ...named].map((name) => ({ name, gzip: gzipSize(path.join(dist, name)) }));
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/** One cold visit on the throttled phone: {shownMs, interactiveMs}. */
async function visit(browser, base, linkPath) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ro-RO',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}${linkPath}`, { waitUntil: 'commit', timeout: 60_000 });
    // Both read in the page: performance.now() counts from the navigation's start.
    const handle = await page.waitForFunction(
      () => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Încarcă fișiere');
        if (!button || button.disabled || button.getBoundingClientRect().height === 0) return null;
        const shown = performance.now();
        // Interactive: a task queued now runs once the main thread is free.
        return new Promise((resolve) => setTimeout(() => resolve({ shown, interactive: performance.now() }), 0));
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const { shown, interactive } = await handle.jsonValue();
    return { shownMs: shown, interactiveMs: interactive };
  } finally {
    await context.close();
  }
}

/**
 * The section: `startDosar(env)` and `serverEnv(dataDir)` are run.mjs's; `record(section, …)` its table.
 */
export async function uploadPageSection({ startDosar, serverEnv, work, record, fmt, quick, launch }) {
  const { file, gzip } = pageChunk();
  record('Upload-page', `page chunk ${file.replace(/\.[0-9a-f]+\.js$/, '.js')} (gzip)`, fmt.kb(gzip), '—', '—', '—');
  const light = lightEntry();
  const parts = light.files.map((f) => f.name.replace(/\.[0-9a-f]{8}\./, '.')).join(' + ');
  record(
    'Upload-page',
    `light entry, all it loads before the items (${parts}, gzip)`,
    fmt.kb(light.gzip),
    '—',
    '—',
    '—',
  );
  const dataDir = path.join(work, 'upload-page');
  const server = await startDosar(serverEnv(dataDir));
  let browser;
  try {
    const linkPath = await issueLink(server, dataDir);
    browser = await launch();
    const runs = [];
    for (let i = 0; i < (quick ? 2 : 5); i++) runs.push(await visit(browser, server.base, linkPath));
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const shown = median(runs.map((r) => r.shownMs));
    const interactive = median(runs.map((r) => r.interactiveMs));
    const conditions = `phone 360 px, CPU 4×, Slow 4G (562.5 ms, 1.44 Mbps down), cold, median of ${runs.length}`;
    record('Upload-page', `navigation → items shown (${conditions})`, fmt.ms(shown), '—', '—', `< ${TARGET_MS} ms`);
    record('Upload-page', 'navigation → items interactive (same)', fmt.ms(interactive), '—', '—', `< ${TARGET_MS} ms`);
    return { shown, interactive, gzip, lightGzip: light.gzip };
  } finally {
    await browser?.close();
    await server.stop();
  }
}
