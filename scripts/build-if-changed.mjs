#!/usr/bin/env node
// `npm start`'s build: builds each of the five packages (server, shell, three remotes) only when one of
// its inputs changed since its last successful build, and always when its build output is missing or was
// changed by anything else. `npm run build` (CI, e2e) stays the full build.
//
// A package's inputs are the contents of its own directory (less dist/, node_modules/ and tests), of
// @dosar/shared and @dosar/build-preset for the front ends (so a change there rebuilds all four), of the root
// package.json and tsconfig.base.json, of package-lock.json
// and of node_modules/.package-lock.json (the tree npm actually installed), plus the Node version and
// NODE_ENV. Contents are hashed (sha256), so `touch` or a checkout that restores a file does not rebuild,
// while any real edit does.
//
// After a successful build, a stamp goes to node_modules/.cache/dosar-build/<package>.json: the hash of
// every input and the size and mtime of every file the build wrote. The next start skips the package only
// when both still match; a failed build leaves no stamp, so it is retried.
//
//   node scripts/build-if-changed.mjs            build what changed
//   node scripts/build-if-changed.mjs --dry-run  only say what would be built, and why
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ROOT_INPUTS = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.base.json'];
const FRONT_END_INPUTS = [...ROOT_INPUTS, 'build-preset', 'shared'];

/** The packages in build order: workspace (npm -w), inputs (files or directories), output directory, its key file. */
export const PACKAGES = [
  { workspace: 'server', inputs: [...ROOT_INPUTS, 'server'], output: 'server/dist', entry: 'server/dist/index.js' },
  { workspace: 'shell', inputs: [...FRONT_END_INPUTS, 'shell'], output: 'shell/dist', entry: 'shell/dist/index.html' },
  // A remote's build checks its federation runtime against what @dosar/build-preset provides the shell.
  // Its key file is the manifest, written last: a build cut short has none and is built again.
  ...['admin-app', 'company-app', 'client-app'].map((app) => ({
    workspace: app,
    inputs: [...FRONT_END_INPUTS, app],
    output: `${app}/dist`,
    entry: `${app}/dist/dosar-build.json`,
  })),
];

/** Never inputs: build outputs, installed packages, tests (no build reads them). */
const SKIPPED_DIRS = new Set(['dist', 'node_modules', 'test', '__snapshots__', 'coverage']);
const SKIPPED_FILES = /\.test\.tsx?$|\.tsbuildinfo$/;

function walk(root, relative, visit, skipDirs = SKIPPED_DIRS) {
  const full = path.join(root, relative);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return; // an input that does not exist (yet): its absence is part of the fingerprint
  }
  if (!stat.isDirectory()) {
    visit(relative, full, stat);
    return;
  }
  for (const entry of fs.readdirSync(full).sort()) {
    const child = path.posix.join(relative, entry);
    if (skipDirs.has(entry) && fs.statSync(path.join(root, child)).isDirectory()) continue;
    walk(root, child, visit, skipDirs);
  }
}

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** {file: sha256 of its content} of every input of the package, plus the build's environment. */
export function fingerprint(root, pkg, env = process.env) {
  const files = {};
  for (const input of pkg.inputs) {
    walk(root, input, (relative, full) => {
      if (!SKIPPED_FILES.test(relative)) files[relative] = sha256(fs.readFileSync(full));
    });
  }
  files['(node)'] = process.version;
  files['(NODE_ENV)'] = env.NODE_ENV ?? '';
  return files;
}

/** {file: "size:mtime"} of every file in the package's build output. */
export function outputSnapshot(root, pkg) {
  const files = {};
  walk(
    root,
    pkg.output,
    (relative, _full, stat) => {
      files[relative] = `${stat.size}:${stat.mtimeMs}`;
    },
    new Set(),
  );
  return files;
}

const stampDir = (root) => path.join(root, 'node_modules', '.cache', 'dosar-build');
const stampFile = (root, pkg) => path.join(stampDir(root), `${pkg.workspace}.json`);

export function readStamp(root, pkg) {
  try {
    return JSON.parse(fs.readFileSync(stampFile(root, pkg), 'utf8'));
  } catch {
    return null;
  }
}

function writeStamp(root, pkg, inputs) {
  fs.mkdirSync(stampDir(root), { recursive: true });
  const stamp = { inputs, outputs: outputSnapshot(root, pkg) };
  fs.writeFileSync(stampFile(root, pkg), JSON.stringify(stamp));
}

function removeStamp(root, pkg) {
  fs.rmSync(stampFile(root, pkg), { force: true });
}

const differing = (a, b) => [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => a[key] !== b[key]);

/** Why the package must be built (a short sentence), or null when its build is up to date. */
export function staleReason(root, pkg, inputs) {
  if (!fs.existsSync(path.join(root, pkg.entry))) return `no build (${pkg.entry} is missing)`;
  const stamp = readStamp(root, pkg);
  if (!stamp || !stamp.inputs || !stamp.outputs) return 'no record of its last build';
  const changed = differing(stamp.inputs, inputs);
  if (changed.length) {
    const shown = changed.slice(0, 3).join(', ');
    return `changed: ${shown}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;
  }
  if (differing(stamp.outputs, outputSnapshot(root, pkg)).length) return `${pkg.output} was changed since its build`;
  return null;
}

/**
 * `npm run build -w <workspace>`, its output on this terminal; answers whether it succeeded. A remote's build
 * checks its contract against the shell built before it (DOSAR_SHELL_CONTRACT, docs/remotes.md).
 */
export function npmBuild(root, pkg) {
  const env = { ...process.env };
  if (pkg.workspace.endsWith('-app') && !env.DOSAR_SHELL_CONTRACT) {
    env.DOSAR_SHELL_CONTRACT = path.join(root, 'shell', 'dist', 'shell-contract.json');
  }
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'build', '-w', pkg.workspace], { cwd: root, env, stdio: 'inherit' });
    child.on('close', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

/**
 * Builds every stale package in order; stops at the first failure. Answers {built, skipped, failed}
 * (workspace names). `build(root, pkg)` answers whether the build succeeded (tests pass a fake one).
 */
export async function buildIfChanged({
  root = ROOT,
  packages = PACKAGES,
  build = npmBuild,
  log = console.log,
  dryRun = false,
  env = process.env,
} = {}) {
  const result = { built: [], skipped: [], failed: [] };
  for (const pkg of packages) {
    const inputs = fingerprint(root, pkg, env);
    const reason = staleReason(root, pkg, inputs);
    if (!reason) {
      log(`build: ${pkg.workspace} is up to date, skipped`);
      result.skipped.push(pkg.workspace);
      continue;
    }
    log(`build: ${pkg.workspace}: ${reason}${dryRun ? '' : ', building…'}`);
    if (dryRun) {
      result.built.push(pkg.workspace);
      continue;
    }
    const started = Date.now();
    removeStamp(root, pkg);
    if (!(await build(root, pkg))) {
      log(`build: ${pkg.workspace} failed`);
      result.failed.push(pkg.workspace);
      return result;
    }
    // The inputs as they were when the build started: a file edited during the build rebuilds next time.
    writeStamp(root, pkg, inputs);
    log(`build: ${pkg.workspace} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    result.built.push(pkg.workspace);
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // No top-level await: the server's jest runs this module as CommonJS (server/test/build-if-changed.test.ts).
  buildIfChanged({ dryRun: process.argv.includes('--dry-run') }).then((result) => {
    process.exitCode = result.failed.length ? 1 : 0;
  });
}
