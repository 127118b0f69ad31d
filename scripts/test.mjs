#!/usr/bin/env node
// `npm test`: every suite of the project, in order, carrying on after a failure:
//   1. lint        type-check (server + each front-end app), eslint, prettier --check
//   2. jest        every project (front-end on jsdom, server on the embedded PGlite), then the slow lane
//                  (server-slow: faults, production — processes, full disks, load) on its own
//   3. jest (pg)   the server projects again on PostgreSQL, when TEST_DATABASE_URL is set
//   4. remotes     each remote built alone, in a copy of its folder, @dosar/shared and @dosar/build-preset
//                  without shell/ or any root file (scripts/build-remote-alone.mjs; docs/remotes.md)
//   5. e2e         real Chromium against the built product (e2e/run.mjs)
// One remote's own lane (its lint, typecheck, jest and lone build): `.ci/remote <app>`.
// Quiet while things pass, detailed when they fail. The last line totals every suite:
// `tests: N passed, M failed`; the exit code is non-zero when anything failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged, PACKAGES } from './build-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const FRONT_END = ['shared', 'shell', 'admin-app', 'company-app', 'client-app'];
const MINUTE = 60_000;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-test-run-'));
const results = [];
const started = Date.now();

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const pad = (text, width) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

/** Per-suite line; deliberately not in the `N passed, M failed` form, which only the last line uses. */
/** One suite's line; `skipped` counts tests that could not run here (no PostgreSQL, Redis or Chromium). */
function report(name, passed, failed, ms, note = '', skipped = 0) {
  results.push({ name, passed, failed, skipped });
  const mark = failed ? '✗' : '✓';
  const skips = skipped ? ` / ${skipped} skipped` : '';
  console.log(
    `${mark} ${pad(name, 22)} ${passed} ok / ${failed} failed${skips}  (${seconds(ms)})${note ? `  ${note}` : ''}`,
  );
}

