// Browser: a redeploy of a remote never breaks the pages already open (docs/remotes.md, "Deploys").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '../lib/runner.mjs';
import { areaSidebar, expectPath, signInAs } from '../lib/ui.mjs';

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
