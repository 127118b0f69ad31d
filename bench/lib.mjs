// Shared helpers for bench/run.mjs: processes, HTTP load, memory sampling.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/** Starts `node <script>` with env (in `cwd`, this checkout by default); resolves once `readyUrl` answers. */
export async function startNode(args, env, readyUrl, cwd = root) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await Promise.race([waitFor(readyUrl), exited.then((code) => Promise.reject(new Error(`exited ${code}`)))]);
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

/** Samples RSS every 25 ms until stop() is called; answers the peak. */
export function sampleMemory(pid) {
  let peak = rss(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      // process gone
    }
  }, 25);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** One autocannon run; answers requests/s, p99 latency, failures and total. */
function cannon({ url, method, headers, body, duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, method, headers, body, duration, connections, pipelining: 1 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        total: result.requests.total,
      });
    });
  });
}

/**
 * Loads `url` for `duration` seconds after `warmup` seconds of the same load that are not counted:
 * a figure measures the steady state (compiled code, warm database pages), for the reference and
 * every call alike.
 */
export async function load({ url, method = 'GET', headers = {}, body, duration = 10, connections = 50, warmup = 2 }) {
  if (warmup > 0) await cannon({ url, method, headers, body, duration: warmup, connections });
  return cannon({ url, method, headers, body, duration, connections });
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export function sh(cmd, args, options = {}) {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options }).toString();
}

export const fmt = {
  n: (x) => Math.round(x).toLocaleString('en-US'),
  ms: (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`,
  mb: (x) => `${(x / 2 ** 20).toFixed(1)} MB`,
  gib: (x) => (x >= 2 ** 30 ? `${(x / 2 ** 30).toFixed(2)} GiB` : `${(x / 2 ** 20).toFixed(1)} MB`),
  kb: (x) => `${(x / 1024).toFixed(1)} KB`,
  pct: (x) => `${(x * 100).toFixed(0)} %`,
  s: (x) => `${(x / 1000).toFixed(2)} s`,
};
