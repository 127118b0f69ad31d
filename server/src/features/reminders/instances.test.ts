import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createClient, createCompany, expectStatus, type Client } from '../../../test/factories.js';
import { manualClock } from '../../infra/clock.js';
import type { AppContext } from '../../infra/context.js';
import { openDatabase } from '../../infra/db.js';
import { currentMonth } from '../../lib/ro-calendar.js';
import { remindersJob, romanianNow } from './job.js';
import { stepDay } from './schedule.js';

// Two server instances on one PostgreSQL run the reminder job at the same moment: each client's digest of a
// step is queued once (the claim decides), and a run after a restart sends nothing again. PGlite has one
// connection, so this needs TEST_DATABASE_URL.
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
if (!process.env.TEST_DATABASE_URL) {
  // Visible in the run's output, not only as a skipped test.
  console.warn('reminders/instances.test.ts: TEST_DATABASE_URL is not set; the two-instance test is skipped.');
}

const day = stepDay(currentMonth(), 5, 0);

function atNine(): Date {
  for (const offset of ['+02:00', '+03:00']) {
    const moment = new Date(`${day}T09:05:00${offset}`);
    if (romanianNow(moment).hour === 9) return moment;
  }
  throw new Error('no 9:05');
}

let t: TestApp;

afterAll(() => t?.close());

onPostgres(
  'two instances running the job together queue each digest once (PostgreSQL only: TEST_DATABASE_URL)',
  async () => {
    t = await createTestApp({ clock: manualClock(atNine()) });
    const firm = await createCompany(t);
    const clients: Client[] = [];
    for (let i = 0; i < 20; i++) clients.push(await createClient(t, firm, { email: `twice-${i}@client.test` }));
    expectStatus(
      await api(t).as(firm.owner).post(`/api/company/${firm.id}/reminders/update`, { enabled: true, hour: 9 }),
      200,
      'turn reminders on',
    );
    const second = await openDatabase(t.ctx.config);
    try {
      const other: AppContext = { ...t.ctx, db: second.db };
      await Promise.all([remindersJob.run(t.ctx), remindersJob.run(other), remindersJob.run(t.ctx)]);
      // A restart: the same moment, run again.
      await remindersJob.run(other);
    } finally {
      await second.close();
    }
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', 'like', 'twice-%')
      .execute();
    expect(rows.map((r) => r.to_address).sort()).toEqual(clients.map((_, i) => `twice-${i}@client.test`).sort());
    const claims = await t.ctx.db
      .selectFrom('reminder_claims')
      .select(['client_id', 'step'])
      .where('company_id', '=', firm.id)
      .execute();
    // The due date's step and the one three days before, owed still (reminders were just turned on): both
    // claimed once per client, by the one digest each client got.
    const pairs = claims.map((c) => `${c.client_id}:${c.step}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.sort()).toEqual(clients.flatMap((c) => [`${c.id}:-3`, `${c.id}:0`]).sort());
  },
  120_000,
);
