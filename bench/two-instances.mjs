// Two server instances behind one port, for bench/run.mjs's mixed section on PostgreSQL:
//   node bench/two-instances.mjs <node flags and entry of `npm run serve -w server`…>
// Node 20 has no reusePort, so this is a cluster primary: it forks two workers that each run the server
// entry with the same arguments and environment (PORT, HOST, DATABASE_URL…); the cluster module shares
// the listening socket and hands connections to the workers in turn. SIGTERM stops both workers, then the
// primary; a worker that dies stops the whole (a half-down pair would measure one instance).
import cluster from 'node:cluster';
import fs from 'node:fs';
import process from 'node:process';

const INSTANCES = 2;
const args = process.argv.slice(2);
const entry = args.findIndex((a) => !a.startsWith('-'));
if (entry < 0) throw new Error('usage: node bench/two-instances.mjs [node flags] <server entry>');

// Round-robin in the primary (the default on Linux, said so because the bench depends on it).
cluster.schedulingPolicy = cluster.SCHED_RR;
cluster.setupPrimary({ exec: args[entry], execArgv: args.slice(0, entry), args: args.slice(entry + 1) });

let stopping = false;
const workers = Array.from({ length: INSTANCES }, () => cluster.fork());

// The health URL answers once the first instance listens; BENCH_READY_FILE appears once both do.
let listening = 0;
cluster.on('listening', () => {
  listening++;
  if (listening === INSTANCES && process.env.BENCH_READY_FILE) fs.writeFileSync(process.env.BENCH_READY_FILE, 'ready');
});

function stop(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const w of workers) if (!w.isDead()) w.process.kill('SIGTERM');
}

cluster.on('exit', (worker, code, signal) => {
  if (!stopping) {
    console.error(`instance ${worker.process.pid} stopped (${signal ?? code}): stopping the other`);
    stop(1);
  }
  if (workers.every((w) => w.isDead())) process.exit(process.exitCode ?? 0);
});
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
