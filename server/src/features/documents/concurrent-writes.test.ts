import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  uploadDocument,
  type Client,
  type Company,
} from '../../../test/factories.js';
import { file } from '../../../test/multipart.js';

// Uploads and deletes of one client's documents at the same time: each changes the client's counters
// (the media trigger updates its row). Several connections at once: PostgreSQL only (PGlite has one
// session, so its writes never overlap).
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;

let t: TestApp;
let firm: Company;
let client: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  client = await createClient(t, firm);
});
afterAll(() => t.close());

const prefix = () => `/api/company/${firm.id}/clients/${client.id}`;

onPostgres('parallel uploads and deletes of one client all succeed, and its counters match its documents', async () => {
  const owner = api(t).as(firm.owner);
  for (let round = 0; round < 3; round++) {
    const existing = await Promise.all(Array.from({ length: 6 }, () => uploadDocument(t, firm.owner, client)));
    const answers = await Promise.all([
      ...existing.map((d) => owner.post(`${prefix()}/media/${d.id}/delete`, {})),
      ...existing.map((_, i) =>
        owner.upload(`${prefix()}/storeFiles`, [
          file('files[]', `paralel-${round}-${i}.pdf`, Buffer.from('%PDF-1.4\n')),
        ]),
      ),
    ]);
    // A deadlock between two of them would answer 500 to one (PostgreSQL aborts it after deadlock_timeout).
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(6).fill(200), ...Array(6).fill(201)]);
  }
  const { rows } = await sql<{ counted: number; live: number; bytes: string; ledger: string }>`
    select c.documents_count as counted,
      (select count(*)::int from media m where m.client_id = c.id and m.deleted_at is null) as live,
      (select coalesce(sum(size), 0) from media m where m.company_id = c.company_id and m.deleted_at is null) as bytes,
      (select coalesce(sum(bytes), 0) from storage_ledger l where l.company_id = c.company_id) as ledger
    from clients c where c.id = ${client.id}`.execute(t.ctx.db);
  expect(rows[0].counted).toBe(18);
  expect(rows[0].live).toBe(18);
  expect(Number(rows[0].ledger)).toBe(Number(rows[0].bytes));
});
