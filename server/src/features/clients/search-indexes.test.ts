import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import type { Database } from '../../db/schema.js';
import { fold } from '../../lib/search-text.js';
import { listClients } from './list.repository.js';
import { listHoldingClients } from './monthly.repository.js';

// Migration 050 (clients at scale): dosar_fold, the trigram indexes the searches use, the client counters
// behind the list totals, and the cap on the documents a client view lists.
let t: TestApp;
let owner: string;

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/**
 * Runs `run` on a handle that records every query, then answers each query's plan. Sequential scans
 * are off while planning: on a test-sized table a scan is cheaper than any index, and the point here is
 * that the query's expression is the indexed one.
 */
async function plansOf(run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  const db = t.ctx.db;
  const queries = await sent(run);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plans: string[] = [];
    for (const q of queries) {
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
      );
      plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}

/**
 * The statements `run` sends, in order. Each is recorded when its result comes back: a query built into
 * another one is transformed too, but only the statement that contains it reaches the database.
 */
async function sent(run: (db: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const db = t.ctx.db;
  const compiled = new Map<unknown, CompiledQuery>();
  const queries: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      compiled.set(args.queryId, db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => {
      queries.push(compiled.get(args.queryId)!);
      return args.result;
    },
  };
  await run(db.withPlugin(recorder));
  return queries;
}

/** The SQL of every statement `run` sends. */
async function sqlOf(run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  return (await sent(run)).map((q) => q.sql);
}

/** A client of company 1 inserted directly (the plan's client limit is not what these tests are about). */
async function insertClient(name: string, holdingId: number | null = null): Promise<number> {
  const row = await sql<{ id: number }>`
    insert into clients (company_id, holding_id, name, cui) values (1, ${holdingId}, ${name}, '31000019') returning id`.execute(
    t.ctx.db,
  );
  return row.rows[0].id;
}

async function countersMatch(): Promise<void> {
  const actual = await sql<{ company_id: number; holding_id: number; n: number }>`
    select company_id, coalesce(holding_id, 0) as holding_id, count(*)::int as n
    from clients where deleted_at is null group by 1, 2 order by 1, 2`.execute(t.ctx.db);
  const kept = await sql<{ company_id: number; holding_id: number; n: number }>`
    select company_id, holding_id, live as n from client_counts where live <> 0 order by 1, 2`.execute(t.ctx.db);
  expect(kept.rows).toEqual(actual.rows);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@demo.ro');
  await sql`
    insert into clients (company_id, holding_id, name, cui, email)
    select 1, case when g % 3 = 0 then 1 else null end, 'Societatea Ștefănescu ' || lpad(g::text, 5, '0') || ' SRL',
           (20000000 + g)::text, null
    from generate_series(1, 6000) g`.execute(t.ctx.db);
  await sql`analyze clients`.execute(t.ctx.db);
});
afterAll(() => t.close());

describe('dosar_fold', () => {
  test('folds exactly as fold() does', async () => {
    const samples = [
      'ăâîșşțţĂÂÎȘŞȚŢ',
      'Școala Țării Românești',
      'ÎNTREPRINDEREA Şi Ţesătoria',
      'Café Noël 123 %_\\',
      '',
      'ABC-Def.SRL',
    ];
    for (const value of samples) {
      const row = await sql<{ folded: string }>`select dosar_fold(${value}) as folded`.execute(t.ctx.db);
      expect(row.rows[0].folded).toBe(fold(value));
    }
  });
});

describe('searches use the trigram indexes', () => {
  const base = { companyId: 1, offset: 0, limit: 25, sort: 'name' as const, direction: 'asc' as const };

  test('company clients: name through clients_name_trgm, CUI digits also through clients_cui_trgm', async () => {
    await sql`insert into clients (company_id, name, cui) values (1, 'Țesătoria Xilofon SRL', '31000027')`.execute(
      t.ctx.db,
    );
    // Rows inserted after the index was built wait in GIN's pending list until a vacuum (autovacuum on
    // PostgreSQL) merges them; the planner prices scanning that list, so merge it as a live database would.
    await sql`vacuum analyze clients`.execute(t.ctx.db);
    const byName = await plansOf((db) => listClients(db, { ...base, search: fold('ȚESĂTORIA XILOFON') }));
    // One statement: the page's ids and the count (a subquery of its own) both look the name up in the index.
    expect(byName[0].match(/clients_name_trgm/g)).toHaveLength(2);
    const byCui = await plansOf((db) => listClients(db, { ...base, search: '31000027' }));
    expect(byCui[0]).toContain('clients_name_trgm');
    expect(byCui[0]).toContain('clients_cui_trgm');
    const found = await post(owner, '/api/company/1/clients', { search: 'tesatoria xilofon' });
    expect(found.json().data.map((c: { name: string }) => c.name)).toEqual(['Țesătoria Xilofon SRL']);
    const res = await post(owner, '/api/company/1/clients', { search: 'stefanescu 00042' });
    expect(res.json().meta.total).toBe(1);
    expect(res.json().data[0].name).toBe('Societatea Ștefănescu 00042 SRL');
  });

  test('a broad search walks the name index in order instead of sorting every match', async () => {
    const plans = await plansOf((db) => listClients(db, { ...base, search: fold('srl') }));
    // The page's ids: the limit reads the name index in order (only the page's own rows are sorted, by
    // the aggregate that writes them).
    const ids = plans[0].slice(plans[0].indexOf('Limit')).split(/SubPlan|InitPlan/)[0];
    expect(ids).toMatch(/Index (Only )?Scan using clients_company_(live_)?name/);
    expect(ids).not.toContain('Sort');
    const res = await post(owner, '/api/company/1/clients', { search: 'SRL', per_page: 5 });
    expect(res.json().meta.total).toBeGreaterThan(6000);
    expect(res.json().data).toHaveLength(5);
  });

  test('holding clients: the same rule and indexed expressions (a CUI searched by its digits)', async () => {
    const search = (term: string) =>
      sqlOf((db) =>
        listHoldingClients(db, 1, {
          page: 1,
          perPage: 25,
          direction: 'asc',
          sort: 'name',
          since: null,
          periods: [],
          search: term,
        }),
      );
    const byName = await search('ștefănescu 0042');
    expect(byName[0]).toContain('"c"."name_folded" like $');
    expect(byName[0]).not.toContain('"c"."cui" like');
    const byCui = await search('RO 31000027');
    expect(byCui[0]).toContain('"c"."name_folded" like $');
    expect(byCui[0]).toContain('"c"."cui" like $');
  });
});

