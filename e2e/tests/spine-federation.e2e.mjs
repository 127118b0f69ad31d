// Browser: module federation at run time — one copy of each shared singleton,
// and a dead remote that leaves the rest of the product working.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { areaSidebar, expectPath, signInAs } from '../lib/ui.mjs';

// Shared singletons, exactly one copy of each in the browser.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'axios',
  '@dosar/shared',
];
// Loaded only once a toast or dialog is first shown; then one copy too (checked below).

/**
 * Before any script runs: a stand-in for the React DevTools hook, which every copy of
 * ReactDOM calls once (inject) when it loads; so the count of renderers is the count of
 * ReactDOM copies, and their dispatcher objects tell the React copies apart.
 */
function installReactCounter() {
  const renderers = new Map();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers,
    inject(renderer) {
      const id = renderers.size + 1;
      renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
}

/** Loaded copies per package in window.__FEDERATION__.__SHARE__ (distinct share entries, every instance). */
function readShareScope() {
  const share = window.__FEDERATION__?.__SHARE__ ?? {};
  const loaded = {};
  const registered = {};
  const seen = new Set();
  for (const scopes of Object.values(share)) {
    for (const packages of Object.values(scopes ?? {})) {
      for (const [name, versions] of Object.entries(packages ?? {})) {
        for (const [version, entry] of Object.entries(versions ?? {})) {
          if (!entry || seen.has(entry)) continue;
          seen.add(entry);
          (registered[name] ??= []).push(version);
          if (entry.loaded || entry.lib) (loaded[name] ??= []).push(`${version} from ${entry.from ?? '?'}`);
        }
      }
    }
  }
  const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  const renderers = hook?.renderers ? [...hook.renderers.values()] : [];
  const dispatchers = new Set(renderers.map((r) => r.currentDispatcherRef).filter(Boolean));
  return {
    instances: Object.keys(share),
    loaded,
    registered,
    reactDomCopies: renderers.length,
    reactCopies: dispatchers.size,
    rendererVersions: renderers.map((r) => r.version),
  };
}

test('federation: exactly one React, ReactDOM and each shared singleton load', async ({ page }) => {
  await page.addInitScript(installReactCounter);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (/invalid hook call|more than one copy of react|could not find .*store/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  await signInAs(page, 'owner@demo.ro');
  // The remote's own screen has rendered (its layout with the navigation).
  await areaSidebar(page).waitFor({ state: 'visible' });
  const scope = await page.evaluate(readShareScope);
  const detail = JSON.stringify(scope, null, 1);
  if (process.env.E2E_DEBUG) console.log(detail);
  assert.ok(scope.instances.length > 0, `window.__FEDERATION__.__SHARE__ is empty: ${detail}`);
  for (const name of SINGLETONS) {
    assert.equal(scope.loaded[name]?.length ?? 0, 1, `${name}: expected one loaded copy, got ${detail}`);
  }
  // Subpaths (react/jsx-runtime, react-dom/client…) too: never two copies of anything shared.
  for (const [name, copies] of Object.entries(scope.loaded)) {
    assert.equal(copies.length, 1, `${name}: more than one loaded copy: ${detail}`);
  }
  assert.equal(scope.reactDomCopies, 1, `ReactDOM copies that registered a renderer: ${detail}`);
  assert.equal(scope.reactCopies, 1, `React copies behind the renderers: ${detail}`);
  assert.deepEqual(problems, [], 'no React duplication errors in the page');
});

test(
  'federation: a dead company remote shows the Romanian fallback with retry; public pages and admin work',
  async ({ page, newBrowser }) => {
    // Public pages do not need any remote.
    await page.goto('/');
    await page.getByRole('heading').first().waitFor({ state: 'visible' });
    await page.goto('/documentation');
    await page
      .getByRole('heading', { name: /document/i })
      .first()
      .waitFor({ state: 'visible' });

    // The company area cannot load: a Romanian message and a retry button instead, inside the shell.
    await signInAs(page, 'owner@demo.ro');
    const retry = page.getByRole('button', { name: /reîncearcă|reincearca|încearcă din nou|incearca din nou/i });
    await retry.first().waitFor({ state: 'visible' });
    const body = await page.locator('body').innerText();
    assert.match(body, /nu (a putut|poate) fi încărcat|nu s-a putut încărca|indisponibil|nu se poate încărca/i);
    await retry.first().click();
    await retry.first().waitFor({ state: 'visible' });
    await expectPath(page, '/company/dashboard');

    // The shell itself still works: public pages from the same session.
    await page.goto('/terms-and-conditions');
    await page.getByRole('heading').first().waitFor({ state: 'visible' });

    // Another person, the admin, uses the admin area normally on the same server.
    const admin = await newBrowser();
    await signInAs(admin.page, 'admin@demo.ro');
    await areaSidebar(admin.page).waitFor({ state: 'visible' });
    const adminRetry = admin.page.getByRole('button', { name: /reîncearcă|reincearca|încearcă din nou/i });
    assert.equal(await adminRetry.count(), 0, 'the admin area loads without a fallback');
  },
  { server: 'company-remote-down' },
);

test('federation: a hung company remote falls back within 5 s, and so does a retry', async ({ page }) => {
  // remoteEntry.js is requested and never answered (a host that accepts and hangs).
  await page.route(/\/remotes\/company\/(.+\/)?remoteEntry\.js/, () => undefined);
  const spinner = page.getByText('Se încarcă secțiunea „Companie”…');
  const retry = page.getByRole('button', { name: 'Reîncearcă' });
  const signingIn = signInAs(page, 'owner@demo.ro');
  await spinner.waitFor({ state: 'visible' });
  let started = Date.now();
  await retry.waitFor({ state: 'visible', timeout: 10_000 });
  const firstMs = Date.now() - started;
  await signingIn;
  await page.getByText('nu poate fi încărcată acum').first().waitFor({ state: 'visible' });

  started = Date.now();
  await retry.click();
  await spinner.waitFor({ state: 'visible' });
  await retry.waitFor({ state: 'visible', timeout: 10_000 });
  const retryMs = Date.now() - started;
  console.log(`      hung remote: fallback ${firstMs} ms after the spinner, the retry's ${retryMs} ms after the click`);
  assert.ok(firstMs < 5_000, `the fallback showed ${firstMs} ms after the spinner`);
  assert.ok(retryMs < 5_000, `the retry's fallback showed ${retryMs} ms after the click`);
});

test('federation: every remote’s build loads into the built shell, its declared contract met', async ({
  page,
  newBrowser,
}) => {
  for (const [index, email] of ['admin@demo.ro', 'owner@demo.ro', 'holding@demo.ro'].entries()) {
    const visitor = index === 0 ? page : (await newBrowser()).page;
    const contracts = [];
    visitor.on('response', (response) => {
      if (response.url().endsWith('/dosar-remote.json')) contracts.push(response.status());
    });
    await signInAs(visitor, email);
    await areaSidebar(visitor).waitFor({ state: 'visible' });
    assert.deepEqual(contracts, [200], `${email}: the area's dosar-remote.json was read once`);
  }
});

test('federation: a company remote requiring a newer @dosar/shared is refused in Romanian; other areas work', async ({
  page,
  newBrowser,
}) => {
  // The company remote as deployed by a team that built it against @dosar/shared 3.
  await page.route(/\/remotes\/company\/(.+\/)?dosar-remote\.json/, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        contract: 1,
        name: 'company_app',
        exposes: ['./App'],
        requires: { '@dosar/shared': '^3.0.0', react: '^18.3.1' },
      }),
    }),
  );
  const entries = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/company/') && request.url().endsWith('remoteEntry.js')) entries.push(1);
  });
  await signInAs(page, 'owner@demo.ro');
  await page
    .getByRole('heading', { name: 'Secțiunea „Companie” nu este compatibilă cu această versiune a aplicației' })
    .waitFor({ state: 'visible' });
  const alert = await page.getByRole('alert').innerText();
  assert.match(alert, /cere @dosar\/shared \^3\.0\.0, aplicația are 2\.0\.0/);
  assert.doesNotMatch(alert, /conexiunea la internet/, 'not shown as a network error');
  assert.equal(entries.length, 0, 'none of the incompatible remote’s code was fetched');

  // The rest keeps working: the shell's pages, and another area for another person.
  await page.goto('/terms-and-conditions');
  await page.getByRole('heading').first().waitFor({ state: 'visible' });
  const admin = await newBrowser();
  await signInAs(admin.page, 'admin@demo.ro');
  await areaSidebar(admin.page).waitFor({ state: 'visible' });
});

