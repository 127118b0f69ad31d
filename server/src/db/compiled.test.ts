import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { compiledOnce } from './compiled.js';

// A query built once per shape must answer every later call with that call's values, exactly as the
// same query built for them would, and must refuse a value the builder turned into text.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('each call binds its own values; the query is built once per shape', async () => {
  let builds = 0;
  const clients = compiledOnce((db, p: { companyId: number; name: string | null }, shape: 'all' | 'named') => {
    builds += 1;
    const query = db.selectFrom('clients').select(['id', 'name']).where('company_id', '=', p.companyId);
    return (shape === 'named' ? query.where('name', '=', p.name) : query).orderBy('id');
  });
  const direct = (companyId: number, name?: string) =>
    t.ctx.db
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .$if(name !== undefined, (q) => q.where('name', '=', name as string))
      .orderBy('id')
      .execute();
  const [first] = await direct(1);
  expect(first).toBeDefined();
  for (const companyId of [1, 2, 999]) {
    expect(await clients(t.ctx.db, { companyId, name: null }, 'all')).toEqual(await direct(companyId));
  }
  expect(await clients(t.ctx.db, { companyId: 1, name: first.name }, 'named')).toEqual(await direct(1, first.name));
  expect(await clients(t.ctx.db, { companyId: 2, name: first.name }, 'named')).toEqual(await direct(2, first.name));
  expect(builds).toBe(2);
});

test('a value the builder writes into the text is refused, not fixed at its first call', async () => {
  const written = compiledOnce((db, p: { ids: number[] }) =>
    db
      .selectFrom('clients')
      .select('id')
      .where(sql<boolean>`id = any(cast(${`{${String(p.ids)}}`} as int[]))`),
  );
  await expect(written(t.ctx.db, { ids: [1] })).rejects.toThrow('„ids”');
});

test('a value passed through inside a transaction is its own', async () => {
  const one = compiledOnce((db, p: { id: number }) => db.selectFrom('clients').select('id').where('id', '=', p.id));
  const rows = await t.ctx.db
    .transaction()
    .execute(async (trx) => [await one(trx, { id: 1 }), await one(trx, { id: 2 })]);
  expect(rows.map((r) => r.map((x) => x.id))).toEqual([[1], [2]]);
});
