import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createClient, createCompany, expectStatus, type Client, type Company } from '../../../test/factories.js';
import { file } from '../../../test/multipart.js';
import { tinyPdf } from '../../seed.js';

// A client's document count and last upload (the list's columns and sort) are kept by triggers on media:
// per statement for inserts and hard deletes, per row for soft deletes, restores and moves (migration
// 140). Whatever happens to the documents, each client's figures must equal those of its live documents.
let t: TestApp;
let company: Company;
let first: Client;
let second: Client;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  first = await createClient(t, company);
  second = await createClient(t, company);
});
afterAll(() => t.close());

interface Stats {
  documents_count: number;
  last_upload_at: string | null;
}

/** What the clients' rows say, and what their live documents say. */
async function statsOf(): Promise<{ kept: Stats[]; counted: Stats[] }> {
  const { rows: kept } = await sql<Stats>`
    select documents_count, last_upload_at::text from clients where id in (${first.id}, ${second.id}) order by id`.execute(
    t.ctx.db,
  );
  const { rows: counted } = await sql<Stats>`
    select count(m.id)::int as documents_count, max(m.created_at)::text as last_upload_at
    from clients c left join media m on m.client_id = c.id and m.deleted_at is null
    where c.id in (${first.id}, ${second.id}) group by c.id order by c.id`.execute(t.ctx.db);
  return { kept, counted };
}

async function expectKept(counts: [number, number]): Promise<void> {
  const { kept, counted } = await statsOf();
  expect(kept).toEqual(counted);
  expect(kept.map((s) => s.documents_count)).toEqual(counts);
}

/** Inserts documents in one statement: [client, minutes ago, deleted] each. */
async function insertMedia(rows: [Client, number, boolean][]): Promise<number[]> {
  const inserted = await t.ctx.db
    .insertInto('media')
    .values(
      rows.map(([client, minutesAgo, deleted], i) => ({
        company_id: company.id,
        client_id: client.id,
        period: '2026-01',
        original_name: `doc-${i}.pdf`,
        mime: 'application/pdf',
        size: 100,
        sha256: '0'.repeat(64),
        storage_key: `stats/${client.id}/${Date.now()}-${i}`,
        created_at: sql<Date>`now() - ${minutesAgo} * interval '1 minute'`,
        deleted_at: deleted ? sql<Date>`now()` : null,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

test('an upload of three files counts three and takes the newest as the last upload', async () => {
  const parts = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => file('files[]', name, tinyPdf(name), 'application/pdf'));
  const url = `/api/company/${company.id}/clients/${first.id}/storeFiles`;
  expectStatus(await api(t).as(company.owner).upload(url, parts), 201, 'upload');
  await expectKept([3, 0]);
});

test('bulk inserts, soft deletes, restores, moves and hard deletes of several rows at once', async () => {
  // One statement for both clients, with an already deleted row that must not count.
  const [older, newest, , other] = await insertMedia([
    [first, 90, false],
    [first, -5, false],
    [first, -10, true],
    [second, 30, false],
  ]);
  await expectKept([5, 1]);

  await sql`update media set deleted_at = now() where id = ${newest}`.execute(t.ctx.db);
  await expectKept([4, 1]);
  await sql`update media set deleted_at = null where id = ${newest}`.execute(t.ctx.db);
  await expectKept([5, 1]);

  await sql`update media set client_id = ${second.id} where id = ${newest}`.execute(t.ctx.db);
  await expectKept([4, 2]);

  // A hard delete of several rows of both clients in one statement (no request does one; a delete run by
  // hand does), one of them soft-deleted already: the newest is gone from the second, so its last upload
  // falls back.
  await sql`update media set deleted_at = now() where id = ${older}`.execute(t.ctx.db);
  await expectKept([3, 2]);
  await sql`delete from media where id in (${older}, ${newest}, ${other})`.execute(t.ctx.db);
  await expectKept([3, 0]);
  expect((await statsOf()).kept[1].last_upload_at).toBeNull();
});
