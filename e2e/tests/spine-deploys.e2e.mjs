// Browser: a redeploy of a remote never breaks the pages already open (docs/remotes.md, "Deploys").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from '../lib/runner.mjs';
import { areaSidebar, expectPath, signInAs } from '../lib/ui.mjs';

const { BUILD_MANIFEST_FILE, manifestOfFolder } = createRequire(import.meta.url)('../../build-preset/manifest.js');

const companyEntry = async (server) => (await (await fetch(`${server.url}/remotes.json`)).json()).company.entry;

/** Replaces the company remote's deployed folder (as a deploy that swaps the folder does). */
function redeploy(server, fromDir, { note, withChunks }) {
  const dist = path.join(server.staticRoot, 'company-app', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  if (withChunks) fs.cpSync(fromDir, dist, { recursive: true });
  else fs.mkdirSync(dist, { recursive: true });
  const entry = fs.readFileSync(path.join(fromDir, 'remoteEntry.js'), 'utf8');
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `${entry}\n// ${note}\n`);
  fs.rmSync(path.join(dist, 'remoteEntry.js.br'), { force: true });
  fs.rmSync(path.join(dist, 'remoteEntry.js.gz'), { force: true });
  // Last, as a build writes it: the manifest of what the folder now holds.
  fs.rmSync(path.join(dist, BUILD_MANIFEST_FILE), { force: true });
  fs.writeFileSync(path.join(dist, BUILD_MANIFEST_FILE), manifestOfFolder(dist));
}

/** A new build of the company remote in a folder of its own (the saved build, its remoteEntry.js changed). */
function newBuild(fromDir, note) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-e2e-company-next-'));
  fs.cpSync(fromDir, dir, { recursive: true });
  const entry = fs.readFileSync(path.join(dir, 'remoteEntry.js'), 'utf8');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `${entry}\n// ${note}\n`);
  for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dir, `remoteEntry.js${suffix}`), { force: true });
  fs.rmSync(path.join(dir, BUILD_MANIFEST_FILE), { force: true });
  fs.writeFileSync(path.join(dir, BUILD_MANIFEST_FILE), manifestOfFolder(dir));
  return dir;
}

/** A new visitor signs in and reaches the company area's dashboard, with no fallback. */
async function visitorGetsTheArea(newBrowser, what) {
  const visitor = await newBrowser();
  await signInAs(visitor.page, 'owner@demo.ro');
  await areaSidebar(visitor.page).waitFor({ state: 'visible' });
  assert.equal(await visitor.page.getByRole('button', { name: 'Reîncearcă' }).count(), 0, `${what}: no fallback`);
  await visitor.close();
}

test(
  'deploys: an open page keeps working across a redeploy of its remote (the next unvisited screen loads)',
  async ({ page, server }) => {
    const saved = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-e2e-company-build-'));
    fs.cpSync(path.join(server.staticRoot, 'company-app', 'dist'), saved, { recursive: true });
    try {
      await signInAs(page, 'owner@demo.ro');
      await areaSidebar(page).waitFor({ state: 'visible' });
      const first = await companyEntry(server);
      assert.match(first, /^\/remotes\/company\/[0-9a-f]{12}\/remoteEntry\.js$/, 'a versioned folder');
      const firstDir = first.replace('remoteEntry.js', '');

      // 1. The folder is replaced by a new build that has none of the old chunks.
      redeploy(server, saved, { note: 'second deploy', withChunks: false });
      const second = await companyEntry(server);
      assert.notEqual(second, first, '/remotes.json points at the new build');
      const companyFiles = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/remotes/company/')) companyFiles.push(`${response.status()} ${pathname}`);
      });
      await areaSidebar(page).getByRole('link', { name: 'Categorii', exact: true }).click();
      await expectPath(page, '/company/categories');
      await page.getByRole('list', { name: 'Categorii, în ordinea afișării' }).waitFor({ state: 'visible' });
      assert.ok(
        companyFiles.some((line) => line.startsWith(`200 ${firstDir}`)),
        `the old page's chunk came from its own build's folder: ${companyFiles.join(', ')}`,
      );
      assert.deepEqual(
        companyFiles.filter((line) => !line.startsWith('200')),
        [],
        'no company file failed',
      );

      // 2. The old build is gone too (past REMOTE_BUILDS_KEEP_HOURS: answered 404 here) and a complete
      //    build is current: the next unvisited screen's chunk fails once, and the area reloads from the
      //    current build instead of showing the fallback.
      redeploy(server, saved, { note: 'third deploy', withChunks: true });
      await page.route(`**${firstDir}**`, (route) => route.fulfill({ status: 404, body: 'gone' }));
      let remotesJsonReads = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/remotes.json') remotesJsonReads += 1;
      });
      await areaSidebar(page).getByRole('link', { name: 'Utilizatori', exact: true }).click();
      await expectPath(page, '/company/users');
      await page.getByRole('heading', { name: 'Utilizatori' }).first().waitFor({ state: 'visible' });
      assert.equal(remotesJsonReads, 1, 'the area was reloaded once from /remotes.json');
      assert.equal(await page.getByRole('button', { name: 'Reîncearcă' }).count(), 0, 'no fallback');
    } finally {
      fs.rmSync(saved, { recursive: true, force: true });
    }
  },
  { server: 'redeploy' },
);

