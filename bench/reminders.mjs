// bench/run.mjs's `reminders` section: one reminder step over many clients that all owe something — their
// digests composed (open items, people, months) and queued in the outbox with their claims, upload links and
// history — against a bare batch insert of the same number of outbox rows of the same size, in the same
// process and run (bench/reminders-child.mjs), and the step without its read-ahead (the A/B).
// Memory: the job works in batches of clients, so what it holds should not grow with their number. Left
// alone, V8 lets garbage pile up to its heap's size before it collects, so the peak RSS of an uncapped run
// says more about V8 than about the job. The memory runs cap the JS heap instead (MEMORY_HEAP_MB): the step
// over 2,500 and over 10,000 clients must both finish under it, with the same peak.
import crypto from 'node:crypto';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fmt, root, sh } from './lib.mjs';

const CLIENTS = 10_000;
/** The JS heap (old space) of the memory runs. */
const MEMORY_HEAP_MB = 32;

function runChild(env, clients, nodeFlags = []) {
  const out = execFileSync('npx', ['tsx', '--expose-gc', ...nodeFlags, 'bench/reminders-child.mjs', String(clients)], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 2 ** 20,
  }).toString();
  return JSON.parse(out.trim().split('\n').at(-1));
}

/**
 * A database of `kind` for one child: its env and how to drop it (PostgreSQL: a fresh database of its own;
 * PGlite: a directory of its own). Null when PostgreSQL is not reachable.
 */
function database(kind, { work, pgAdmin, label }) {
  const env = { DATA_DIR: path.join(work, `reminders-${kind}-${label}`) };
  if (kind !== 'PostgreSQL') return { env, drop: () => {} };
  const name = `dosar_bench_${crypto.randomBytes(4).toString('hex')}`;
  try {
    sh('psql', [pgAdmin, '-qc', `create database ${name}`]);
  } catch {
    return null;
  }
  const url = new URL(pgAdmin);
  url.pathname = `/${name}`;
  return {
    env: { ...env, DATABASE_URL: url.toString() },
    drop: () => sh('psql', [pgAdmin, '-qc', `drop database if exists ${name} with (force)`]),
  };
}

function runIn(kind, options, clients, nodeFlags) {
  const db = database(kind, options);
  if (!db) return null;
  try {
    return runChild(db.env, clients, nodeFlags);
  } finally {
    db.drop();
  }
}

/** `ctx`: { quick, work, pgAdmin, record, notes }. */
export async function sectionReminders({ quick, work, pgAdmin, record, notes }) {
  const kinds = quick ? ['PostgreSQL'] : ['PGlite', 'PostgreSQL'];
  for (const kind of kinds) {
    const r = runIn(kind, { work, pgAdmin, label: 'speed' }, CLIENTS);
    if (!r) {
      notes.push(`PostgreSQL not reachable at ${pgAdmin}: the reminders figures on it are missing`);
      continue;
    }
    const rate = r.messages / r.stepSeconds;
    const bare = r.messages / r.bareSeconds;
    const without = r.messages / r.withoutReadAheadSeconds;
    const rounds = `median of ${r.rounds} rounds in a process that already ran one (the first: ${r.firstSeconds.toFixed(1)} s)`;
    record(
      'Reminders',
      `a reminder step over ${fmt.n(r.clients)} clients with open items: ${fmt.n(r.digests)} digests, ${fmt.n(r.messages)} messages composed and queued (claims, upload links, history, outbox), ${kind}`,
      `${fmt.n(rate)} messages/s (${r.stepSeconds.toFixed(2)} s, ${rounds})`,
      `bare batch insert of ${fmt.n(r.messages)} outbox rows of ${fmt.kb(r.htmlBytes)} HTML: ${fmt.n(bare)} rows/s (${r.bareSeconds.toFixed(2)} s, median, in turn with the step)`,
      fmt.pct(rate / bare),
      '≥ 30 %',
    );
    record(
      'Reminders',
      `the same step without its read-ahead (runReminders' readAhead: the next batch is read while one is queued), ${kind}`,
      `${fmt.n(without)} messages/s (${r.withoutReadAheadSeconds.toFixed(2)} s, median, in turn with the step)`,
      `with it: ${fmt.n(rate)} messages/s`,
      `${rate >= without ? '+' : ''}${fmt.pct(rate / without - 1)} with it`,
      'kept if ≥ 15 % more throughput with it',
    );
    if (quick) continue;
    const cap = [`--max-old-space-size=${MEMORY_HEAP_MB}`];
    const small = runIn(kind, { work, pgAdmin, label: 'memory-small' }, CLIENTS / 4, cap);
    const large = runIn(kind, { work, pgAdmin, label: 'memory-large' }, CLIENTS, cap);
    const growth = (run) => run.stepPeak - run.baseRss;
    record(
      'Reminders',
      `peak RSS growth during a first step over ${fmt.n(large.clients)} clients, JS heap capped at ${MEMORY_HEAP_MB} MB${kind === 'PGlite' ? ' (the database runs in the same process)' : ''}, ${kind}`,
      `+${fmt.mb(growth(large))} (JS heap kept after it, after a GC: ${fmt.mb(large.heapAfter - large.baseHeap)})`,
      `over ${fmt.n(small.clients)} clients: +${fmt.mb(growth(small))}`,
      `${(growth(large) / Math.max(1, growth(small))).toFixed(2)}× for 4× the clients`,
      'flat (batches of 500 clients)',
    );
  }
}
