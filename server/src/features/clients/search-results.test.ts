import { sql } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import { cuiDigits } from '../../db/client-search.js';
import { currentMonth } from '../../lib/ro-calendar.js';
import { fold } from '../../lib/search-text.js';
import { listClients, type ClientListQuery } from './list.repository.js';

// A client search finds the clients whose folded name holds the folded term, or whose CUI holds its digits:
// the term's own wildcards, diacritics, case and several words included, on every filter and sort.
let t: TestApp;
let owner: string;

const SPECIAL_NAMES = [
  'Ștefănescu & Fiii SRL',
  'Țesătoria Română 50% SRL',
  'Țesătoria Română 50 SRL',
  'Alfa_Beta Generică SRL',
  'AlfaXBeta Generică SRL',
  'Back\\slash Generică SRL',
  'Backslash Generică SRL',
  'Mara Mara Impex',
  'Mara Impex Mara',
  'Mara Impex',
  'Generică Generică 0042 SRL',
  'Firmament Holding SRL',
  'Mament Trading SRL',
];

const TERMS = [
  'ȘTEFĂNESCU & fiii',
  'stefanescu srl',
  'țesătoria romana 50%',
  'romana 50% srl',
  'romana 50 srl',
  'alfa_beta generica',
  'a_b generica',
  'back\\slash generica',
  'backslash generica',
  'mara mara',
  'mara mara impex',
  'impex mara',
  'generica generica',
  'generica 0042 srl',
  '0042 0042',
  'firma generica 012',
  'generica 01',
  '% srl',
  '_ srl',
  'srl srl',
  'ro 30000042',
  'ro 3000004',
  'țesătoria',
  'firmament',
  'mament',
  'inexistent nimic',
].map(fold);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@demo.ro');
  await sql`
    insert into clients (company_id, holding_id, name, cui, last_upload_at)
    select 1, case when g % 3 = 0 then 1 else null end, 'Firma Generică ' || lpad(g::text, 4, '0') || ' SRL',
           (30000000 + g)::text, case when g % 5 = 0 then now() - g * interval '1 minute' end
    from generate_series(1, 300) g`.execute(t.ctx.db);
  for (const name of SPECIAL_NAMES) {
    await sql`insert into clients (company_id, name, cui) values (1, ${name}, '31000019')`.execute(t.ctx.db);
  }
});
afterAll(() => t.close());

type Query = Omit<ClientListQuery, 'offset' | 'limit'>;
const base: Omit<Query, 'search'> = { companyId: 1, sort: 'name', direction: 'asc' };

/** Every page (50 clients each, then one past the end): the ids, and the totals the pages gave. */
async function allPages(q: Query) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += 50) {
    const page = await listClients(t.ctx.db, { ...q, offset, limit: 50 });
    ids.push(...page.rows.map((r) => r.id));
    totals.add(page.total);
    if (page.rows.length === 0) break;
  }
  return { ids, totals: [...totals] };
}

test.each(TERMS)('"%s" finds the clients whose name or CUI holds it, on every filter and sort', async (search) => {
  const live = await t.ctx.db
    .selectFrom('clients')
    .select(['id', 'name', 'cui', 'holding_id'])
    .where('company_id', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  const digits = cuiDigits(search);
  const found = live.filter(
    (c) => fold(c.name).includes(search) || (digits !== null && (c.cui ?? '').includes(digits)),
  );
  const ids = (clients: typeof found) => clients.map((c) => c.id).sort((a, b) => a - b);

  for (const [q, expected] of [
    [{ ...base, search }, found],
    [{ ...base, search, holdingId: 0 }, found.filter((c) => c.holding_id !== 1)],
    [{ ...base, search, holdingId: 1 }, found.filter((c) => c.holding_id === 1)],
    [{ ...base, search, sort: 'last_upload', direction: 'desc' }, found],
    [{ ...base, search, sort: 'created_at', direction: 'desc' }, found],
  ] as [Query, typeof found][]) {
    const pages = await allPages(q);
    expect([...pages.ids].sort((a, b) => a - b)).toEqual(ids(expected));
    expect(pages.totals).toEqual([expected.length]);
  }
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/company/1/${url}`, headers: bearer(owner), payload });

test.each(TERMS)('"%s": the month\'s grid finds the clients the list finds (one search rule)', async (search) => {
  const period = currentMonth();
  const list = (await post('clients', { search, per_page: 100 })).json();
  const grid = (await post('checklist', { search, period, per_page: 100 })).json();
  expect(grid.meta.total).toBe(list.meta.total);
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  expect(names(grid.data.map((row: { client: { name: string } }) => row.client))).toEqual(names(list.data));
});

test('the API answers a multi-word search, its total and its pages', async () => {
  const found = (await post('clients', { search: 'ȘTEFĂNESCU & fiii' })).json();
  expect(found.meta.total).toBe(1);
  expect(found.data.map((c: { name: string }) => c.name)).toEqual(['Ștefănescu & Fiii SRL']);
  const mara = (await post('clients', { search: 'MARA mara', per_page: 1, page: 2 })).json();
  expect(mara.meta.total).toBe(1);
  expect(mara.data).toEqual([]);
  const pages = (await post('clients', { search: 'firma generica 012', per_page: 4, page: 3 })).json();
  expect(pages.meta.total).toBe(10);
  expect(pages.data.map((c: { name: string }) => c.name)).toEqual([
    'Firma Generică 0128 SRL',
    'Firma Generică 0129 SRL',
  ]);
});
