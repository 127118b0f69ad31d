import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import type { Database } from '../../db/schema.js';
import { currentMonth } from '../../lib/ro-calendar.js';
import { fold } from '../../lib/search-text.js';
import { listClients, type ClientListPage, type ClientListQuery } from './list.repository.js';
import { refreshClientSample } from '../../db/client-search.js';
import { cuiDigits } from '../../db/client-search-plan.js';

// A search that looks up a part of the term (db/client-search-plan.ts) and counts on the page query finds exactly
// what the whole term finds, in the same order, with the same total.
let t: TestApp;
let owner: string;
/** A handle on the test database that keeps the SQL it sends, with the client sample loaded. */
let planned: Kysely<Database>;
const sent: CompiledQuery[] = [];

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
  // "firmament" holds "rma", which every "Firma …" holds: looked up as "mament", which "Mament" holds too.
  'Firmament Grup SRL',
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
  'firmament grup',
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
    from generate_series(1, 3000) g`.execute(t.ctx.db);
  for (const name of SPECIAL_NAMES) {
    await sql`insert into clients (company_id, name, cui) values (1, ${name}, '31000019')`.execute(t.ctx.db);
  }
  await sql`vacuum analyze clients`.execute(t.ctx.db);
  // A statement is recorded when its result comes back: a query built into another one is transformed
  // too, but only the statement that contains it reaches the database.
  const compiled = new Map<unknown, CompiledQuery>();
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      compiled.set(args.queryId, t.ctx.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => {
      sent.push(compiled.get(args.queryId)!);
      return args.result;
    },
  };
  planned = t.ctx.db.withPlugin(recorder);
  await refreshClientSample(planned);
});
afterAll(() => t.close());

type Query = Omit<ClientListQuery, 'offset' | 'limit'>;
const base: Omit<Query, 'search'> = { companyId: 1, sort: 'name', direction: 'asc' };

/** Every page (7 clients each, then one past the end): the ids in order, and the total each page gave. */
async function allPages(run: (q: ClientListQuery) => Promise<ClientListPage>, q: Query) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += 7) {
    const page = await run({ ...q, offset, limit: 7 });
    const rows = JSON.parse(page.data) as { id: number }[];
    ids.push(...rows.map((r) => r.id));
    totals.add(page.total);
    if (rows.length === 0) break;
  }
  return { ids, totals: [...totals] };
}

/** As before this change: a transaction never has a sample, so it looks up the whole term and counts apart. */
const wholeTerm = (q: ClientListQuery) => t.ctx.db.transaction().execute((trx) => listClients(trx, q));

test('the sample was loaded and the multi-word searches look up one word', async () => {
  sent.length = 0;
  await listClients(planned, { ...base, search: fold('generica 0042 srl'), offset: 0, limit: 25 });
  expect(sent).toHaveLength(1);
  expect(sent[0].sql).toContain('strpos("c"."name_folded", $');
  expect(sent[0].sql).toContain('count(*) over ()');
  expect(sent[0].parameters).toContain('%0042%');
});

test("a word's common trigrams are left to the row check, on the name and on the CUI", async () => {
  sent.length = 0;
  await listClients(planned, { ...base, search: 'firmament', offset: 0, limit: 25 });
  expect(sent[0].parameters).toEqual(expect.arrayContaining(['%mament%', 'firmament']));
  expect(sent[0].sql).toContain('strpos("c"."name_folded", $');
  // Every CUI starts with "3000": the CUI index looks up "0042", and strpos checks all the digits.
  sent.length = 0;
  await listClients(planned, { ...base, search: 'ro 30000042', offset: 0, limit: 25 });
  expect(sent[0].parameters).toEqual(expect.arrayContaining(['%0042%', '30000042']));
  expect(sent[0].sql).toContain('strpos("c"."cui", $');
});

test.each(TERMS)('"%s" finds the same clients, in the same order, with the same total', async (search) => {
  const live = await t.ctx.db
    .selectFrom('clients')
    .select(['id', 'name', 'cui'])
    .where('company_id', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  const digits = cuiDigits(search);
  const expected = live
    .filter((c) => fold(c.name).includes(search) || (digits !== null && (c.cui ?? '').includes(digits)))
    .map((c) => c.id)
    .sort((a, b) => a - b);

  for (const q of [
    { ...base, search },
    { ...base, search, holdingId: 0 },
    { ...base, search, holdingId: 1 },
    { ...base, search, sort: 'last_upload' as const, direction: 'desc' as const },
    { ...base, search, sort: 'created_at' as const, direction: 'desc' as const },
  ]) {
    const now = await allPages((p) => listClients(planned, p), q);
    const before = await allPages(wholeTerm, q);
    expect(now.ids).toEqual(before.ids);
    expect(now.totals).toEqual([before.ids.length]);
    expect(before.totals).toEqual([before.ids.length]);
    if (q.holdingId === undefined) expect([...now.ids].sort((a, b) => a - b)).toEqual(expected);
  }
});

test('the index takes the word, the whole term is a filter on the rows it finds', async () => {
  sent.length = 0;
  await listClients(planned, { ...base, search: fold('Ștefănescu & Fiii'), offset: 0, limit: 25 });
  const plan = await t.ctx.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${sent[0].sql}`, [...sent[0].parameters]),
    );
    return result.rows.map((r) => r['QUERY PLAN']);
  });
  const indexCond = plan.filter((line) => line.includes('Index Cond')).join('\n');
  expect(indexCond).toContain("'%stefanescu%'");
  expect(indexCond).not.toContain('strpos');
  expect(plan.some((line) => line.includes('clients_name_trgm'))).toBe(true);
  expect(plan.some((line) => line.includes('Filter') && line.includes('strpos'))).toBe(true);
});

test.each(TERMS)('"%s": the month\'s grid finds the clients the list finds (one search rule)', async (search) => {
  await refreshClientSample(t.ctx.db);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/company/1/${url}`, headers: bearer(owner), payload });
  const period = currentMonth();
  const list = (await post('clients', { search, per_page: 100 })).json();
  const grid = (await post('checklist', { search, period, per_page: 100 })).json();
  expect(grid.meta.total).toBe(list.meta.total);
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  expect(names(grid.data.map((row: { client: { name: string } }) => row.client))).toEqual(names(list.data));
});

test('the API answers a multi-word search as before', async () => {
  await refreshClientSample(t.ctx.db);
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/company/1/clients', headers: bearer(owner), payload });
  const found = (await post({ search: 'ȘTEFĂNESCU & fiii' })).json();
  expect(found.meta.total).toBe(1);
  expect(found.data.map((c: { name: string }) => c.name)).toEqual(['Ștefănescu & Fiii SRL']);
  const mara = (await post({ search: 'MARA mara', per_page: 1, page: 2 })).json();
  expect(mara.meta.total).toBe(1);
  expect(mara.data).toEqual([]);
  const pages = (await post({ search: 'firma generica 012', per_page: 4, page: 3 })).json();
  expect(pages.meta.total).toBe(10);
  expect(pages.data.map((c: { name: string }) => c.name)).toEqual([
    'Firma Generică 0128 SRL',
    'Firma Generică 0129 SRL',
  ]);
});
