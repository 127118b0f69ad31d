import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

const serverDir = path.resolve(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the real server (TypeScript source through tsx) as its own process on 127.0.0.1. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    if (Date.now() > until) throw new Error(`server did not start: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** A fresh PostgreSQL database, or null when no server is reachable. */
/**
 * Whether something listens at each URL's host and port, known before the tests are declared, so a suite
 * that needs a service the machine lacks declares its tests skipped (counted as skipped, never as passed).
 */
export function listening(...urls: string[]): boolean {
  const targets = urls.map((url) => {
    const { hostname, port, protocol } = new URL(url);
    const fallback = protocol.startsWith('redis') ? 6379 : 5432;
    return { host: hostname || '127.0.0.1', port: Number(port) || fallback };
  });
  const probe = `
    const net = require('node:net');
    const targets = ${JSON.stringify(targets)};
    Promise.all(targets.map((t) => new Promise((resolve) => {
      const socket = net.connect(t);
      socket.setTimeout(1000, () => { socket.destroy(); resolve(false); });
      socket.on('connect', () => { socket.end(); resolve(true); });
      socket.on('error', () => resolve(false));
    }))).then((up) => process.exit(up.every(Boolean) ? 0 : 1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5_000 }).status === 0;
}

export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `dosar_proc_${crypto.randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: ADMIN_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function login(
  base: string,
  email: string,
  password = 'Demo1234!',
): Promise<{ status: number; token?: string; user?: { company_id: number } }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; user?: { company_id: number } };
  return { status: res.status, ...body };
}

/** A multipart body with one file, as chunks so a test can pause half-way. */
export function multipart(
  fields: Record<string, string>,
  fileName: string,
  content: Buffer,
): { type: string; head: Buffer; tail: Buffer } {
  const boundary = `----dosar${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.concat([head, content]),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}