/** Runs a command; answers {code, output, ms}. Output is captured (printed by the caller on failure) unless inherit. */
function run(command, args, { env = process.env, timeoutMs = 30 * MINUTE, inherit = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      if (output.length > 4_000_000) output = output.slice(-2_000_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    const finish = (code) => {
      clearTimeout(timer);
      if (timedOut) output += `\n[test.mjs] stopped after ${seconds(timeoutMs)}\n`;
      resolve({ code: timedOut ? 124 : code, output, ms: Date.now() - t0 });
    };
    child.on('error', (error) => {
      output += `\n${error.message}\n`;
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const tail = (text, lines = 80) => text.trimEnd().split('\n').slice(-lines).join('\n');
const indent = (text) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

// ---------------------------------------------------------------- 1. lint
async function lint() {
  const steps = [['tsc server', bin('tsc'), ['--noEmit', '-p', 'server/tsconfig.json']]];
  // Front-end apps are type-checked once they have their own tsconfig.json.
  for (const app of FRONT_END) {
    if (fs.existsSync(path.join(root, app, 'tsconfig.json'))) {
      steps.push([`tsc ${app}`, bin('tsc'), ['--noEmit', '-p', `${app}/tsconfig.json`]]);
    }
  }
  steps.push(['eslint', bin('eslint'), ['.', '--no-warn-ignored']]);
  steps.push(['prettier', bin('prettier'), ['--check', '.', '--log-level', 'warn']]);

  // Two at a time (the machines have two cores); reported in order.
  const t0 = Date.now();
  const outcomes = new Array(steps.length);
  let next = 0;
  const worker = async () => {
    while (next < steps.length) {
      const index = next++;
      const [, command, args] = steps[index];
      outcomes[index] = await run(command, args, { timeoutMs: 10 * MINUTE });
    }
  };
  await Promise.all([worker(), worker()]);
  const failedSteps = [];
  steps.forEach(([name], index) => {
    const { code, output, ms } = outcomes[index];
    if (code === 0) {
      console.log(`    lint · ${pad(name, 18)} ok (${seconds(ms)})`);
      return;
    }
    failedSteps.push(name);
    console.log(`    lint · ${pad(name, 18)} FAILED (${seconds(ms)})`);
    console.log(indent(tail(output, 60)));
  });
  report('lint', failedSteps.length ? 0 : 1, failedSteps.length ? 1 : 0, Date.now() - t0, failedSteps.join(', '));
}

// ---------------------------------------------------------------- 2./3. jest
// The server's slow lane (jest.config.js): reported on a line of its own.
const SLOW = [path.join('server', 'test', 'faults') + path.sep, path.join('server', 'test', 'production') + path.sep];
const projectOf = (file) => {
  const relative = path.relative(root, file);
  if (SLOW.some((dir) => relative.startsWith(dir))) return 'server-slow';
  const top = relative.split(path.sep)[0];
  return { 'admin-app': 'admin', 'company-app': 'company', 'client-app': 'client' }[top] ?? top;
};

/** jest's statuses for a test declared but not run (test.skip, a skipped suite, test.todo). */
const NOT_RUN = new Set(['pending', 'skipped', 'todo']);

let invocations = 0;
/** Runs jest with a JSON report; one result line per project (label prefix + project). */
async function jest(label, extraArgs, env) {
  // One report and one summary file per invocation (a label runs twice: the main projects, then the slow lane).
  const stem = `${label.replace(/\W+/g, '-')}-${++invocations}`;
  const outputFile = path.join(tmp, `${stem}.json`);
  const args = [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--ci',
    '--silent',
    '--passWithNoTests',
    `--maxWorkers=${process.env.JEST_WORKERS || 2}`,
    '--json',
    `--outputFile=${outputFile}`,
    ...extraArgs,
  ];
  // The attack suites (server/test/security, server/test/faults) append one summary line per category here.
  const summaryFile = path.join(tmp, `${stem}-summary.txt`);
  const { code, output, ms } = await run(process.execPath, args, {
    env: { ...env, DOSAR_SUMMARY_FILE: summaryFile },
    timeoutMs: 40 * MINUTE,
  });
  if (fs.existsSync(summaryFile)) {
    for (const line of fs.readFileSync(summaryFile, 'utf8').split('\n').filter(Boolean)) console.log(`    ${line}`);
  }
  let json = null;
  try {
    json = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  } catch {
    // jest died before writing its report
  }
  if (!json) {
    console.log(indent(tail(output)));
    report(label, 0, 1, ms, `jest exited ${code} without a report`);
    return;
  }
  const perProject = new Map();
  const failures = [];
  for (const file of json.testResults) {
    const project = projectOf(file.name);
    const counts = perProject.get(project) ?? { passed: 0, failed: 0, skipped: 0, files: 0, ms: 0 };
    const passed = file.assertionResults.filter((a) => a.status === 'passed').length;
    const skipped = file.assertionResults.filter((a) => NOT_RUN.has(a.status)).length;
    let failed = file.assertionResults.filter((a) => a.status === 'failed').length;
    // A file that failed without a failing test (syntax error, crash in beforeAll…) counts as one failure.
    if (file.status === 'failed' && failed === 0) failed = 1;
    counts.passed += passed;
    counts.failed += failed;
    counts.skipped += skipped;
    counts.files += 1;
    counts.ms += (file.endTime ?? 0) - (file.startTime ?? 0);
    perProject.set(project, counts);
    if (file.status === 'failed') failures.push(file);
  }
  const t = Date.now();
  for (const [project, counts] of [...perProject].sort()) {
    const name = label === 'jest' ? `jest ${project}` : `${label} ${project}`;
    report(name, counts.passed, counts.failed, counts.ms, `${counts.files} file(s)`, counts.skipped);
  }
  if (perProject.size === 0) console.log(`    ${label}: no test files yet (${seconds(ms)})`);
  // jest can fail outside any file (e.g. coverage threshold, open handles); never let that pass silently.
  if (code !== 0 && failures.length === 0) {
    console.log(indent(tail(output)));
    report(`${label} (run)`, 0, 1, Date.now() - t, `jest exited ${code}`);
  }
  for (const file of failures) {
    console.log(`\n  ✗ ${path.relative(root, file.name)}`);
    console.log(indent(tail(file.message || '(no message)', 120)));
  }
}

// ---------------------------------------------------------------- 4. remotes built alone
const REMOTES = ['admin-app', 'company-app', 'client-app'];
async function remotesAlone() {
  // A remote's production build is checked against a shell's contract, as its team's CI checks it against
  // the deployed shell's: here the shell built from this tree (built now if it is stale).
  const shell = PACKAGES.filter((pkg) => pkg.workspace === 'shell');
  const quietly = async (_root, pkg) =>
    (await run('npm', ['run', '--silent', 'build', '-w', pkg.workspace])).code === 0;
  const built = await buildIfChanged({ packages: shell, build: quietly, log: () => {} });
  const env = { ...process.env, DOSAR_SHELL_CONTRACT: path.join(root, 'shell', 'dist', 'shell-contract.json') };
  if (built.failed.length)
    console.log(indent('the shell did not build: the remotes have no contract to check against'));
  // One at a time (each is a production build).
  for (const remote of REMOTES) {
    const { code, output, ms } = await run(
      process.execPath,
      [path.join(root, 'scripts', 'build-remote-alone.mjs'), remote],
      { env },
    );
    if (code !== 0) console.log(indent(tail(output, 40)));
    report(`${remote} alone`, code === 0 ? 1 : 0, code === 0 ? 0 : 1, ms, 'build without shell/');
  }
}

// ---------------------------------------------------------------- 5. e2e
async function e2e() {
  const resultFile = path.join(tmp, 'e2e.json');
  const env = { ...process.env, DOSAR_E2E_RESULT_FILE: resultFile };
  const { code, ms } = await run(process.execPath, [path.join(root, 'e2e', 'run.mjs')], {
    env,
    inherit: true,
    timeoutMs: 30 * MINUTE,
  });
  let counts = null;
  try {
    counts = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  } catch {
    // the harness died before reporting
  }
  if (!counts) return report('e2e', 0, 1, ms, `e2e/run.mjs exited ${code} without a report`);
  const failed = counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0);
  report('e2e', counts.passed, failed, ms, counts.skipped ? counts.reason : '', counts.skipped ?? 0);
}

// ---------------------------------------------------------------- main
const withoutDb = { ...process.env };
delete withoutDb.TEST_DATABASE_URL;

// DOSAR_TEST_ONLY=lint,jest,pg,remotes,e2e runs a subset (for working on the harness itself).
const only = process.env.DOSAR_TEST_ONLY ? new Set(process.env.DOSAR_TEST_ONLY.split(',')) : null;
const wanted = (suite) => !only || only.has(suite);

console.log('Dosar — toate testele (lint, jest, jest pe PostgreSQL, remote-uri separate, e2e)\n');
if (wanted('lint')) await lint();
// The slow lane runs after the others, alone on the cores (the load test measures a server under load).
if (wanted('jest')) {
  await jest('jest', ['--ignoreProjects', 'server-slow'], withoutDb);
  await jest('jest', ['--selectProjects', 'server-slow'], withoutDb);
}
if (!wanted('pg')) {
  // not asked for
} else if (process.env.TEST_DATABASE_URL) {
  await jest('jest-pg', ['--selectProjects', 'server'], process.env);
  await jest('jest-pg', ['--selectProjects', 'server-slow'], process.env);
} else {
  // Every server test the PGlite run ran is one not run on PostgreSQL here.
  const serverTests = results
    .filter((r) => r.name === 'jest server' || r.name === 'jest server-slow')
    .reduce((n, r) => n + r.passed + r.failed + r.skipped, 0);
  report('jest-pg', 0, 0, 0, 'TEST_DATABASE_URL not set: the server tests on PostgreSQL were not run', serverTests);
}
if (wanted('remotes')) await remotesAlone();
if (wanted('e2e')) await e2e();

fs.rmSync(tmp, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const failedSuites = results.filter((r) => r.failed).map((r) => r.name);
console.log(
  `\n${failedSuites.length ? `failed suites: ${failedSuites.join(', ')}` : 'all suites passed'} in ${seconds(Date.now() - started)}`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
