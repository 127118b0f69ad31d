import { sql } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import { fold } from '../../lib/search-text.js';

// Migration 050 (clients at scale): dosar_fold, searches among many clients, the list totals and the client
// counters, and the cap on the documents a client view lists.
let t: TestApp;
let owner: string;

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

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

describe('searches among many clients', () => {
  test('company clients: by name, by several words, by CUI digits', async () => {
    await sql`insert into clients (company_id, name, cui) values (1, 'Țesătoria Xilofon SRL', '31000027')`.execute(
      t.ctx.db,
    );
    const found = await post(owner, '/api/company/1/clients', { search: 'tesatoria xilofon' });
    expect(found.json().data.map((c: { name: string }) => c.name)).toEqual(['Țesătoria Xilofon SRL']);
    const res = await post(owner, '/api/company/1/clients', { search: 'stefanescu 00042' });
    expect(res.json().meta.total).toBe(1);
    expect(res.json().data[0].name).toBe('Societatea Ștefănescu 00042 SRL');
    const byCui = await post(owner, '/api/company/1/clients', { search: 'RO 31000027' });
    expect(byCui.json().data.map((c: { name: string }) => c.name)).toEqual(['Țesătoria Xilofon SRL']);
  });

  test('a broad search answers a page and the whole total', async () => {
    const res = await post(owner, '/api/company/1/clients', { search: 'SRL', per_page: 5 });
    expect(res.json().meta.total).toBeGreaterThan(6000);
    const names = res.json().data.map((c: { name: string }) => c.name) as string[];
    expect(names).toHaveLength(5);
    expect(names.every((name) => fold(name).includes('srl'))).toBe(true);
  });

  test('holding clients: the same rule (a CUI searched by its digits)', async () => {
    const token = await t.login('holding@demo.ro');
    const res = await post(token, '/api/holding/1/index', { search: 'ștefănescu 00042' });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Societatea Ștefănescu 00042 SRL']);
    const byCui = await post(token, '/api/holding/1/index', { search: 'RO 20000042' });
    expect(byCui.json().data.map((c: { cui: string }) => c.cui)).toEqual(['20000042']);
  });
});

describe('client counters and list totals', () => {
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
