// One reminder step over many clients, in a process of its own (run by bench/reminders.mjs through tsx, so
// it imports the server's sources): seeds a firm with N clients that all owe something, runs the reminder
// job once on a due date (digests composed and queued in the outbox; its memory), then in rounds: the step
// with its read-ahead, without it (the A/B) and the same number of outbox rows inserted in bare batches (the
// reference), and prints the figures as one JSON line. Its own peak RSS is sampled every 25 ms.
//   DATA_DIR=… [DATABASE_URL=…] npx tsx bench/reminders-child.mjs <clients>
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/infra/db.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { localDiskStorage } from '../server/src/infra/storage.js';
import { memoryRateLimiter } from '../server/src/infra/rate-limit.js';
import { manualClock } from '../server/src/infra/clock.js';
import { enqueueMany } from '../server/src/infra/outbox.js';
import { seedDemoWorld } from '../server/src/seed.js';
import { seedScale } from '../server/src/cli/seed-scale.js';
import { addMonths, currentMonth } from '../server/src/lib/ro-calendar.js';
import { runReminders } from '../server/src/features/reminders/job.js';
import { stepDay } from '../server/src/features/reminders/schedule.js';

const clients = Number(process.argv[2] ?? 10_000);
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 25);

const config = loadConfig({ ...process.env, NODE_ENV: 'production' });
const database = await openDatabase(config);
await migrateToLatest(database.db);
const noMail = { async send() {}, async close() {} };
const storage = localDiskStorage(`${config.dataDir}/files`);
await seedDemoWorld({ db: database.db, storage });
const company = await database.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
await seedScale(database.db, company.id, clients, 0);
// A firm that works closes its months: everything older than three months is closed, so each client owes
// its last months (6 items each, some marked not applicable).
const month = currentMonth();
const old = Array.from({ length: 10 }, (_, i) => addMonths(month, -(i + 3)));
await sql`
  insert into client_periods (company_id, client_id, period, closed_at)
  select c.company_id, c.id, p.period, now() from clients c cross join unnest(cast(${`{${old.join(',')}}`} as text[])) p(period)
  where c.company_id = ${company.id}
  on conflict (client_id, period) do update set closed_at = excluded.closed_at`.execute(database.db);
await sql`insert into reminder_settings (company_id, enabled, steps, hour) values (${company.id}, true, '{0}', 0)
  on conflict (company_id) do update set enabled = true, steps = '{0}', hour = 0`.execute(database.db);
await sql`update companies set due_day = 5 where id = ${company.id}`.execute(database.db);
await sql`update clients set due_day = null, reminders_paused = false where company_id = ${company.id}`.execute(
  database.db,
);
await sql`analyze`.execute(database.db);

// The due date of this month, at noon in Romania: every client's step 0.
const day = stepDay(month, 5, 0);
const clock = manualClock(`${day}T10:00:00Z`);
const ctx = {
  config,
  db: database.db,
  dbKind: database.kind,
  mailer: noMail,
  mailTransport: noMail,
  limiter: memoryRateLimiter(),
  storage,
  clock,
};
// What the seeding left behind is collected first (run with --expose-gc), so the step's growth is its own.
globalThis.gc?.();
const baseRss = process.memoryUsage().rss;
const baseHeap = process.memoryUsage().heapUsed;
peak = baseRss;
// The first step, in a process that never ran one: its memory, and what it queued.
let started = performance.now();
const sent = await runReminders(ctx);
const firstSeconds = (performance.now() - started) / 1000;
const stepPeak = peak;
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
const sample = await database.db
  .selectFrom('mail_outbox')
  .select(['to_address', 'subject', 'html', 'text'])
  .orderBy('id', 'desc')
  .limit(1)
  .executeTakeFirst();
const message = {
  to: 'x@scalare.ro',
  subject: sample?.subject ?? '',
  html: sample?.html ?? '',
  text: sample?.text ?? '',
};

/** Takes back what a step (or the reference) wrote, so the next one claims, links, records and queues the same. */
async function takeBack() {
  await sql`delete from reminder_claims where company_id = ${company.id}`.execute(database.db);
  await sql`delete from upload_links where company_id = ${company.id}`.execute(database.db);
  await sql`delete from activity_events where company_id = ${company.id} and action = 'reminder.send'`.execute(
    database.db,
  );
  await sql`delete from mail_outbox`.execute(database.db);
}

async function stepSeconds(options) {
  await takeBack();
  const begun = performance.now();
  const again = await runReminders(ctx, options);
  if (again.messages !== sent.messages) throw new Error(`a step queued ${again.messages}, not ${sent.messages}`);
  return (performance.now() - begun) / 1000;
}

/** The reference: the same number of outbox rows, the same size, inserted in bare batches. */
async function bareSeconds() {
  await takeBack();
  const begun = performance.now();
  for (let i = 0; i < sent.messages; i += 5000) {
    await enqueueMany(
      database.db,
      Array.from({ length: Math.min(5000, sent.messages - i) }, () => message),
    );
  }
  return (performance.now() - begun) / 1000;
}

// Then, as a server that has run before meets it: rounds of the step with its read-ahead, without it (the
// A/B of runReminders' readAhead) and the reference, in turn; each figure is the median of its rounds.
const ROUNDS = 3;
const times = { withReadAhead: [], withoutReadAhead: [], bare: [] };
for (let round = 0; round < ROUNDS; round++) {
  times.withReadAhead.push(await stepSeconds({ readAhead: true }));
  times.withoutReadAhead.push(await stepSeconds({ readAhead: false }));
  times.bare.push(await bareSeconds());
}
const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
clearInterval(sampler);
await database.close();
console.log(
  JSON.stringify({
    kind: database.kind,
    clients,
    digests: sent.clients,
    messages: sent.messages,
    rounds: ROUNDS,
    firstSeconds,
    stepSeconds: median(times.withReadAhead),
    withoutReadAheadSeconds: median(times.withoutReadAhead),
    bareSeconds: median(times.bare),
    baseRss,
    stepPeak,
    baseHeap,
    heapAfter,
    htmlBytes: message.html.length,
  }),
);
