import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  closeWholeMonth,
  createClient,
  createCompany,
  createUser,
  expectStatus,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Document,
} from '../../../test/factories.js';
import { currentMonth } from '../../lib/ro-calendar.js';

/** The firm's portfolio grid, its months view and the review queue, against a world built by hand. */

let t: TestApp;
let firm: Company;
let staff: Actor;
let other: Company;
let cats: Record<string, number>;
const now = currentMonth();
let complete: Client;
let pending: Client;
let rejected: Client;
let untouched: Client;
let awaiting: Document;

const company = (path: string) => `/api/company/${firm.id}${path}`;
type Row = {
  client: { id: number; name: string };
  counts: Record<string, number>;
  total: number;
  complete: boolean;
  closed: boolean;
  items: { id: number | null; status: string }[];
};

async function review(client: Client, docId: number, status: string, reason?: string) {
  const res = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${docId}/review`), { status, reason });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  other = await createCompany(t);
  cats = await categoryIdsByName(t, firm);
  // Four clients, each owing Facturi emise, Facturi primite, Extras de cont this month.
  complete = await createClient(t, firm, { name: 'Albastru Complet SRL' });
  pending = await createClient(t, firm, { name: 'Bej Așteaptă SRL', cui: '18547290' });
  rejected = await createClient(t, firm, { name: 'Cafeniu Respins SRL' });
  untouched = await createClient(t, firm, { name: 'Diamant Neatins SRL' });
  await createClient(t, other, { name: 'Albastru Altă Firmă SRL' });

  for (const category of ['Facturi emise', 'Facturi primite']) {
    const doc = await uploadDocument(t, firm.owner, complete, { period: now, category_id: cats[category] });
    await review(complete, doc.id, 'accepted');
  }
  const items = (
    await api(t)
      .as(staff)
      .post(company(`/clients/${complete.id}/checklist`), { period: now })
  ).json.data;
  const bank = items.find((i: { name: string }) => i.name === 'Extras de cont');
  await api(t)
    .as(staff)
    .post(company(`/clients/${complete.id}/checklist/${bank.id}/not-applicable`), { note: 'Fără cont bancar' });

  awaiting = await uploadDocument(t, firm.owner, pending, {
    name: "Factura 'mare' „nr. 7” ășț.pdf",
    period: now,
    category_id: cats['Facturi emise'],
  });
  const accepted = await uploadDocument(t, firm.owner, pending, { period: now, category_id: cats['Facturi primite'] });
  await review(pending, accepted.id, 'accepted');

  const bad = await uploadDocument(t, firm.owner, rejected, { period: now, category_id: cats['Extrase bancare'] });
  await review(rejected, bad.id, 'rejected', 'Extras fără sold final');
  // A document with no category answers nothing.
  await uploadDocument(t, firm.owner, untouched, { period: now });
});
afterAll(() => t.close());

test('the grid counts each client’s items as its checklist does', async () => {
  const res = await api(t).as(staff).post(company('/checklist'), { period: now });
  expect(res.status).toBe(200);
  const rows = res.json.data as Row[];
  expect(rows.map((r) => r.client.name)).toEqual([complete.name, pending.name, rejected.name, untouched.name]);
  const counts = Object.fromEntries(rows.map((r) => [r.client.name, r.counts]));
  expect(counts[complete.name]).toEqual({ missing: 0, uploaded: 0, accepted: 2, rejected: 0, not_applicable: 1 });
  expect(counts[pending.name]).toEqual({ missing: 1, uploaded: 1, accepted: 1, rejected: 0, not_applicable: 0 });
  expect(counts[rejected.name]).toEqual({ missing: 2, uploaded: 0, accepted: 0, rejected: 1, not_applicable: 0 });
  expect(counts[untouched.name]).toEqual({ missing: 3, uploaded: 0, accepted: 0, rejected: 0, not_applicable: 0 });
  expect(rows.map((r) => r.complete)).toEqual([true, false, false, false]);
  expect(res.json.meta).toEqual({ page: 1, per_page: 25, total: 4, period: now });
  // The same statuses as each client's own checklist.
  for (const row of rows) {
    const own = await api(t)
      .as(staff)
      .post(company(`/clients/${row.client.id}/checklist`), { period: now });
    expect(own.json.meta.counts).toEqual(row.counts);
    expect(row.items.map((i) => i.status)).toEqual(own.json.data.map((i: { status: string }) => i.status));
  }
});

test('filters: status, search by name or CUI, paging', async () => {
  const names = async (body: Record<string, unknown>) => {
    const res = await api(t)
      .as(staff)
      .post(company('/checklist'), { period: now, ...body });
    expect(res.status).toBe(200);
    return { names: (res.json.data as Row[]).map((r) => r.client.name), total: res.json.meta.total };
  };
  expect(await names({ status: 'complete' })).toEqual({ names: [complete.name], total: 1 });
  expect((await names({ status: 'incomplete' })).names).toEqual([pending.name, rejected.name, untouched.name]);
  expect((await names({ status: 'uploaded' })).names).toEqual([pending.name]);
  expect((await names({ status: 'rejected' })).names).toEqual([rejected.name]);
  expect((await names({ status: 'missing' })).names).toEqual([pending.name, rejected.name, untouched.name]);
  expect((await names({ search: 'așteaptă' })).names).toEqual([pending.name]);
  expect((await names({ search: '18547290' })).names).toEqual([pending.name]);
  expect(await names({ per_page: 2, page: 2 })).toEqual({ names: [rejected.name, untouched.name], total: 4 });
  expect(await names({ page: 9 })).toEqual({ names: [], total: 4 });
  const bad = await api(t).as(staff).post(company('/checklist'), { period: 'noiembrie', status: 'all' });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.json.errors).sort()).toEqual(['period', 'status']);
});

test('months: the months ending with the period, oldest first', async () => {
  const res = await api(t).as(staff).post(company('/checklist/months'), { period: now, months: 3 });
  expect(res.status).toBe(200);
  expect(res.json.meta.periods).toHaveLength(3);
  expect(res.json.meta.periods[2]).toBe(now);
  const first = res.json.data[0];
  expect(first.client).toEqual({ id: complete.id, name: complete.name });
  expect(first.months.map((m: { total: number; complete: boolean }) => [m.total, m.complete])).toEqual([
    [0, true],
    [0, true],
    [3, true],
  ]);
});

test('review queue: pending documents newest first, per client, the badge count', async () => {
  const res = await api(t).as(staff).post(company('/review-queue'), {});
  expect(res.status).toBe(200);
  expect(res.json.data.map((d: { client: { id: number } }) => d.client.id)).toEqual([untouched.id, pending.id]);
  // Every member as the database writes it: the name's quotes and diacritics, the size, the time.
  const itemId = (
    await api(t)
      .as(staff)
      .post(company(`/clients/${pending.id}/checklist`), { period: now })
  ).json.data.find((i: { name: string }) => i.name === 'Facturi emise').id;
  expect(res.json.data[1]).toEqual({
    id: awaiting.id,
    name: awaiting.name,
    mime: 'application/pdf',
    size: awaiting.size,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    period: now,
    category: { id: cats['Facturi emise'], name: 'Facturi emise' },
    client: { id: pending.id, name: 'Bej Așteaptă SRL' },
    item: { id: itemId, name: 'Facturi emise' },
    uploaded_by_name: firm.owner.name,
  });
  expect(awaiting.name).toBe("Factura 'mare' „nr. 7” ășț.pdf");
  expect(res.json.data[0].item).toBeNull();
  expect(res.json.meta).toMatchObject({ total: 2, page: 1 });
  const one = await api(t).as(staff).post(company('/review-queue'), { client_id: pending.id });
  expect(one.json.meta.total).toBe(1);
  // The total comes with the page's rows, and is counted apart for a page past the end.
  const second = await api(t).as(staff).post(company('/review-queue'), { per_page: 1, page: 2 });
  expect(second.json.data.map((d: { client: { id: number } }) => d.client.id)).toEqual([pending.id]);
  expect(second.json.meta).toMatchObject({ total: 2, page: 2, per_page: 1 });
  const past = await api(t).as(staff).post(company('/review-queue'), { per_page: 1, page: 5 });
  expect(past.json.data).toEqual([]);
  expect(past.json.meta.total).toBe(2);
  expect((await api(t).as(staff).post(company('/review-queue/count'), {})).json).toEqual({ count: 2, done: 0 });
  const theirs = await api(t).as(other.owner).post(`/api/company/${other.id}/review-queue/count`, {});
  expect(theirs.json).toEqual({ count: 0, done: 0 });
});

test('another firm and anonymous callers get nothing', async () => {
  expect((await api(t).as(other.owner).post(company('/checklist'), { period: now })).status).toBe(404);
  expect((await api(t).post(company('/checklist'), { period: now })).status).toBe(401);
});

test('the kept answers follow every write of the month (a new requirement, an upload, a mark)', async () => {
  const client = await createClient(t, firm, { name: 'Ecru Schimbă SRL' });
  const row = async () =>
    ((await api(t).as(staff).post(company('/checklist'), { period: now, search: 'Ecru' })).json.data as Row[])[0];
  expect((await row()).total).toBe(3);
  await api(t)
    .as(firm.owner)
    .post(company(`/clients/${client.id}/storeRequirement`), { name: 'Declarația 300', frequency: 'monthly' });
  expect((await row()).total).toBe(4);
  await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi emise'] });
  expect((await row()).counts.uploaded).toBe(1);
  const items = (
    await api(t)
      .as(staff)
      .post(company(`/clients/${client.id}/checklist`), { period: now })
  ).json.data;
  await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/checklist/${items[1].id}/not-applicable`), { note: 'Fără achiziții' });
  expect((await row()).counts.not_applicable).toBe(1);
  expect((await row()).items.every((i) => i.id !== null)).toBe(true);
});

