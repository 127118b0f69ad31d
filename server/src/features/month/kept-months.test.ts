import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  createClient,
  createCompany,
  createHolding,
  expectStatus,
  uploadDocument,
  type Client,
  type Company,
} from '../../../test/factories.js';
import { addMonths, currentMonth } from '../../lib/ro-calendar.js';

/**
 * The grid keeps each client's month once worked out (kept_months, migration 160) and shows it only while
 * nothing it reads has changed since: every change below, made through the API or straight in the
 * database, shows in the next grid exactly as in the client's own checklist (which is always worked out).
 */

let t: TestApp;
let firm: Company;
let cats: Record<string, number>;
const now = currentMonth();

interface Row {
  client: { id: number };
  counts: Record<string, number>;
  total: number;
  items: { id: number | null; requirement_id: number; name: string; status: string }[];
}

const company = (path: string) => `/api/company/${firm.id}${path}`;

/** The client's row of the month's grid, read from the database (not from the read cache). */
async function gridRow(client: Client): Promise<Row> {
  t.ctx.readCache.dropAll();
  const res = await api(t).as(firm.owner).post(company('/checklist'), { period: now, search: client.name });
  expectStatus(res, 200, 'grid');
  const rows = res.json.data as Row[];
  expect(rows.map((r) => r.client.id)).toEqual([client.id]);
  return rows[0];
}

/** The client's own checklist of the month, as the grid shows it. */
async function ownChecklist(client: Client) {
  t.ctx.readCache.dropAll();
  const res = await api(t)
    .as(firm.owner)
    .post(company(`/clients/${client.id}/checklist`), { period: now });
  expectStatus(res, 200, 'checklist');
  const items = res.json.data as { id: number; requirement_id: number; name: string; status: string }[];
  return {
    counts: res.json.meta.counts,
    total: res.json.meta.total,
    items: items.map((i) => ({ id: i.id, requirement_id: i.requirement_id, name: i.name, status: i.status })),
  };
}

/** The grid's row equals the client's own checklist, read twice (worked out, then kept). */
async function expectGridFollows(client: Client) {
  const own = await ownChecklist(client);
  for (let read = 0; read < 2; read++) {
    const row = await gridRow(client);
    expect({ counts: row.counts, total: row.total, items: row.items }).toEqual(own);
  }
  return own;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  cats = await categoryIdsByName(t, firm);
});
afterAll(() => t.close());

test('a kept month is what the grid shows, until something it reads changes', async () => {
  const client = await createClient(t, firm, { name: 'Kaki Păstrat SRL' });
  await expectGridFollows(client);
  // The kept month answers (a mark written into it shows), while the client's stamp is unchanged.
  await sql`update kept_months set items = '[{"id":null,"requirement_id":0,"name":"păstrat","status":"missing"}]'
    where client_id = ${client.id}`.execute(t.ctx.db);
  expect((await gridRow(client)).items.map((i) => i.name)).toEqual(['păstrat']);
  // An upload raises the stamp: the month is worked out again.
  await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi emise'] });
  const own = await expectGridFollows(client);
  expect(own.counts.uploaded).toBe(1);
});

