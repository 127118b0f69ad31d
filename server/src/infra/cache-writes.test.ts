import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { CACHED_TABLES } from './cache-writes.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

it('the tables whose writes drop the cache are exactly the tables with a change trigger', async () => {
  const { rows } = await sql<{ table: string }>`
    select distinct c.relname as table
    from pg_trigger g join pg_class c on c.oid = g.tgrelid
    where not g.tgisinternal and g.tgname like '%\\_cache'`.execute(t.ctx.db);
  expect(rows.map((r) => r.table).sort()).toEqual([...CACHED_TABLES].sort());
});

it("recording a token's last use leaves the cache alone; revoking it drops the cache", async () => {
  const cache = t.ctx.readCache;
  if (!cache) throw new Error('the tests run with the read cache on');
  const { id: userId } = await t.ctx.db
    .insertInto('users')
    .values({ name: 'Cache', email: `cache-${Date.now()}@dosar.test`, password_hash: null, role: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await t.ctx.db
    .insertInto('access_tokens')
    .values({ user_id: userId, token_hash: 'a'.repeat(64) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const before = cache.writes;
  await t.ctx.db.updateTable('access_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
  expect(cache.writes).toBe(before);
  await t.ctx.db
    .updateTable('access_tokens')
    .set({ token_hash: 'b'.repeat(64) })
    .where('id', '=', id)
    .execute();
  expect(cache.writes).toBe(before + 1);
  await t.ctx.db.deleteFrom('access_tokens').where('id', '=', id).execute();
  expect(cache.writes).toBe(before + 2);
});