test('each row’s due date, days left, done and closed are those of the client’s own month', async () => {
  const client = await createClient(t, firm, { name: 'Fildeș Termen SRL' });
  const closing = await createClient(t, firm, { name: 'Fildeș Închis SRL' });
  await t.ctx.db.updateTable('clients').set({ due_day: 20 }).where('id', '=', client.id).execute();
  await t.ctx.db
    .insertInto('client_periods')
    .values({ company_id: firm.id, client_id: client.id, period: now, done_at: new Date(), done_by: staff.id })
    .execute();
  // Only a whole month closes: its items are marked not applicable first.
  await closeWholeMonth(t, firm.owner, closing.id, now);
  const rows = (await api(t).as(staff).post(company('/checklist'), { period: now, search: 'Fildeș' })).json
    .data as (Row & { done: boolean; due_date: string; days_left: number })[];
  expect(rows.map((r) => [r.client.name, r.done, r.closed])).toEqual([
    [client.name, true, false],
    [closing.name, false, true],
  ]);
  for (const row of rows) {
    const { meta } = (
      await api(t)
        .as(staff)
        .post(company(`/clients/${row.client.id}/checklist`), { period: now })
    ).json;
    expect([row.due_date, row.days_left, row.total, row.complete]).toEqual([
      meta.due_date,
      meta.days_left,
      meta.total,
      meta.complete,
    ]);
  }
  expect(rows[0].due_date).not.toBe(rows[1].due_date);
});

test('the status filter counts only the month’s live documents', async () => {
  const client = await createClient(t, firm, { name: 'Fucsia Altă Lună SRL' });
  const filtered = async (status: string) =>
    (
      (await api(t).as(staff).post(company('/checklist'), { period: now, status, search: 'Fucsia' })).json.data as Row[]
    ).map((r) => r.client.name);
  // A document of next month awaiting review, and one of this month deleted: this month still owes all.
  const [year, month] = now.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  await uploadDocument(t, firm.owner, client, { period: next, category_id: cats['Facturi emise'] });
  const deleted = await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi primite'] });
  const remove = await api(t)
    .as(firm.owner)
    .post(company(`/clients/${client.id}/media/${deleted.id}/delete`));
  expectStatus(remove, 200, 'delete');
  expect(await filtered('uploaded')).toEqual([]);
  expect(await filtered('missing')).toEqual([client.name]);
  // A document of this month: uploaded.
  await uploadDocument(t, firm.owner, client, { period: now, category_id: cats['Facturi emise'] });
  expect(await filtered('uploaded')).toEqual([client.name]);
});
