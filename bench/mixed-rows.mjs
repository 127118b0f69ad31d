// The mixed section's rows of bench/results.md, from the figures bench/run.mjs's mixedFigures answers for
// one database kind: the saturating throughput against the one-select ceiling and against the baseline
// build, the open loop (what a user waits) and each speed-only piece on and off.
import { fmt } from './lib.mjs';
import { OPERATIONS, throughput } from './mixed.mjs';

/** "client list 1,234 (p99 12 ms)" for each operation, and the failures it got, by status or kind. */
function operationSummary(r) {
  const parts = OPERATIONS.map((op) => {
    const o = r.operations[op.name];
    return `${op.name} ${fmt.n(o.count)} (p99 ${fmt.ms(o.p99)})`;
  });
  const failures = OPERATIONS.flatMap((op) =>
    Object.entries(r.operations[op.name].failed).map(([outcome, n]) => `${op.name}: ${n} × ${outcome}`),
  );
  return { parts: parts.join('; '), failures };
}

/** How `value` differs from `reference`, signed: "+12 %", "−30 %". */
const change = (value, reference) => `${value >= reference ? '+' : '−'}${fmt.pct(Math.abs(value / reference - 1))}`;

/** What a user waits: the open loop's p99, its slowest request, its errors and each operation's share. */
function openLoopRows(o, at, seconds, out) {
  const ops = operationSummary(o);
  out.rows.push(
    [
      `open loop at half the saturating rate: Poisson arrivals at ${fmt.n(o.offered)} req/s for ${seconds} s, each request timed from its scheduled start, p99, ${at}`,
      `${fmt.ms(o.p99)} (${fmt.n(o.total)} requests, ${fmt.n(o.answered)} req/s answered)`,
      '—',
      '—',
      '≤ 50 ms',
    ],
    [`open loop: slowest request, ${at}`, `${fmt.ms(o.max)} (${o.slowest ?? 'none'})`, '—', '—', '≤ 500 ms'],
    [
      `open loop: errors (non-2xx, connection errors, timeouts after 10 s), ${at}`,
      `${fmt.n(o.errors)} of ${fmt.n(o.total)} (${o.failures.status} non-2xx, ${o.failures.connection} connection, ${o.failures.timeout} timeouts)`,
      '—',
      '—',
      '0',
    ],
    [`open loop: requests per operation, ${at}`, ops.parts, '—', '—', '—'],
  );
  if (ops.failures.length) out.notes.push(`mixed open loop ${at}: ${ops.failures.join(', ')}`);
  // Its own lag is inside the latencies (each is timed from its schedule): said so when it is not small.
  if (o.generatorLate > 5)
    out.notes.push(`mixed open loop ${at}: the generator sent a request up to ${fmt.ms(o.generatorLate)} late`);
}

/** A speed-only piece on (the working tree as shipped) against off (its switch in the environment). */
function pieceRows(off, on, at, out) {
  const switchOff = Object.entries(off.piece.off).map(([k, v]) => `${k}=${v}`);
  const name = `${off.piece.piece} (${switchOff.join(' ')} switches it off)`;
  const target = '≥ 15 % more throughput (+15 %) or ≥ 25 % lower p99 (−25 %) with it on';
  const onRps = throughput(on.windows);
  const offRps = throughput(off.windows);
  out.rows.push(
    [
      `${name}: saturating throughput with it on, the same windows, ${at}`,
      `${fmt.n(onRps)} req/s`,
      `off: ${fmt.n(offRps)} req/s`,
      change(onRps, offRps),
      target,
    ],
    [
      `${name}: open-loop p99 with it on, at the same ${fmt.n(on.open.offered)} req/s, ${at}`,
      `${fmt.ms(on.open.p99)} (slowest ${fmt.ms(on.open.max)})`,
      `off: ${fmt.ms(off.open.p99)} (slowest ${fmt.ms(off.open.max)}, ${fmt.n(off.open.errors)} errors)`,
      change(on.open.p99, off.open.p99),
      target,
    ],
  );
}

/**
 * The rows ([figure, value, reference, ratio, target]) and notes of one database kind. `r.builds` holds the
 * working tree, the baseline, then each piece switched off; `how` the section's settings (companies, window
 * and warm-up seconds, rounds, open-loop seconds, baseline commit).
 */
export function mixedRows(kind, r, how) {
  const out = { rows: [], notes: [] };
  const at = `${kind}, ${kind === 'PostgreSQL' ? 'two instances behind one port' : 'one server'}`;
  const [current, baseline, ...offs] = r.builds;
  const rps = throughput(current.windows);
  const requests = current.windows.reduce((n, w) => n + w.total, 0);
  const ceiling = r.ceilings.reduce((best, c) => (c.rps > best.rps ? c : best));
  const windows = `${how.rounds} windows of ${how.window} s per server, taken in turn with the other servers' after an uncounted ${how.warmup} s warm-up`;
  out.rows.push([
    `saturating throughput, ${how.companies} firms + holdings (${r.accounts} accounts), 90 % reads / 10 % writes, closed loop over 50 connections, ${windows}, ${at}`,
    `${fmt.n(rps)} req/s (${fmt.n(requests)} requests)`,
    `ceiling, bare Fastify + one indexed select per request on the same database (best of ${r.ceilings.map((c) => fmt.n(c.rps)).join(' / ')}): ${fmt.n(ceiling.rps)} req/s`,
    fmt.pct(rps / ceiling.rps),
    // The API section's target for a call that reads the database.
    '≥ 25 %',
  ]);
  const baseRps = throughput(baseline.windows);
  out.rows.push([
    `saturating throughput, this working tree against the baseline build ${how.baseline} (started with READ_CACHE=off), the same windows, ${at}`,
    `${fmt.n(rps)} req/s`,
    `baseline ${how.baseline}: ${fmt.n(baseRps)} req/s`,
    fmt.pct(rps / baseRps),
    '≥ 75 %',
  ]);
  openLoopRows(current.open, at, how.openLoop, out);
  for (const off of offs) pieceRows(off, current, at, out);
  out.rows.push([`seed:tenants ${how.companies} firms, ${kind}`, fmt.s(r.seedMs), '—', '—', '—']);
  for (const b of r.builds) {
    const errors = b.windows.reduce((n, w) => n + w.errors, 0);
    if (errors === 0) continue;
    const failures = b.windows.flatMap((w) => operationSummary(w).failures);
    out.notes.push(
      `mixed ${at}, ${b.name}, saturation windows: ${errors} errors (${failures.join(', ') || 'connection'})`,
    );
  }
  return out;
}
