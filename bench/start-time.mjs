#!/usr/bin/env node
// Times `npm start` as a person runs it: from the command to the first answer of /api/health, then
// stops it (Ctrl+C). Its output goes to bench/out/start-<n>.log. `npm run bench` uses timeNpmStart.
//   node bench/start-time.mjs [--port 18080]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Seconds from `npm start` to the first healthy answer (null: none within 10 minutes), and its log. */
export async function timeNpmStart({ port = 18080, env = {} } = {}) {
  const out = path.join(root, 'bench', 'out');
  fs.mkdirSync(out, { recursive: true });
  const logFile = path.join(out, `start-${Date.now()}.log`);
  const log = fs.openSync(logFile, 'w');
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = started + 10 * 60_000;
  let seconds = null;
  while (!exited && Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        seconds = (Date.now() - started) / 1000;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!exited) process.kill(-child.pid, 'SIGINT');
  await new Promise((resolve) => (exited ? resolve() : child.on('exit', resolve)));
  fs.closeSync(log);
  return { seconds, logFile };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 18080;
  const { seconds, logFile } = await timeNpmStart({ port });
  console.log(
    seconds === null ? `npm start: no answer (log: ${logFile})` : `npm start: serving after ${seconds.toFixed(1)} s`,
  );
  console.log(`log: ${path.relative(root, logFile)}`);
}
