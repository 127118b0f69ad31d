// Builds the product once and starts the built server (README: `npm start` = build + serve)
// on a free port with its own fresh data directory; stops it at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifacts = path.join(root, 'e2e', 'artifacts');

const APPS = ['shell', 'admin-app', 'company-app', 'client-app'];
const OUTPUTS = [
  'server/dist/index.js',
  'shell/dist/index.html',
  'shell/dist/incarcare.html',
  'admin-app/dist/dosar-build.json',
  'company-app/dist/dosar-build.json',
  'client-app/dist/dosar-build.json',
];
const INPUTS = [
  'package.json',
  'package-lock.json',
  'build-preset',
  'tsconfig.base.json',
  'server/src',
  'server/package.json',
  'server/tsconfig.json',
  'server/tsconfig.build.json',
  'shared/src',
  'shared/package.json',
  ...APPS.flatMap((app) => [
    `${app}/src`,
    `${app}/public`,
    `${app}/package.json`,
    `${app}/webpack.config.js`,
    `${app}/tsconfig.json`,
  ]),
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when every build output exists and is newer than every source it is built from. */
export function buildIsFresh() {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  const newestInput = Math.max(...INPUTS.map((input) => newestMtime(path.join(root, input))));
  return newestInput < oldestOutput;
}

/** `npm run build` (the README's build), output kept in e2e/artifacts/build.log. */
export function build() {
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, 'build.log');
  const log = fs.openSync(logFile, 'w');
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', log, log] });
    child.on('close', (code) => {
      fs.closeSync(log);
      resolve({ ok: code === 0, logFile, log: fs.readFileSync(logFile, 'utf8') });
    });
    child.on('error', (error) => resolve({ ok: false, logFile, log: error.message }));
  });
}

/**
 * Copies the built front ends (shell/dist and each remote's dist) to a fresh folder the
 * servers serve from (STATIC_ROOT), so a rebuild in the working tree while the tests run
 * cannot swap files under them. Answers {dir, remove()}.
 */
export function snapshotBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-e2e-static-'));
  for (const app of APPS) {
    fs.cpSync(path.join(root, app, 'dist'), path.join(dir, app, 'dist'), {
      recursive: true,
      filter: (source) => !source.endsWith('.map'),
    });
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node server/dist/index.js` with PORT=<free port> and DATA_DIR=<fresh tmp dir>
 * (embedded PGlite, demo world seeded, mail written to DATA_DIR/mail).
 * Resolves when /remotes.json answers; `extraEnv` adds variables (e.g. REMOTE_COMPANY_URL), each a value
 * or a function of {port}.
 */
export async function startServer(label, extraEnv = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dosar-e2e-${label}-`));
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  // The product's defaults: embedded database, mail to files, local storage, memory rate limits.
  for (const key of Object.keys(env)) {
    if (
      /^(DATABASE_URL|TEST_DATABASE_URL|SMTP_URL|REDIS_URL|S3_|REMOTE_|STATIC_ROOT|PUBLIC_URL|NODE_ENV|SEED_DEMO)/.test(
        key,
      )
    ) {
      delete env[key];
    }
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    // As behind a reverse proxy: setup calls (lib/api.mjs anotherOffice) come from offices of their own.
    TRUST_PROXY: '1',
    // A rejection e-mail waits a second instead of five minutes (its merge window), so a journey reads it.
    REJECTION_MAIL_DELAY_SECONDS: '1',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL || 'info',
    ...Object.fromEntries(
      Object.entries(extraEnv).map(([key, value]) => [key, typeof value === 'function' ? value({ port }) : value]),
    ),
  });
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, `server-${label}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'server', 'dist', 'index.js')], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const deadline = Date.now() + Number(process.env.E2E_BOOT_TIMEOUT_MS || 120_000);
  let ready = false;
  while (!ready && !exited && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/remotes.json`, { signal: AbortSignal.timeout(2000) });
      ready = response.ok;
    } catch {
      // not listening yet
    }
    if (!ready) await sleep(250);
  }
  let stopped = false;
  const server = {
    label,
    url,
    port,
    dataDir,
    logFile,
    get running() {
      return !exited;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!exited) {
        child.kill('SIGTERM');
        const until = Date.now() + 10_000;
        while (!exited && Date.now() < until) await sleep(100);
        if (!exited) child.kill('SIGKILL');
      }
      fs.closeSync(log);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (!ready) {
    await server.stop();
    const why = exited ? `exited with ${exited.code ?? exited.signal}` : 'did not answer /remotes.json in time';
    throw new Error(
      `server "${label}" ${why}; log:\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`,
    );
  }
  return server;
}
