#!/usr/bin/env node
// A remote builds on its own (docs/remotes.md): copies the remote, @dosar/shared and @dosar/build-preset
// into an empty folder — no shell/, no root config files — with the installed third-party packages linked
// in, and runs `npm run build -w <remote>` there. Fails when the build reads anything else of the repo.
//
//   node scripts/build-remote-alone.mjs company-app [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['admin-app', 'company-app', 'client-app'];
const PACKAGES = ['build-preset', 'shared'];

export function buildRemoteAlone(remote, { keep = false, env = process.env } = {}) {
  if (!REMOTES.includes(remote)) throw new Error(`not a remote: ${remote} (${REMOTES.join(', ')})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dosar-${remote}-alone-`));
  const skip = (source) => !/(^|\/)(node_modules|dist|coverage)(\/|$)/.test(path.relative(root, source));
  for (const pkg of [...PACKAGES, remote]) {
    fs.cpSync(path.join(root, pkg), path.join(dir, pkg), { recursive: true, filter: skip });
  }
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'dosar-remote-alone', private: true, workspaces: [...PACKAGES, remote] }, null, 2),
  );
  // Third-party packages as installed; the project's own packages are the copies (no shell among them).
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '@dosar'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@dosar' || entry === '.bin' || entry === '.cache') continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  fs.symlinkSync(path.join(root, 'node_modules', '.bin'), path.join(modules, '.bin'));
  for (const pkg of [...PACKAGES, remote]) {
    const { name } = JSON.parse(fs.readFileSync(path.join(dir, pkg, 'package.json'), 'utf8'));
    fs.symlinkSync(path.join('..', '..', pkg), path.join(modules, name));
  }
  const result = spawnSync('npm', ['run', 'build', '-w', remote], { cwd: dir, env, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const ok = result.status === 0 && fs.existsSync(path.join(dir, remote, 'dist', 'remoteEntry.js'));
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  return { ok, output, dir };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const remote = process.argv[2];
  const { ok, output, dir } = buildRemoteAlone(remote, { keep: process.argv.includes('--keep') });
  if (!ok) console.log(output.trimEnd().split('\n').slice(-40).join('\n'));
  console.log(`${remote} built alone (no shell/, no root config): ${ok ? 'ok' : 'FAILED'}${ok ? '' : ` in ${dir}`}`);
  process.exit(ok ? 0 : 1);
}
