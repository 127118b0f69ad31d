#!/usr/bin/env node
// Browser tests (real Chromium through playwright-core) against the BUILT product, started
// the way the README starts it: `npm run build` (skipped when the build is newer than every
// source), then `node server/dist/index.js` with a free PORT and a fresh DATA_DIR.
//
//   node e2e/run.mjs                 every test in e2e/tests/*.e2e.mjs
//   node e2e/run.mjs guard login     only tests whose name or file contains one of the words
//   E2E_BUILD=always|never|auto      force or skip the build (default auto)
//
// Artifacts (build log, server logs, screenshots of failures) go to e2e/artifacts/.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { artifacts, build, buildIsFresh, root, snapshotBuild, startServer } from './lib/server.mjs';
import { CHROMIUM, loadTestFiles, runTests } from './lib/runner.mjs';

/** Every server instance a test may ask for by name, with its extra environment. */
const SERVERS = {
  main: {},
  // The company remote points at a port where nothing listens.
  'company-remote-down': { REMOTE_COMPANY_URL: 'http://127.0.0.1:9/' },
  // Serves a copy of the build of its own, which a test redeploys (server.staticRoot).
  redeploy: { ownStaticRoot: true },
  // The company remote on another origin (this server as `localhost`), which sends no CORS headers.
  'company-remote-no-cors': { REMOTE_COMPANY_URL: ({ port }) => `http://localhost:${port}/remotes/company/` },
};

const started = Date.now();
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const testsDir = path.join(root, 'e2e', 'tests');
const files = fs
  .readdirSync(testsDir)
  .filter((name) => name.endsWith('.e2e.mjs'))
  .sort()
  .map((name) => pathToFileURL(path.join(testsDir, name)).href);

const all = await loadTestFiles(files);
const tests = filters.length
  ? all.filter((t) => filters.some((f) => `${t.file} ${t.name}`.toLowerCase().includes(f.toLowerCase())))
  : all;

function finish(result) {
  const { passed, failed, skipped = 0, reason = '' } = result;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const skips = skipped ? `, ${skipped} skipped (${reason})` : '';
  if (process.env.DOSAR_E2E_RESULT_FILE) {
    fs.writeFileSync(process.env.DOSAR_E2E_RESULT_FILE, JSON.stringify({ passed, failed, skipped, reason }));
    console.log(`    e2e: ${passed} ok / ${failed} failed${skips} in ${seconds}s`);
  } else {
    if (result.failures?.length)
      console.log(`\nFailed:\n${result.failures.map((f) => `  ${f.split('\n')[0]}`).join('\n')}\n`);
    console.log(`e2e: ${passed} passed, ${failed} failed${skips} (${seconds}s)`);
  }
  process.exit(failed ? 1 : 0);
}

/** A machine without Chromium runs none of the tests: each is counted as skipped, never as passed. */
function skipAll(reason) {
  console.log(`    - e2e: ${reason}: ${tests.length} browser test(s) skipped`);
  finish({ passed: 0, failed: 0, skipped: tests.length, reason });
}

/** Every selected test fails with one reason (no browser, build broken, …). */
function failAll(reason) {
  console.log(`    ✗ e2e setup: ${reason}`);
  for (const t of tests) console.log(`    ✗ ${t.name} (not run)`);
  finish({ passed: 0, failed: Math.max(tests.length, 1), failures: [reason] });
}

console.log(`    e2e: ${tests.length} browser test(s) in ${files.length} file(s)`);
if (tests.length === 0) finish({ passed: 0, failed: 0 });
if (!fs.existsSync(CHROMIUM)) skipAll(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);

const buildMode = process.env.E2E_BUILD || 'auto';
if (buildMode === 'always' || (buildMode === 'auto' && !buildIsFresh())) {
  const t0 = Date.now();
  const result = await build();
  if (!result.ok) {
    const tail = result.log.trimEnd().split('\n').slice(-40).join('\n');
    failAll(`npm run build failed (full log: ${path.relative(root, result.logFile)}):\n${tail}`);
  }
  console.log(`    e2e: npm run build ok (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
} else {
  console.log(`    e2e: build is up to date (${buildMode})`);
}

// Start every server the selected tests need, side by side, on a copy of the build.
let staticCopy;
try {
  staticCopy = snapshotBuild();
} catch (error) {
  failAll(`the build is incomplete: ${error.message}`);
}
const needed = [...new Set(tests.map((t) => t.server))];
const servers = new Map();
const ownCopies = [];
const t0 = Date.now();
await Promise.all(
  needed.map(async (name) => {
    if (!SERVERS[name]) {
      servers.set(name, new Error(`e2e/run.mjs knows no server "${name}"`));
      return;
    }
    try {
      const { ownStaticRoot, ...env } = SERVERS[name];
      const staticRoot = ownStaticRoot ? snapshotBuild() : staticCopy;
      if (ownStaticRoot) ownCopies.push(staticRoot);
      const server = await startServer(name, { STATIC_ROOT: staticRoot.dir, ...env });
      servers.set(name, Object.assign(server, { staticRoot: staticRoot.dir }));
    } catch (error) {
      servers.set(name, error);
    }
  }),
);
const stopAll = async () => {
  await Promise.all([...servers.values()].map((s) => (s instanceof Error ? null : s.stop())));
  staticCopy.remove();
  for (const copy of ownCopies) copy.remove();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}
console.log(
  `    e2e: server(s) ${needed
    .map((name) => `${name}${servers.get(name) instanceof Error ? ' FAILED' : ` @ ${servers.get(name).url}`}`)
    .join(', ')} (${((Date.now() - t0) / 1000).toFixed(1)}s)`,
);

let result;
try {
  result = await runTests(tests, servers);
} finally {
  await stopAll();
}
fs.mkdirSync(artifacts, { recursive: true });
finish(result);