test(
  'deploys: a deploy copied file by file under traffic (remoteEntry.js first) never reaches a new visitor half-way',
  async ({ page, server, newBrowser }) => {
    const dist = path.join(server.staticRoot, 'company-app', 'dist');
    const saved = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-e2e-company-build-'));
    fs.cpSync(dist, saved, { recursive: true });
    const next = newBuild(saved, 'copied file by file');
    try {
      await signInAs(page, 'owner@demo.ro');
      await areaSidebar(page).waitFor({ state: 'visible' });
      const first = await companyEntry(server);

      // `rm -rf dist && cp` one file at a time: remoteEntry.js first, the manifest second, then the rest.
      fs.rmSync(dist, { recursive: true, force: true });
      fs.mkdirSync(dist, { recursive: true });
      const rest = fs
        .readdirSync(next, { recursive: true })
        .filter((file) => fs.statSync(path.join(next, file)).isFile())
        .filter((file) => file !== 'remoteEntry.js' && file !== BUILD_MANIFEST_FILE);
      const order = ['remoteEntry.js', BUILD_MANIFEST_FILE, ...rest];
      const copy = (file) => {
        fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
        fs.copyFileSync(path.join(next, file), path.join(dist, file));
      };
      copy(order[0]);
      copy(order[1]);
      assert.equal(await companyEntry(server), first, 'half a build is not current');
      await visitorGetsTheArea(newBrowser, 'two files copied');
      const half = Math.floor(order.length / 2);
      for (const file of order.slice(2, half)) copy(file);
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // looked at again after a second
      assert.equal(await companyEntry(server), first, 'still half a build');
      await visitorGetsTheArea(newBrowser, 'half the files copied');

      for (const file of order.slice(half)) copy(file);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const taken = await companyEntry(server);
      assert.notEqual(taken, first, 'the whole build is current');
      await visitorGetsTheArea(newBrowser, 'the whole build');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
      fs.cpSync(saved, dist, { recursive: true });
      fs.rmSync(saved, { recursive: true, force: true });
      fs.rmSync(next, { recursive: true, force: true });
    }
  },
  { server: 'redeploy' },
);

test(
  'deploys: two deploys in one open tab both recover (each new build reloads the area once)',
  async ({ page, server }) => {
    const dist = path.join(server.staticRoot, 'company-app', 'dist');
    const saved = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-e2e-company-build-'));
    fs.cpSync(dist, saved, { recursive: true });
    try {
      await signInAs(page, 'owner@demo.ro');
      await areaSidebar(page).waitFor({ state: 'visible' });
      let remotesJsonReads = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/remotes.json') remotesJsonReads += 1;
      });
      const screens = [
        ['Categorii', '/company/categories'],
        ['Utilizatori', '/company/users'],
      ];
      for (const [index, [link, url]] of screens.entries()) {
        // Each deploy removes the build the tab runs (past its keep time: answered 404 here).
        const running = (await companyEntry(server)).replace('remoteEntry.js', '');
        redeploy(server, saved, { note: `deploy ${index + 1}`, withChunks: true });
        await page.route(`**${running}**`, (route) => route.fulfill({ status: 404, body: 'gone' }));
        await areaSidebar(page).getByRole('link', { name: link, exact: true }).click();
        await expectPath(page, url);
        await page.getByRole('heading', { name: link }).first().waitFor({ state: 'visible' });
        assert.equal(
          await page.getByRole('button', { name: 'Reîncearcă' }).count(),
          0,
          `deploy ${index + 1}: no fallback`,
        );
        assert.equal(remotesJsonReads, index + 1, `deploy ${index + 1}: the area reloaded once from /remotes.json`);
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
      fs.cpSync(saved, dist, { recursive: true });
      fs.rmSync(saved, { recursive: true, force: true });
    }
  },
  { server: 'redeploy' },
);
