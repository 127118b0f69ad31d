// bench/run.mjs's `reminders` section: one reminder step over many clients that all owe something — their
// digests composed (open items, people, months) and queued in the outbox with their claims and upload links —
// against a bare batch insert of the same number of outbox rows of the same size, in the same process and
// run (bench/reminders-child.mjs). Memory: the child's peak RSS during the step, and its growth over the RSS
// before it (the job works in batches of clients, so it should not grow with their number).
import crypto from 'node:crypto';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fmt, root, sh } from './lib.mjs';

function runChild(env, clients) {
  const out = execFileSync('npx', ['tsx', '--expose-gc', 'bench/reminders-child.mjs', String(clients)], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 2 ** 20,
  }).toString();
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** `ctx`: { quick, work, pgAdmin, record, notes }. */
export async function sectionReminders({ quick, work, pgAdmin, record, notes }) {
  const clients = 10_000;
  const kinds = quick ? ['PostgreSQL'] : ['PGlite', 'PostgreSQL'];
  for (const kind of kinds) {
    let env = { DATA_DIR: path.join(work, `reminders-${kind}`) };
    let drop = () => {};
    if (kind === 'PostgreSQL') {
      const name = `dosar_bench_${crypto.randomBytes(4).toString('hex')}`;
      try {
        sh('psql', [pgAdmin, '-qc', `create database ${name}`]);
      } catch {
        notes.push(`PostgreSQL not reachable at ${pgAdmin}: the reminders figures on it are missing`);
        continue;
      }
      const url = new URL(pgAdmin);
      url.pathname = `/${name}`;
      env = { ...env, DATABASE_URL: url.toString() };
      drop = () => sh('psql', [pgAdmin, '-qc', `drop database ${name} with (force)`]);
    }
    let r;
    try {
      r = runChild(env, clients);
    } finally {
      drop();
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
    record(
      'Reminders',
      `peak RSS of the process during its first step, ${kind}${kind === 'PGlite' ? ' (the database runs in the same process)' : ''}`,
      fmt.mb(r.stepPeak),
      `RSS before the step: ${fmt.mb(r.baseRss)}; JS heap kept after it (after a GC): ${fmt.mb(r.heapAfter - r.baseHeap)}`,
      `+${fmt.mb(r.stepPeak - r.baseRss)}`,
      'flat (batches of 500 clients)',
    );
  }
}
