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

/** The plan of a lookup by primary key in `table`, as JSON. */
async function lookupPlan(table: string): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`
    explain (format json) select label from ${sql.table(table)} where id = 42`.execute(t.ctx.db);
  return JSON.stringify(rows[0]['QUERY PLAN']);
}

test.each([
  ['a bulk load (vacuumAnalyzeFilled)', 'bulk', vacuumAnalyzeFilled],
  ["the embedded database's start (analyzeFilled)", 'start', analyzeFilled],
] as const)(
  'after %s, a table with rows is analyzed; an empty one is left and keeps its index',
  async (_, name, refresh) => {
    const [filled, empty] = [`${name}_filled`, `${name}_empty`];
    for (const table of [filled, empty])
      await sql`create table ${sql.table(table)} (id integer primary key, label text)`.execute(t.ctx.db);
    await sql`insert into ${sql.table(filled)} select g, 'row ' || g from generate_series(1, 500) g`.execute(t.ctx.db);
    const refreshed = await refresh(t.ctx.db);
    expect(refreshed).toContain(filled);
    expect(refreshed).not.toContain(empty);
    const tuples = await sql<{ relname: string; reltuples: number }>`
    select relname, reltuples from pg_class where relname in (${filled}, ${empty}) order by relname`.execute(t.ctx.db);
    expect(tuples.rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
      [empty, -1],
      [filled, 500],
    ]);
    expect(await lookupPlan(empty)).toContain(`${empty}_pkey`);
    // Filled later (a new firm's checklist items), it is still looked up by its index.
    await sql`insert into ${sql.table(empty)} select g, 'row ' || g from generate_series(1, 2000) g`.execute(t.ctx.db);
    expect(await lookupPlan(empty)).toContain(`${empty}_pkey`);
  },
);

test('analyzed empty (what a whole-database ANALYZE did), a table is planned empty: a sequential scan', async () => {
  await sql`create table analyzed_empty (id integer primary key, label text)`.execute(t.ctx.db);
  await sql`vacuum analyze analyzed_empty`.execute(t.ctx.db);
  expect(await lookupPlan('analyzed_empty')).toContain('Seq Scan');
});