test('every change to the requirements, the items or the documents shows in the next grid', async () => {
  const client = await createClient(t, firm, { name: 'Lila Schimbări SRL' });
  const base = `/clients/${client.id}`;
  const as = api(t).as(firm.owner);
  await expectGridFollows(client);

  // Documents: uploaded, reviewed, moved to another month, deleted, restored, removed from the database.
  const doc = await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi primite'] });
  await expectGridFollows(client);
  expectStatus(await as.post(company(`${base}/media/${doc.id}/review`), { status: 'accepted' }), 200, 'review');
  expect((await expectGridFollows(client)).counts.accepted).toBe(1);
  const rejected = await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi emise'] });
  expectStatus(
    await as.post(company(`${base}/media/${rejected.id}/review`), { status: 'rejected', reason: 'Neclar' }),
    200,
    'review',
  );
  expect((await expectGridFollows(client)).counts.rejected).toBe(1);
  expectStatus(await as.post(company(`${base}/media/${doc.id}/update`), { period: addMonths(now, -1) }), 200, 'move');
  expect((await expectGridFollows(client)).counts.accepted).toBe(0);
  expectStatus(await as.post(company(`${base}/media/${rejected.id}/delete`)), 200, 'delete');
  expect((await expectGridFollows(client)).counts.rejected).toBe(0);
  expectStatus(await as.post(company(`${base}/media/${rejected.id}/restore`)), 200, 'restore');
  expect((await expectGridFollows(client)).counts.rejected).toBe(1);
  await t.ctx.db.deleteFrom('activity_events').where('media_id', '=', rejected.id).execute();
  await t.ctx.db.deleteFrom('media').where('id', '=', rejected.id).execute();
  expect((await expectGridFollows(client)).counts.rejected).toBe(0);

  // Items: marked not applicable, then applicable again.
  const { items } = await ownChecklist(client);
  const bank = items.find((i) => i.name === 'Extras de cont')!;
  expectStatus(
    await as.post(company(`${base}/checklist/${bank.id}/not-applicable`), { note: 'Fără cont' }),
    200,
    'mark',
  );
  expect((await expectGridFollows(client)).counts.not_applicable).toBe(1);
  expectStatus(await as.post(company(`${base}/checklist/${bank.id}/applicable`)), 200, 'unmark');
  expect((await expectGridFollows(client)).counts.not_applicable).toBe(0);

  // Requirements: added, renamed, reordered in the database, deleted.
  const added = await as.post(company(`${base}/storeRequirement`), { name: 'Declarația 112', frequency: 'monthly' });
  expectStatus(added, 201, 'store requirement');
  const requirementId = added.json.data.id as number;
  expect((await expectGridFollows(client)).total).toBe(4);
  expectStatus(
    await as.post(company(`${base}/requirements/${requirementId}/update`), { name: 'Declarația 112 (salarii)' }),
    200,
    'rename',
  );
  expect((await expectGridFollows(client)).items.map((i) => i.name)).toContain('Declarația 112 (salarii)');
  await t.ctx.db.updateTable('requirements').set({ position: -1 }).where('id', '=', requirementId).execute();
  expect((await expectGridFollows(client)).items[0].requirement_id).toBe(requirementId);
  expectStatus(await as.post(company(`${base}/requirements/${requirementId}/delete`)), 200, 'delete requirement');
  expect((await expectGridFollows(client)).total).toBe(3);
});

test('another client’s change leaves a kept month as it was', async () => {
  const kept = await createClient(t, firm, { name: 'Mentă Neschimbat SRL' });
  const busy = await createClient(t, firm, { name: 'Mentă Ocupat SRL' });
  await expectGridFollows(kept);
  const stamp = async () =>
    (await sql<{ stamp: string }>`select stamp from kept_months where client_id = ${kept.id}`.execute(t.ctx.db)).rows[0]
      .stamp;
  const before = await stamp();
  await uploadDocument(t, firm.owner, busy, { period: now, category_id: cats['Facturi emise'] });
  await gridRow(kept);
  expect(await stamp()).toBe(before);
});

const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;

onPostgres('a grid read while a change is uncommitted never keeps its month past the commit', async () => {
  const client = await createClient(t, firm, { name: 'Nisip Concurent SRL' });
  const doc = await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi emise'] });
  await expectGridFollows(client);
  await t.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('media').set({ review_status: 'accepted' }).where('id', '=', doc.id).execute();
    // Another connection reads (and keeps) the month as it was before this change.
    expect((await gridRow(client)).counts).toMatchObject({ uploaded: 1, accepted: 0 });
  });
  expect((await expectGridFollows(client)).counts).toMatchObject({ uploaded: 0, accepted: 1 });
});

test('a row shows the client as the list does: quotes, backslashes and diacritics intact, its holding named', async () => {
  const name = 'Ghilimele "Șase" \\ Țară SRL';
  const {
    client,
    id,
    name: holdingName,
  } = await createHolding(t, firm, {
    name: 'Grup "Nord" Ălba',
    client: { name, cui: '18547290' },
  });
  for (let read = 0; read < 2; read++) {
    const row = (await gridRow(client)) as Row & { client: Record<string, unknown> };
    expect(row.client).toEqual({ id: client.id, name, cui: '18547290', holding: { id, name: holdingName } });
  }
});
