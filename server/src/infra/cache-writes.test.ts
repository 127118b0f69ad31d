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