describe('client counters (list totals without a search)', () => {
  test('follow bulk inserts, moves, soft deletes, restores and hard deletes', async () => {
    await countersMatch();
    const total = async (body: object = {}) => (await post(owner, '/api/company/1/clients', body)).json().meta.total;
    const all = await total();
    const inHolding = await total({ holding_id: 1 });
    const outside = await total({ holding_id: 0 });
    expect(inHolding + outside).toBe(all);

    const id = await insertClient('Contor Nou SRL');
    expect(await total()).toBe(all + 1);
    await countersMatch();

    await sql`update clients set holding_id = 1 where id = ${id}`.execute(t.ctx.db);
    expect(await total({ holding_id: 1 })).toBe(inHolding + 1);
    expect(await total({ holding_id: 0 })).toBe(outside);
    await sql`update clients set deleted_at = now() where id = ${id}`.execute(t.ctx.db);
    expect(await total()).toBe(all);
    await sql`update clients set deleted_at = now(), name = 'x' where id = ${id}`.execute(t.ctx.db);
    expect(await total()).toBe(all);
    await sql`update clients set deleted_at = null where id = ${id}`.execute(t.ctx.db);
    expect(await total({ holding_id: 1 })).toBe(inHolding + 1);
    await sql`update clients set documents_count = documents_count where company_id = 1`.execute(t.ctx.db);
    await countersMatch();

    // An unlinked holding's clients count as outside any holding, as the list shows them.
    await sql`delete from company_holding where company_id = 1 and holding_id = 1`.execute(t.ctx.db);
    expect(await total({ holding_id: 1 })).toBe(0);
    expect(await total({ holding_id: 0 })).toBe(all + 1);
    await sql`insert into company_holding (company_id, holding_id) values (1, 1)`.execute(t.ctx.db);

    await sql`delete from clients where id = ${id}`.execute(t.ctx.db);
    expect(await total()).toBe(all);
    await countersMatch();
  });

  test('the holding list total matches its clients', async () => {
    const token = await t.login('holding@demo.ro');
    const res = await post(token, '/api/holding/1/index', {});
    const live = await sql<{ n: number }>`
      select count(*)::int as n from clients c join company_holding ch on ch.company_id = c.company_id and ch.holding_id = 1
      where c.holding_id = 1 and c.deleted_at is null`.execute(t.ctx.db);
    expect(res.json().meta.total).toBe(live.rows[0].n);
    const companies = await post(owner, '/api/company/1/holdings', {});
    expect(companies.json().data.find((h: { id: number }) => h.id === 1).clients_count).toBe(live.rows[0].n);
  });
});

describe('client view', () => {
  test('lists at most 1000 documents and says when more matched; a filter narrows them', async () => {
    const id = await insertClient('Arhiva Mare SRL');
    await sql`
      insert into media (company_id, client_id, period, original_name, mime, size, sha256, storage_key)
      select 1, ${id}, case when g <= 1000 then '2026-01' else '2026-02' end, 'doc-' || g || '.pdf', 'application/pdf', 10,
             repeat('0', 64), 'test/arhiva/' || g
      from generate_series(1, 1005) g`.execute(t.ctx.db);
    const view = (await post(owner, `/api/company/1/clients/${id}`)).json();
    expect(view.documents).toHaveLength(1000);
    expect(view.documents_truncated).toBe(true);
    expect(view.documents[0].period).toBe('2026-02');
    expect(view.data.documents_count).toBe(1005);
    const month = (await post(owner, `/api/company/1/clients/${id}`, { period: '2026-02' })).json();
    expect(month.documents).toHaveLength(5);
    expect(month.documents_truncated).toBe(false);
  });
});

test('the trigram indexes keep no pending list (migration 061): searches never re-read unmerged entries', async () => {
  const rows = await sql<{ relname: string; reloptions: string[] | null }>`
    select relname, reloptions from pg_class where relname in ('clients_name_trgm', 'clients_cui_trgm') order by relname`.execute(
    t.ctx.db,
  );
  expect(rows.rows.map((r) => r.relname)).toEqual(['clients_cui_trgm', 'clients_name_trgm']);
  for (const row of rows.rows) expect(row.reloptions).toContain('fastupdate=off');
});
