import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from '../db/pglite-dialect.js';
import { yieldingQueries } from './pglite-turns.js';

// The embedded database runs on the server's thread: a burst of queries (50 zips starting at once) must
// still leave the event loop turns, or no other request (a health check) is answered until it ends.
let pglite: PGlite;
let db: Kysely<Record<string, never>>;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec('create table t (id serial primary key, v text)');
  await pglite.exec("insert into t (v) select 'x' || g from generate_series(1, 3000) g");
  db = new Kysely({ dialect: new PGliteDialect(yieldingQueries(pglite)) });
}, 60_000);
afterAll(async () => {
  await pglite?.close();
});

/** Runs `burst` while a timer counts the event loop's turns and the longest time between two. */
async function turnsDuring(burst: () => Promise<unknown>): Promise<{ ms: number; ticks: number; longest: number }> {
  let ticks = 0;
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    ticks += 1;
  }, 1);
  const started = performance.now();
  last = started;
  await burst();
  const ms = performance.now() - started;
  clearInterval(timer);
  return { ms, ticks, longest: Math.max(longest, performance.now() - last) };
}

test('150 requests of queries and a transaction each: the event loop keeps getting turns, and every result is right', async () => {
  const seen: number[] = [];
  const { ms, ticks, longest } = await turnsDuring(() =>
    Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        for (let k = 0; k < 3; k++) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from t where v like ${`%${i}%`}`.execute(
            db,
          );
          seen.push(rows[0].n);
        }
        await db.transaction().execute(async (trx) => {
          await sql`insert into t (v) values (${`burst ${i}`})`.execute(trx);
        });
      }),
    ),
  );
  expect(seen).toHaveLength(450);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from t where v like 'burst %'`.execute(db);
  expect(rows[0].n).toBe(150);
  // Without turns the timer never fires until the burst is over (0 ticks, one gap as long as the burst).
  expect(ticks).toBeGreaterThanOrEqual(5);
  expect(longest).toBeLessThan(Math.max(ms / 3, 1));
});

test('a failing query or a rolled-back transaction does not stop the ones after it', async () => {
  await expect(sql`select nope`.execute(db)).rejects.toThrow();
  await expect(
    db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('rolled back')`.execute(trx);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from t where v = 'rolled back'`.execute(db);
  expect(rows[0].n).toBe(0);
});
