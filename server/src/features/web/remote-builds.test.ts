import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { BUILD_MANIFEST, RemoteBuilds } from './remote-builds.js';

/** A remote's build as its files ({name: text}); its manifest names each with its hash. */
function build(version: string): Record<string, string> {
  return {
    'remoteEntry.js': `var company_app = "${version}";`,
    [`page-${version}.0a1b2c3d.js`]: `console.log("${version}")`,
    'dosar-remote.json': '{"contract":1}',
  };
}

function manifestOf(files: Record<string, string>): string {
  const entries = Object.entries(files).map(([name, text]) => [
    name,
    { sha256: crypto.createHash('sha256').update(text).digest('hex'), size: Buffer.byteLength(text) },
  ]);
  return JSON.stringify({ manifest: 1, files: Object.fromEntries(entries) });
}

/** Writes a build's files into `dist` in order, its manifest last (as the build does), unless told otherwise. */
function writeBuild(dist: string, files: Record<string, string>, manifest = manifestOf(files)): void {
  fs.mkdirSync(dist, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), text);
  fs.writeFileSync(path.join(dist, BUILD_MANIFEST), manifest);
}

// A deploy replaces the remote's dist/ folder; open pages keep asking for the old build's chunks.
function deploy(staticRoot: string, version: string): void {
  const dist = path.join(staticRoot, 'company-app', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  writeBuild(dist, build(version));
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
    const write = (version: string) => writeBuild(dist, { 'remoteEntry.js': version });
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

describe('a build is taken only when whole', () => {
  let root: string;
  let dist: string;
  let archive: string;
  let now: number;
  const builds = () => new RemoteBuilds(archive, 3_600_000, () => now);
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-builds-'));
    dist = path.join(root, 'dist');
    archive = path.join(root, 'archive');
    now = 1_000_000;
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  test('a deploy copied file by file, remoteEntry.js and the manifest first, is not taken until every file is there', async () => {
    const archived = builds();
    writeBuild(dist, build('v1'));
    const v1 = await archived.current('company', dist);
    expect(v1).toMatch(/^[0-9a-f]{12}$/);

    fs.rmSync(dist, { recursive: true, force: true });
    const v2 = build('v2');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), v2['remoteEntry.js']);
    expect(await archived.current('company', dist)).toBe(v1); // no manifest yet
    fs.writeFileSync(path.join(dist, BUILD_MANIFEST), manifestOf(v2));
    expect(await archived.current('company', dist)).toBe(v1); // two files still missing
    fs.writeFileSync(path.join(dist, 'page-v2.0a1b2c3d.js'), v2['page-v2.0a1b2c3d.js']);
    now += 1_500; // looked at again after a second
    expect(await archived.current('company', dist)).toBe(v1);
    expect(fs.readdirSync(archived.areaDir('company'))).toEqual([v1]);

    fs.writeFileSync(path.join(dist, 'dosar-remote.json'), v2['dosar-remote.json']);
    now += 1_500;
    const taken = await archived.current('company', dist);
    expect(taken).not.toBe(v1);
    expect(fs.readdirSync(path.join(archived.areaDir('company'), taken as string)).sort()).toEqual(
      [BUILD_MANIFEST, 'dosar-remote.json', 'page-v2.0a1b2c3d.js', 'remoteEntry.js'].sort(),
    );
  });

  test('a file whose bytes differ from the manifest keeps the previous build', async () => {
    const archived = builds();
    writeBuild(dist, build('v1'));
    const v1 = await archived.current('company', dist);
    const v2 = build('v2');
    writeBuild(dist, { ...v2, 'page-v2.0a1b2c3d.js': 'console.log("half")' }, manifestOf(v2));
    expect(await archived.current('company', dist)).toBe(v1);
  });

  test('after a restart an incomplete archived build is dropped and taken again from a whole deploy; the last whole one serves meanwhile', async () => {
    writeBuild(dist, build('v1'));
    const v1 = (await builds().current('company', dist)) as string;
    writeBuild(dist, build('v2'));
    const v2 = (await builds().current('company', dist)) as string;
    // v2's copy lost a file (a disk cleaned by hand, a copy cut short by an older server).
    fs.rmSync(path.join(archive, 'company', v2, 'page-v2.0a1b2c3d.js'));
    fs.rmSync(path.join(archive, 'company', v1, '.retired'));

    fs.rmSync(path.join(dist, BUILD_MANIFEST)); // the deploy of v2 is being redone
    const restarted = builds();
    expect(await restarted.current('company', dist)).toBe(v1);
    expect(fs.existsSync(path.join(archive, 'company', v2))).toBe(false);

    fs.writeFileSync(path.join(dist, BUILD_MANIFEST), manifestOf(build('v2')));
    expect(await restarted.current('company', dist)).toBe(v2);
    expect(fs.existsSync(path.join(archive, 'company', v2, 'page-v2.0a1b2c3d.js'))).toBe(true);
  });

  test('a manifest naming a file outside the build is not a build', async () => {
    const archived = builds();
    const files = build('v1');
    writeBuild(
      dist,
      files,
      JSON.stringify({
        manifest: 1,
        files: { ...JSON.parse(manifestOf(files)).files, '../../secret': { sha256: 'x', size: 1 } },
      }),
    );
    expect(await archived.current('company', dist)).toBeNull();
  });
});
