/**
 * Real server processes for the fault and load suites: the built server
 * (server/dist, built once when missing or older than the sources) started
 * with its own PORT on 127.0.0.1 and a fresh DATA_DIR, talked to over HTTP.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export const SERVER_DIR = path.resolve(__dirname, '..', '..');
const ROOT = path.resolve(SERVER_DIR, '..');
const ENTRY = path.join(SERVER_DIR, 'dist', 'index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds server/dist once (several test files may ask at the same time: a lock directory serialises them). */
export function ensureBuilt(): void {
  const lock = path.join(os.tmpdir(), 'dosar-server-build.lock');
  const fresh = () => fs.existsSync(ENTRY) && fs.statSync(ENTRY).mtimeMs >= newestMtime(path.join(SERVER_DIR, 'src'));
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (fresh()) return;
    try {
      fs.mkdirSync(lock);
    } catch {
      // another worker builds; a lock older than 3 minutes is stale
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 3 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for the server build');
      execFileSync('sleep', ['1']);
      continue;
    }
    try {
      if (!fresh()) {
        const started = Date.now();
        try {
          execFileSync(
            process.execPath,
            [
              path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
              '-p',
              path.join(SERVER_DIR, 'tsconfig.build.json'),
            ],
            { cwd: SERVER_DIR, stdio: 'pipe' },
          );
        } catch (error) {
          // tsc still emits on type errors (lint reports those); only a build that wrote nothing is fatal
          if (!fs.existsSync(ENTRY) || fs.statSync(ENTRY).mtimeMs < started - 1000) throw error;
        }
        // tsc keeps a file's mtime when its output is unchanged: mark the build as done now
        const now = new Date();
        fs.utimesSync(ENTRY, now, now);
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
    return;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** What the process wrote (for failure messages). */
  output(): string;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), and wait for the exit. */
  stop(): Promise<void>;
  exited(): boolean;
}

export interface StartOptions {
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  /** How long to wait for /api/health (PGlite's first start migrates and seeds). */
  timeoutMs?: number;
}

export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  ensureBuilt();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-fault-'));
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    STATIC_ROOT: dataDir, // no front-end builds needed
    ...options.env,
  };
  const child = spawn(process.execPath, [ENTRY], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited) throw new Error(`server exited during start:\n${output.slice(-3000)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => output,
    exited: () => exited,
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      if (!exited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL; null when that isn't set. */
export async function freshPostgres(): Promise<{
  url: string;
  name: string;
  admin: string;
  drop(): Promise<void>;
} | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `dosar_fault_${crypto.randomBytes(5).toString('hex')}`;
  const c = new Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      const d = new Client({ connectionString: admin });
      await d.connect();
      await d.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------- HTTP

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
  text(): string;
}

export async function http(url: string, init: RequestInit & { token?: string } = {}): Promise<HttpAnswer> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string' && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  let res: Response;
  let body: Buffer;
  try {
    res = await fetch(url, { ...init, headers });
    body = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    // no answer at all (connection refused or reset): status 0, the cause as the body
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const text = `network error: ${cause?.code ?? ''} ${cause?.message ?? (error as Error).message}`;
    return { status: 0, headers: new Headers(), body: Buffer.from(text), json: () => ({}) as never, text: () => text };
  }
  return {
    status: res.status,
    headers: res.headers,
    body,
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
    text: () => body.toString('utf8'),
  };
}

export async function login(
  base: string,
  email: string,
  password = 'Demo1234!',
): Promise<{ token: string; user: { id: number; company_id: number | null; holding_id: number | null } }> {
  const res = await http(`${base}/api/login`, { method: 'POST', body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text()}`);
  return res.json();
}

/** Files under DATA_DIR/files, as storage keys. */
export function storedKeys(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}
