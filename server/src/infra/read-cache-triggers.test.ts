import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { CACHED_TABLES } from './read-cache.js';

// The change notices the read cache drops by: which tables send them, and what each names.
let t: TestApp;
let notices: string[];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const cache = t.ctx.readCache;
  const notice = cache.notice.bind(cache);
  cache.notice = (payload: string) => {
    notices.push(payload);
    notice(payload);
  };
});
afterAll(() => t.close());
beforeEach(() => {
  notices = [];
});

it('the tables the cached answers read are exactly the tables with a change trigger', async () => {
  const { rows } = await sql<{ table: string }>`
    select distinct c.relname as table
    from pg_trigger g join pg_class c on c.oid = g.tgrelid
    where not g.tgisinternal and g.tgname like '%\\_cache'`.execute(t.ctx.db);
  expect(rows.map((r) => r.table).sort()).toEqual([...CACHED_TABLES].sort());
});

it("recording a token's last use sends nothing; revoking it ends sessions and leaves every answer", async () => {
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
  notices = [];
  await t.ctx.db.updateTable('access_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
  expect(notices).toEqual([]);
  await t.ctx.db
    .updateTable('access_tokens')
    .set({ token_hash: 'b'.repeat(64) })
    .where('id', '=', id)
    .execute();
  expect(notices).toEqual(['sessions']);
  await t.ctx.db.deleteFrom('access_tokens').where('id', '=', id).execute();
  expect(notices).toEqual(['sessions', 'sessions']);
});

it('a company, its staff and its holdings name that company only; a holding names each company it works with', async () => {
  const company = async (name: string) =>
    (await t.ctx.db.insertInto('companies').values({ name, cui: null }).returning('id').executeTakeFirstOrThrow()).id;
  const [a, b, other] = [await company('Firma A'), await company('Firma B'), await company('Firma C')];
  const { id: holding } = await t.ctx.db
    .insertInto('holdings')
    .values({ name: 'Grup Comun' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('company_holding')
    .values([
      { company_id: a, holding_id: holding },
      { company_id: b, holding_id: holding },
    ])
    .execute();

  notices = [];
  await t.ctx.db.updateTable('companies').set({ name: 'Firma A2' }).where('id', '=', a).execute();
  expect(notices.sort()).toEqual([String(a), 'sessions']);

  notices = [];
  await t.ctx.db.updateTable('holdings').set({ name: 'Grup Comun 2' }).where('id', '=', holding).execute();
  expect(notices.sort()).toEqual([String(a), String(b), 'sessions'].sort());

  notices = [];
  await t.ctx.db
    .insertInto('users')
    .values({
      name: 'Contabil',
      email: `staff-${Date.now()}@dosar.test`,
      password_hash: null,
      role: 3,
      company_id: other,
    })
    .execute();
  expect(notices.sort()).toEqual([String(other), 'sessions']);

  notices = [];
  await t.ctx.db
    .insertInto('users')
    .values({
      name: 'Patron',
      email: `holding-${Date.now()}@dosar.test`,
      password_hash: null,
      role: 4,
      holding_id: holding,
    })
    .execute();
  expect(notices.sort()).toEqual([String(a), String(b), 'sessions'].sort());
});
