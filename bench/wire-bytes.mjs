// Bytes on the wire for the first visit of each area: a fresh browser profile (nothing cached) opens the
// area's first screen signed in; every static file it fetches (HTML, JS, CSS, JSON manifests; not /api/)
// is counted twice: as sent (the encoded body Chromium received: brotli or gzip when the server has a
// precompressed copy) and as the file itself (what a server without compression sends).
//
//   node bench/wire-bytes.mjs     starts the built server (npm run build first) and prints the figures
// bench/run.mjs's front-end section records the same figures (firstVisitBytes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, startNode } from './lib.mjs';

export const AREAS = [
  { area: 'admin', email: 'admin@demo.ro', url: '/admin/companies', text: /Contabil Demo SRL/ },
  { area: 'company', email: 'owner@demo.ro', url: '/company/dashboard', text: /Alfa Distribuție SRL/ },
  { area: 'client', email: 'holding@demo.ro', url: '/client/dashboard', text: /Alfa Distribuție SRL/ },
];

/** {wire, files, count} for one area's first visit, in a fresh context of `browser`. */
export async function firstVisitBytes(browser, base, { email, url, text }) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  }).then((r) => r.json());
  const context = await browser.newContext();
  await context.addInitScript((token) => localStorage.setItem('bearer_token', token), login.token);
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) return;
    pending.push(
      Promise.all([request.sizes(), request.response().then((r) => r?.body())]).then(([sizes, body]) => ({
        wire: sizes.responseBodySize,
        file: body ? body.length : 0,
      })),
    );
  });
  await page.goto(`${base}${url}`);
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const measured = await Promise.all(pending);
  await context.close();
  return {
    wire: measured.reduce((n, m) => n + m.wire, 0),
    files: measured.reduce((n, m) => n + m.file, 0),
    count: measured.length,
  };
}

export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('playwright-core');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-wire-'));
  const server = await startNode(
    [path.join(root, 'server', 'dist', 'index.js')],
    { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/api/health`,
  );
  const browser = await launchChromium(chromium);
  try {
    for (const target of AREAS) {
      const { wire, files, count } = await firstVisitBytes(browser, `http://127.0.0.1:${port}`, target);
      const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
      console.log(`${target.area}: ${kb(wire)} on the wire, ${kb(files)} uncompressed (${count} files)`);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
