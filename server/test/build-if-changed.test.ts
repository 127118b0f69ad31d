import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfChanged, PACKAGES, type BuildPackage, type BuildResult } from '../../scripts/build-if-changed.mjs';

// `npm start`'s build (scripts/build-if-changed.mjs) on a small tree of its own: a server-like package
// and two front ends sharing `shared/`, built by a fake build that writes their dist and counts calls.
const FIXTURE: BuildPackage[] = [
  { workspace: 'api', inputs: ['package-lock.json', 'api'], output: 'api/dist', entry: 'api/dist/index.js' },
  ...['one', 'two'].map((app) => ({
    workspace: app,
    inputs: ['package-lock.json', 'shared', app],
    output: `${app}/dist`,
    entry: `${app}/dist/remoteEntry.js`,
  })),
];

describe('npm start builds only what changed', () => {
  let root: string;
  let builds: string[];
  let failing: Set<string>;

  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const fakeBuild = (_root: string, pkg: BuildPackage): boolean => {
    builds.push(pkg.workspace);
    if (failing.has(pkg.workspace)) return false;
    fs.rmSync(path.join(root, pkg.output), { recursive: true, force: true });
    write(pkg.entry, `built ${builds.length}`);
    return true;
  };
  const start = async (): Promise<BuildResult> => {
    builds = [];
    return buildIfChanged({ root, packages: FIXTURE, build: fakeBuild, log: () => {}, env: {} });
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-build-if-changed-'));
    failing = new Set();
    write('package-lock.json', '{}');
    write('api/src/index.ts', 'export {};');
    write('shared/src/ui.ts', 'export const a = 1;');
    write('one/src/App.tsx', 'export {};');
    write('two/src/App.tsx', 'export {};');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds every package that has no build yet, then skips them all while nothing changes', async () => {
    expect((await start()).built).toEqual(['api', 'one', 'two']);
    const second = await start();
    expect(second).toEqual({ built: [], skipped: ['api', 'one', 'two'], failed: [] });
    expect(builds).toEqual([]);
  });

  it('an edited file rebuilds its own package only; touching it without a change rebuilds nothing', async () => {
    await start();
    write('one/src/App.tsx', 'export const changed = true;');
    expect((await start()).built).toEqual(['one']);
    const file = path.join(root, 'two/src/App.tsx');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect((await start()).built).toEqual([]);
  });

  it('a change in the shared package rebuilds every package that uses it; the lock file rebuilds all', async () => {
    await start();
    write('shared/src/ui.ts', 'export const a = 2;');
    expect((await start()).built).toEqual(['one', 'two']);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect((await start()).built).toEqual(['api', 'one', 'two']);
  });

  it('an added or a removed input file rebuilds', async () => {
    await start();
    write('api/src/new-route.ts', 'export {};');
    expect((await start()).built).toEqual(['api']);
    fs.rmSync(path.join(root, 'api/src/new-route.ts'));
    expect((await start()).built).toEqual(['api']);
  });

  it('a missing or altered build output rebuilds, even with unchanged inputs', async () => {
    await start();
    fs.rmSync(path.join(root, 'two/dist'), { recursive: true });
    expect((await start()).built).toEqual(['two']);
    write('api/dist/index.js', 'something else wrote this');
    expect((await start()).built).toEqual(['api']);
  });

  it('a failed build stops there and is built again next time', async () => {
    failing.add('one');
    const first = await start();
    expect(first.failed).toEqual(['one']);
    expect(builds).toEqual(['api', 'one']);
    failing.clear();
    expect((await start()).built).toEqual(['one', 'two']);
  });

  it('test files are not inputs', async () => {
    await start();
    write('one/src/App.test.tsx', 'test("x", () => {});');
    write('api/test/api.test.ts', 'test("x", () => {});');
    expect((await start()).built).toEqual([]);
  });

  it('the real packages: every front end reads the shared package, the build preset and the lock', () => {
    const byName = Object.fromEntries(PACKAGES.map((pkg) => [pkg.workspace, pkg]));
    expect(Object.keys(byName)).toEqual(['server', 'shell', 'admin-app', 'company-app', 'client-app']);
    for (const app of ['shell', 'admin-app', 'company-app', 'client-app']) {
      expect(byName[app].inputs).toEqual(expect.arrayContaining([app, 'shared', 'build-preset', 'package-lock.json']));
      // A remote builds from its own folder and the packages: never from the shell's source.
      if (app !== 'shell') expect(byName[app].inputs.filter((input) => input.startsWith('shell'))).toEqual([]);
    }
    expect(byName.server.inputs).toEqual(expect.arrayContaining(['server', 'tsconfig.base.json', 'package-lock.json']));
    expect(byName.server.inputs).not.toContain('shared');
  });
});
