import pg from 'pg';
import { sql } from 'kysely';
import { createTestApp } from '../../test/helpers.js';
import { SESSION_OPTIONS, PLANNED_EACH_TIME, preparedStatements } from './prepared-statements.js';

// PostgreSQL only: PGlite has no named statements.
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;

onPostgres('a statement with values is prepared once per connection; a marked one is planned each time', async () => {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, options: SESSION_OPTIONS });
  preparedStatements(pool);
  // As Kysely asks: a connection from the pool, then promise-style queries on it.
  const client = await pool.connect();
  try {
    const prepared = async () =>
      (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (r) => r.statement,
      );
    const plain = 'select $1::int + 1 as n';
    const marked = `${PLANNED_EACH_TIME} select $1::int + 2 as n`;
    for (let i = 0; i < 3; i++) {
      expect((await client.query(plain, [i])).rows[0].n).toBe(i + 1);
      expect((await client.query(marked, [i])).rows[0].n).toBe(i + 2);
    }
    // Every call of a prepared statement ran its generic plan; the marked one is not kept.
    const { rows: plans } = await client.query(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
      [plain],
    );
    expect(plans).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    const statements = await prepared();
    expect(statements.filter((s) => s === plain)).toHaveLength(1);
    expect(statements.some((s) => s.includes(PLANNED_EACH_TIME))).toBe(false);
  } finally {
    client.release();
    await pool.end();
  }
});

onPostgres('pool.query (which passes a callback) still answers', async () => {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
  preparedStatements(pool);
  try {
    expect((await pool.query('select $1::int * 2 as n', [21])).rows[0].n).toBe(42);
    expect((await pool.query('select 7 as n')).rows[0].n).toBe(7);
  } finally {
    await pool.end();
  }
});

test('the server’s database keeps generic plans (PGlite, and PostgreSQL when the tests run on it)', async () => {
  const t = await createTestApp({ seed: false });
  try {
    const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(t.ctx.db);
    expect(rows[0].plan_cache_mode).toBe('force_generic_plan');
  } finally {
    await t.close();
  }
});

onPostgres(
  'the server’s PostgreSQL sessions never compile a statement with JIT (the database’s default is on)',
  async () => {
    const t = await createTestApp({ seed: false });
    try {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(t.ctx.db);
      expect(rows[0].jit).toBe('off');
      // A statement far above jit_above_cost, as a grid filtered by status and searched is on many clients.
      const { rows: plan } = await sql<{ 'QUERY PLAN': unknown }>`
      explain (analyze, format json) select sum(g) from generate_series(1, 300000) g
      join generate_series(1, 300000) h on g = h`.execute(t.ctx.db);
      expect(JSON.stringify(plan[0]['QUERY PLAN'])).not.toContain('"JIT"');
    } finally {
      await t.close();
    }
  },
);
