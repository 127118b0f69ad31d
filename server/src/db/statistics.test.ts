import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { refreshStatistics, staleTables } from './statistics.js';

// A table that changed past autovacuum's threshold since its last ANALYZE is analyzed, and then no longer
// counts as stale; a table barely touched is left alone.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await sql`analyze`.execute(t.ctx.db);
});
afterAll(() => t.close());

/** Whether `check` comes true within `ms`, asked every 200 ms. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    if (await check()) return true;
  }
  return check();
}

test('a table grown past the threshold is analyzed, one barely touched is not', async () => {
  expect(await staleTables(t.ctx.db)).toEqual([]);
  await sql`insert into audit_events (action, subject) select 'test', 'row ' || g from generate_series(1, 200) g`.execute(
    t.ctx.db,
  );
  await sql`insert into audit_events (action, subject) values ('test', 'one more')`.execute(t.ctx.db);
  await sql`update plans set name = name where id = (select min(id) from plans)`.execute(t.ctx.db);
  // A session hands its counts over at most once a second: wait for them.
  expect(await within(5_000, async () => (await staleTables(t.ctx.db)).length > 0)).toBe(true);
  expect(await staleTables(t.ctx.db)).toEqual(['audit_events']);
  const before = await sql<{ n: number }>`
    select coalesce(max(analyze_count + autoanalyze_count), 0)::int as n from pg_stat_user_tables
    where relname = 'audit_events'`.execute(t.ctx.db);
  expect(await refreshStatistics(t.ctx.db)).toEqual(['audit_events']);
  const after = await sql<{ n: number }>`
    select coalesce(max(analyze_count + autoanalyze_count), 0)::int as n from pg_stat_user_tables
    where relname = 'audit_events'`.execute(t.ctx.db);
  expect(after.rows[0].n).toBe(before.rows[0].n + 1);
  expect(await staleTables(t.ctx.db)).toEqual([]);
});
