import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUtilityFile,
  expectStatus,
  uploadDocument,
  type Company,
  type Holding,
  type Client,
} from '../../../test/factories.js';
import { foldStorageLedger } from './usage-repository.js';

// The storage a plan counts (GET subscription: usage.storage_bytes) comes from storage_ledger, kept by
// triggers. Whatever happens to documents and clients, it must equal the sum over the live documents
// themselves (a company's own; a holding's, those of its clients), before and after the ledger is folded.
let t: TestApp;
let company: Company;
let first: Holding & { client: Client };
let second: Holding & { client: Client };
let loose: Client;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  first = await createHolding(t, company);
  second = await createHolding(t, company);
  loose = await createClient(t, company);
});
afterAll(() => t.close());

/** The bytes the plan page shows, through each tenant's own door. */
async function shown(): Promise<{ company: number; first: number; second: number }> {
  const usage = async (url: string, token: string) =>
    Number(expectStatus(await api(t).as(token).get(url), 200, url).json.usage.storage_bytes);
  return {
    company: await usage(`/api/company/${company.id}/subscription`, company.owner.token),
    first: await usage(`/api/holding/${first.id}/subscription`, first.admin?.token as string),
    second: await usage(`/api/holding/${second.id}/subscription`, second.admin?.token as string),
  };
}

/** The same figures summed over the live documents. */
async function summed(): Promise<{ company: number; first: number; second: number }> {
  const ofHolding = async (holdingId: number) => {
    const { rows } = await sql<{ n: string }>`
      select coalesce(sum(m.size), 0) as n from media m join clients c on c.id = m.client_id
      where c.holding_id = ${holdingId} and m.deleted_at is null`.execute(t.ctx.db);
    return Number(rows[0].n);
  };
  const { rows } = await sql<{ n: string }>`
    select coalesce(sum(size), 0) as n from media where company_id = ${company.id} and deleted_at is null`.execute(
    t.ctx.db,
  );
  return { company: Number(rows[0].n), first: await ofHolding(first.id), second: await ofHolding(second.id) };
}

const bytes = (n: number) => Buffer.from('%PDF-1.4\n'.padEnd(n, 'x'));
const clientUrl = (client: Pick<Client, 'id'>, path: string) =>
  `/api/company/${company.id}/clients/${client.id}${path}`;

test('uploads, deletes, restores, a utility file and clients changing holdings: the counted bytes follow', async () => {
  await uploadDocument(t, company.owner, first.client, { body: bytes(1000) });
  const gone = await uploadDocument(t, first.admin!, first.client, { body: bytes(2000) });
  await uploadDocument(t, company.owner, loose, { body: bytes(4000) });
  await createUtilityFile(t, company);
  expect(await shown()).toEqual(await summed());
  expect((await shown()).first).toBe(3000);

  const owner = api(t).as(company.owner);
  expectStatus(await owner.post(clientUrl(first.client, `/media/${gone.id}/delete`), {}), 200, 'delete');
  expect((await shown()).first).toBe(1000);
  expectStatus(await owner.post(clientUrl(first.client, `/media/${gone.id}/restore`), {}), 200, 'restore');
  expect((await shown()).first).toBe(3000);

  // The loose client joins the first holding, then the first holding's client moves to the second.
  expectStatus(await owner.post(clientUrl(loose, '/update'), { holding_id: first.id }), 200, 'join');
  expect((await shown()).first).toBe(7000);
  expectStatus(await owner.post(clientUrl(first.client, '/update'), { holding_id: second.id }), 200, 'move');
  expect(await shown()).toEqual(await summed());
  expect(await shown()).toMatchObject({ first: 4000, second: 3000 });
});

test('folding leaves one row per company and holding and the same figures, however many fold at once', async () => {
  const before = await shown();
  await uploadDocument(t, company.owner, loose, { body: bytes(500) });
  await Promise.all([foldStorageLedger(t.ctx.db), foldStorageLedger(t.ctx.db), foldStorageLedger(t.ctx.db)]);
  const { rows } = await sql<{ holding_id: number | null; n: number }>`
    select holding_id, count(*)::int as n from storage_ledger where company_id = ${company.id}
    group by 1 order by 1 nulls first`.execute(t.ctx.db);
  expect(rows.map((r) => r.n)).toEqual(rows.map(() => 1));
  expect(await shown()).toEqual({ ...before, company: before.company + 500, first: before.first + 500 });
  expect(await shown()).toEqual(await summed());
  expect(await foldStorageLedger(t.ctx.db)).toBe(0);
});
