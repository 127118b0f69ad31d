import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { RemoteBuilds } from './remote-builds.js';

// A deploy replaces the remote's dist/ folder; open pages keep asking for the old build's chunks.
function deploy(staticRoot: string, version: string): void {
  const dist = path.join(staticRoot, 'company-app', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var company_app = "${version}";`);
  fs.writeFileSync(path.join(dist, `page-${version}.0a1b2c3d.js`), `console.log("${version}")`);
  fs.writeFileSync(path.join(dist, 'dosar-remote.json'), '{"contract":1}');
}

describe('versioned remote builds (docs/remotes.md, deploys)', () => {
  let t: TestApp;
  let staticRoot: string;
  beforeAll(async () => {
    staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-static-'));
    fs.mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html>');
    deploy(staticRoot, 'v1');
    t = await createTestApp({ seed: false, config: { staticRoot } });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const companyEntry = async (): Promise<string> => (await get('/remotes.json')).json().company.entry;

  test('/remotes.json points at the current build; an old page still gets its chunks after a redeploy', async () => {
    const v1 = await companyEntry();
    expect(v1).toMatch(/^\/remotes\/company\/[0-9a-f]{12}\/remoteEntry\.js$/);
    const v1Dir = v1.replace('remoteEntry.js', '');
    expect((await get(`${v1Dir}page-v1.0a1b2c3d.js`)).body).toBe('console.log("v1")');
    expect((await get(`${v1Dir}dosar-remote.json`)).statusCode).toBe(200);

    deploy(staticRoot, 'v2');
    const v2 = await companyEntry();
    expect(v2).not.toBe(v1);
    const v2Dir = v2.replace('remoteEntry.js', '');
    expect((await get(v2)).body).toContain('"v2"');
    expect((await get(`${v2Dir}page-v2.0a1b2c3d.js`)).statusCode).toBe(200);
    // The page opened on v1 keeps working: its next chunk comes from v1's immutable folder.
    const old = await get(`${v1Dir}page-v1.0a1b2c3d.js`);
    expect([old.statusCode, old.body]).toEqual([200, 'console.log("v1")']);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`${v1Dir}.retired`)).statusCode).toBe(404);
    // Unversioned URLs still reach the deployed folder.
    expect((await get('/remotes/company/remoteEntry.js')).body).toContain('"v2"');
  });
});

describe('RemoteBuilds retention', () => {
  test('a replaced build is kept for the configured time, then removed; the current one never', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-builds-'));
    const dist = path.join(root, 'dist');
    let now = 1_000_000;
    const builds = new RemoteBuilds(path.join(root, 'archive'), 60_000, () => now);
    const write = (version: string) => {
      fs.mkdirSync(dist, { recursive: true });
      fs.writeFileSync(path.join(dist, 'remoteEntry.js'), version);
    };
    write('one');
    const one = await builds.current('company', dist);
    write('two-longer');
    const two = await builds.current('company', dist);
    expect(fs.readdirSync(builds.areaDir('company')).sort()).toEqual([one, two].sort());
    now += 59_000;
    write('three-longest');
    const three = await builds.current('company', dist);
    expect(fs.readdirSync(builds.areaDir('company')).sort()).toEqual([one, two, three].sort());
    now += 2_000; // one: retired 61 s ago
    write('four-the-longest');
    const four = await builds.current('company', dist);
    expect(fs.readdirSync(builds.areaDir('company')).sort()).toEqual([two, three, four].sort());
  });
});
