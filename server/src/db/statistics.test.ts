import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { analyzeFilled, refreshStatistics, staleTables, vacuumAnalyzeFilled } from './statistics.js';

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

test('after a bulk load, a table with rows is analyzed; an empty one is left, and a lookup there keeps its index', async () => {
  await sql`create table bulk_filled (id integer primary key, label text)`.execute(t.ctx.db);
  await sql`create table bulk_empty (id integer primary key, label text)`.execute(t.ctx.db);
  await sql`insert into bulk_filled select g, 'row ' || g from generate_series(1, 500) g`.execute(t.ctx.db);
  const vacuumed = await vacuumAnalyzeFilled(t.ctx.db);
  expect(vacuumed).toContain('bulk_filled');
  expect(vacuumed).not.toContain('bulk_empty');
  const tuples = await sql<{ relname: string; reltuples: number }>`
    select relname, reltuples from pg_class where relname in ('bulk_filled', 'bulk_empty') order by relname`.execute(
    t.ctx.db,
  );
  expect(tuples.rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
    ['bulk_empty', -1],
    ['bulk_filled', 500],
  ]);
  const plan = async () =>
    JSON.stringify(
      (
        await sql<{ 'QUERY PLAN': unknown }>`explain (format json) select label from bulk_empty where id = 42`.execute(
          t.ctx.db,
        )
      ).rows[0]['QUERY PLAN'],
    );
  expect(await plan()).toContain('bulk_empty_pkey');
  // What a whole-database VACUUM ANALYZE did to it: planned empty, read by a sequential scan.
  await sql`vacuum analyze bulk_empty`.execute(t.ctx.db);
  expect(await plan()).toContain('Seq Scan');
});

test("the embedded database's start analyzes the tables with rows and leaves an empty one unanalyzed", async () => {
  await sql`create table start_filled (id integer primary key, label text)`.execute(t.ctx.db);
  await sql`create table start_empty (id integer primary key, label text)`.execute(t.ctx.db);
  await sql`insert into start_filled select g, 'row ' || g from generate_series(1, 300) g`.execute(t.ctx.db);
  const analyzed = await analyzeFilled(t.ctx.db);
  expect(analyzed).toContain('start_filled');
  expect(analyzed).not.toContain('start_empty');
  const tuples = await sql<{ relname: string; reltuples: number }>`
    select relname, reltuples from pg_class where relname in ('start_filled', 'start_empty') order by relname`.execute(
    t.ctx.db,
  );
  expect(tuples.rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
    ['start_empty', -1],
    ['start_filled', 300],
  ]);
  // Filled later (a new firm's checklist items), the table is still looked up by its index.
  await sql`insert into start_empty select g, 'row ' || g from generate_series(1, 2000) g`.execute(t.ctx.db);
  const plan = await sql<{ 'QUERY PLAN': unknown }>`
    explain (format json) select label from start_empty where id = 42`.execute(t.ctx.db);
  expect(JSON.stringify(plan.rows[0]['QUERY PLAN'])).toContain('start_empty_pkey');
});