test('federation: a company remote that hung and came back is recovered by "Reîncearcă", without a reload', async ({
  page,
}) => {
  // The host accepts and hangs: remoteEntry.js is never answered, until it comes back.
  let hung = true;
  const held = [];
  await page.route(/\/remotes\/company\/(.+\/)?remoteEntry\.js/, (route) => {
    if (hung)
      held.push(route); // the request from the hung period stays open
    else route.continue();
  });
  await signInAs(page, 'owner@demo.ro');
  const retry = page.getByRole('button', { name: 'Reîncearcă' });
  await retry.waitFor({ state: 'visible', timeout: 10_000 });
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  hung = false; // back, while the first request is still open
  const started = Date.now();
  await retry.click();
  await areaSidebar(page).waitFor({ state: 'visible', timeout: 10_000 });
  console.log(`      hung remote came back: area shown ${Date.now() - started} ms after "Reîncearcă"`);
  assert.equal(navigations, 0, 'the page was not reloaded');
  assert.ok(held.length >= 1, 'the hung request was still open');
});

test(
  "federation: a remote whose host does not allow the shell's origin is refused, naming the cause",
  async ({ page, server }) => {
    // This server's company remote is itself reached as `localhost` (REMOTE_COMPANY_URL): another origin,
    // allowed by the page's CSP, answering without Access-Control-Allow-Origin.
    const otherHost = `http://localhost:${server.port}`;
    const entries = [];
    page.on('request', (request) => {
      if (request.url().includes('remoteEntry.js')) entries.push(request.url());
    });
    await signInAs(page, 'owner@demo.ro');
    await page
      .getByRole('heading', { name: 'Secțiunea „Companie” nu poate fi verificată, așa că nu a fost pornită' })
      .waitFor({ state: 'visible' });
    const alert = await page.getByRole('alert').innerText();
    assert.ok(alert.includes(`contractul secțiunii de la ${otherHost} `), alert);
    assert.ok(alert.includes(`adresa aplicației, ${server.url} (CORS)`), alert);
    assert.doesNotMatch(alert, /conexiunea la internet/, 'not shown as a network error');
    assert.deepEqual(entries, [], 'none of the remote’s code was fetched');
  },
  { server: 'company-remote-no-cors' },
);
