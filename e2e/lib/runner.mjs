// A tiny test runner for the browser tests: tests run one after another, each in a fresh
// Chromium profile (its own --user-data-dir), against one of the servers run.mjs started.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { artifacts } from './server.mjs';

const registered = [];
let currentFile = '';

/**
 * Registers a test. options.server names the server instance it runs against
 * ('main' unless said otherwise; run.mjs knows how to start each); options.timeout in ms.
 */
export function test(name, fn, options = {}) {
  registered.push({
    name,
    fn,
    file: currentFile,
    server: options.server ?? 'main',
    timeout: options.timeout ?? 90_000,
  });
}

export async function loadTestFiles(files) {
  for (const file of files) {
    currentFile = path.basename(file);
    await import(file);
  }
  currentFile = '';
  return registered;
}

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
];

/** A fresh browser profile with one page, its base URL set to `baseURL`. */
export async function openBrowser(baseURL) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'ro-RO',
    acceptDownloads: true,
  });
  context.setDefaultTimeout(Number(process.env.E2E_ACTION_TIMEOUT_MS || 15_000));
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  const watch = (p) => {
    p.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    p.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
  };
  watch(page);
  context.on('page', watch);
  return {
    context,
    page,
    problems,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const slug = (text) =>
  text
    .normalize('NFKD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the tests; `servers` maps names to started servers (or to an Error when one
 * could not start: its tests fail with that error). Prints one line per test.
 */
export async function runTests(tests, servers) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const t of tests) {
    const started = Date.now();
    const server = servers.get(t.server);
    let browser = null;
    let error = null;
    const extraBrowsers = [];
    try {
      if (!server || server instanceof Error) throw server ?? new Error(`no server "${t.server}"`);
      browser = await openBrowser(server.url);
      const fixtures = {
        page: browser.page,
        context: browser.context,
        server,
        /** Another, independent browser (another person) on the same server. */
        async newBrowser() {
          const other = await openBrowser(server.url);
          extraBrowsers.push(other);
          return other;
        },
      };
      await withTimeout(t.fn(fixtures), t.timeout, 'the test');
      passed += 1;
    } catch (caught) {
      error = caught;
      failed += 1;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (!error) {
      console.log(`    ✓ ${t.name} (${seconds}s)`);
    } else {
      console.log(`    ✗ ${t.name} (${seconds}s)`);
      const detail = [
        `${t.file} › ${t.name}`,
        String(error?.stack ?? error)
          .split('\n')
          .slice(0, 12)
          .join('\n'),
      ];
      if (browser) {
        detail.push(`page: ${browser.page.url()}`);
        try {
          fs.mkdirSync(artifacts, { recursive: true });
          const shot = path.join(artifacts, `${slug(t.name)}.png`);
          await browser.page.screenshot({ path: shot, fullPage: true, timeout: 5000 });
          detail.push(`screenshot: ${path.relative(process.cwd(), shot)}`);
          const text = await browser.page.locator('body').innerText({ timeout: 2000 });
          detail.push(`visible text: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
        } catch {
          // the page may be gone
        }
        if (browser.problems.length) detail.push(...browser.problems.slice(-8));
      }
      failures.push(detail.join('\n'));
      for (const line of detail.slice(1)) console.log(`        ${line.split('\n').join('\n        ')}`);
    }
    for (const other of extraBrowsers) await other.close();
    if (browser) await browser.close();
  }
  return { passed, failed, failures };
}
