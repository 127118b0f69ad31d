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
 * The month's grid shows each client's month as the client's own checklist does: every change below, made
 * through the API or straight in the database, shows in the next grid exactly as in the checklist.
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

/** The client's row of the month's grid. */
async function gridRow(client: Client): Promise<Row> {
  const res = await api(t).as(firm.owner).post(company('/checklist'), { period: now, search: client.name });
  expectStatus(res, 200, 'grid');
  const rows = res.json.data as Row[];
  expect(rows.map((r) => r.client.id)).toEqual([client.id]);
  return rows[0];
}

/** The client's own checklist of the month, as the grid shows it. */
async function ownChecklist(client: Client) {
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

/** The grid's row equals the client's own checklist. */
async function expectGridFollows(client: Client) {
  const own = await ownChecklist(client);
  const row = await gridRow(client);
  expect({ counts: row.counts, total: row.total, items: row.items }).toEqual(own);
  return own;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  cats = await categoryIdsByName(t, firm);
});
afterAll(() => t.close());

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

test('a row shows the client as the list does: quotes, backslashes and diacritics intact, its holding named', async () => {
  const name = 'Ghilimele "Șase" \\ Țară SRL';
  const {
    client,
    id,
    name: holdingName,
  } = await createHolding(t, firm, {
    name: 'Holding "Nord" Ălba',
    client: { name, cui: '18547290' },
  });
  const row = (await gridRow(client)) as Row & { client: Record<string, unknown> };
  expect(row.client).toEqual({ id: client.id, name, cui: '18547290', holding: { id, name: holdingName } });
});
