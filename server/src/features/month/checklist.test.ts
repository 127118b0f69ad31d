import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  createClient,
  createCompany,
  createHolding,
  closeWholeMonth,
  createUser,
  makeMonthWhole,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { field, file } from '../../../test/multipart.js';
import { drainOutbox } from '../../infra/outbox.js';
import { REJECTION_MAIL_DELAY_SECONDS } from './review-service.js';
import { addMonths, currentMonth } from '../../lib/ro-calendar.js';

/** The checklist both sides see, uploads answering items, review, not applicable, closed months. */

let t: TestApp;
let firm: Company;
let staff: Actor;
let holding: Holding & { client: Client };
let member: Actor;
let other: Company;
let cats: Record<string, number>;
const now = currentMonth();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  holding = await createHolding(t, firm);
  member = await createUser(t, holding, { role: 5 });
  other = await createCompany(t);
  cats = await categoryIdsByName(t, firm);
});
afterAll(() => t.close());

type Item = {
  id: number;
  name: string;
  status: string;
  note: string | null;
  reason: string | null;
  documents: { id: number; review_status: string }[];
};
const company = (path: string) => `/api/company/${firm.id}${path}`;
const side = (path: string) => `/api/holding/${holding.id}${path}`;

async function checklistOf(actor: Actor, client: Client, period = now) {
  const url = actor.holding_id ? side(`/clients/${client.id}/checklist`) : company(`/clients/${client.id}/checklist`);
  const res = await api(t).as(actor).post(url, { period });
  expect(res.status).toBe(200);
  return res.json as { data: Item[]; meta: Record<string, unknown> & { counts: Record<string, number> } };
}
const byName = (items: Item[], name: string) => items.find((i) => i.name === name) as Item;

test('both sides read the month: items with ids, statuses missing, the meta with due date', async () => {
  const client = holding.client;
  const firmView = await checklistOf(staff, client);
  expect(firmView.data.map((i) => [i.name, i.status])).toEqual([
    ['Facturi emise', 'missing'],
    ['Facturi primite', 'missing'],
    ['Extras de cont', 'missing'],
  ]);
  expect(firmView.data.every((i) => Number.isInteger(i.id))).toBe(true);
  expect(firmView.meta).toMatchObject({
    period: now,
    complete: false,
    closed: false,
    done_at: null,
    total: 3,
    counts: { missing: 3, uploaded: 0, accepted: 0, rejected: 0, not_applicable: 0 },
  });
  expect(firmView.meta.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const holdingView = await checklistOf(member, client);
  expect(holdingView.data.map((i) => i.id)).toEqual(firmView.data.map((i) => i.id));
  // A month before the client was created owes nothing and is complete.
  const before = await checklistOf(staff, client, addMonths(now, -1));
  expect(before.data).toEqual([]);
  expect(before.meta.complete).toBe(true);
});

test('another tenant gets 404; bad periods 422', async () => {
  const client = holding.client;
  expect(
    (await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${client.id}/checklist`, { period: now }))
      .status,
  ).toBe(404);
  const bad = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/checklist`), { period: '2026-13' });
  expect(bad.status).toBe(422);
  expect(bad.json.errors.period).toBeDefined();
});

test('upload → uploaded; reject → rejected and mailed; new upload → uploaded; accept → accepted', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const doc = await uploadDocument(t, member, client, {
    period: now,
    category_id: cats['Facturi emise'],
    name: 'factura-1.pdf',
  });
  let items = (await checklistOf(staff, client)).data;
  expect(byName(items, 'Facturi emise')).toMatchObject({
    status: 'uploaded',
    documents: [{ id: doc.id, review_status: 'pending' }],
  });

  const noReason = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${doc.id}/review`), { status: 'rejected' });
  expect(noReason.status).toBe(422);
  expect(noReason.json.errors.reason).toEqual(['Spune de ce respingi documentul.']);

  t.mail.sent.length = 0;
  const rejected = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${doc.id}/review`), { status: 'rejected', reason: 'Document ilizibil' });
  expect(rejected.status).toBe(200);
  expect(rejected.json.data).toMatchObject({
    id: doc.id,
    review_status: 'rejected',
    review_reason: 'Document ilizibil',
  });
  items = (await checklistOf(member, client)).data;
  expect(byName(items, 'Facturi emise')).toMatchObject({ status: 'rejected', reason: 'Document ilizibil' });
  // A rejection mail waits a few minutes in the outbox for more rejections to join it.
  await drainOutbox(t.ctx);
  expect(t.mail.sent).toEqual([]);
  await drainOutbox(t.ctx, { asOf: new Date(Date.now() + (REJECTION_MAIL_DELAY_SECONDS + 1) * 1000) });
  for (const person of [holding.admin as Actor, member]) {
    const [mail] = t.mail.to(person.email);
    expect(mail.text).toContain('factura-1.pdf');
    expect(mail.text).toContain('Document ilizibil');
    expect(mail.text).toContain('/client');
  }
  expect(t.mail.to(staff.email)).toEqual([]);

  const second = await uploadDocument(t, member, client, { period: now, category_id: cats['Facturi emise'] });
  expect(byName((await checklistOf(staff, client)).data, 'Facturi emise').status).toBe('uploaded');
  await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${second.id}/review`), { status: 'accepted' });
  const item = byName((await checklistOf(staff, client)).data, 'Facturi emise');
  expect(item.status).toBe('accepted');
  expect(item.documents.map((d) => d.id)).toEqual([second.id, doc.id]);

  const events = await t.ctx.db
    .selectFrom('activity_events')
    .select(['action', 'details'])
    .where('client_id', '=', client.id)
    .where('action', 'in', ['document.reject', 'document.accept'])
    .orderBy('id')
    .execute();
  expect(events.map((e) => e.action)).toEqual(['document.reject', 'document.accept']);
  expect(events[0].details).toMatchObject({ reason: 'Document ilizibil' });
});

test('an upload naming an item takes its category and month; an item of another client is refused', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const bank = byName((await checklistOf(member, client)).data, 'Extras de cont');
  const res = await api(t)
    .as(member)
    .upload(side(`/clients/${client.id}/storeFiles`), [
      field('item_id', String(bank.id)),
      field('period', '2020-01'),
      file('files[]', 'extras.pdf', '%PDF-1.4 extras', 'application/pdf'),
    ]);
  expect(res.status).toBe(201);
  expect(res.json.data[0]).toMatchObject({ period: now, category_id: cats['Extrase bancare'] });
  expect(byName((await checklistOf(member, client)).data, 'Extras de cont').status).toBe('uploaded');

  const foreign = byName((await checklistOf(staff, holding.client)).data, 'Extras de cont');
  const refused = await api(t)
    .as(member)
    .upload(side(`/clients/${client.id}/storeFiles`), [
      field('item_id', String(foreign.id)),
      file('files[]', 'x.pdf', '%PDF-1.4 x', 'application/pdf'),
    ]);
  expect(refused.status).toBe(422);
  expect(refused.json.errors.item_id).toEqual(['Cerința aleasă nu există.']);
});

test('not applicable: the firm marks it with a note (required) and undoes it; the holding cannot', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const item = byName((await checklistOf(staff, client)).data, 'Facturi primite');
  const url = company(`/clients/${client.id}/checklist/${item.id}`);
  expect((await api(t).as(staff).post(`${url}/not-applicable`, { note: '' })).status).toBe(422);
  expect(
    (
      await api(t)
        .as(staff)
        .post(`${url}/not-applicable`, { note: 'x'.repeat(501) })
    ).status,
  ).toBe(422);
  const marked = await api(t).as(staff).post(`${url}/not-applicable`, { note: 'Nu a avut achiziții luna aceasta' });
  expect(marked.status).toBe(200);
  expect(marked.json.data).toMatchObject({
    id: item.id,
    status: 'not_applicable',
    note: 'Nu a avut achiziții luna aceasta',
  });
  expect((await checklistOf(member, client)).meta.counts.not_applicable).toBe(1);
  const undone = await api(t).as(staff).post(`${url}/applicable`);
  expect(undone.json.data).toMatchObject({ status: 'missing', note: null });
  expect(
    (
      await api(t)
        .as(holding.admin as Actor)
        .post(`${url}/not-applicable`, { note: 'x' })
    ).status,
  ).toBe(403);
  expect(
    (await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${client.id}/checklist/${item.id}/applicable`))
      .status,
  ).toBe(404);
});

test('a closed month refuses uploads, moves, renames, deletes, reviews and marks with 409; reopened it takes them again', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const doc = await uploadDocument(t, member, client, { period: now, category_id: cats['Facturi emise'] });
  const item = byName((await checklistOf(staff, client)).data, 'Facturi primite');
  const trashed = await uploadDocument(t, member, client, { period: now });
  expect(
    (
      await api(t)
        .as(firm.owner)
        .post(company(`/clients/${client.id}/media/${trashed.id}/delete`))
    ).status,
  ).toBe(200);
  const periodUrl = company(`/clients/${client.id}/periods/${now}`);
  expect((await api(t).as(staff).post(`${periodUrl}/close`)).status).toBe(403);
  // Only a whole month closes: the document accepted, the other items not applicable.
  expect((await api(t).as(firm.owner).post(`${periodUrl}/close`)).json.code).toBe('period_incomplete');
  await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${doc.id}/review`), { status: 'accepted' });
  await makeMonthWhole(t, staff, client.id, now);
  const closed = await api(t).as(firm.owner).post(`${periodUrl}/close`);
  expect(closed.status).toBe(200);
  expect((await api(t).as(firm.owner).post(`${periodUrl}/close`)).status).toBe(409);
  expect((await checklistOf(member, client)).meta.closed).toBe(true);

  const upload = await api(t)
    .as(member)
    .upload(side(`/clients/${client.id}/storeFiles`), [
      field('period', now),
      file('files[]', 'y.pdf', '%PDF-1.4 y', 'application/pdf'),
    ]);
  expect(upload.status).toBe(409);
  const [year, month] = now.split('-');
  const names = [
    'Ianuarie',
    'Februarie',
    'Martie',
    'Aprilie',
    'Mai',
    'Iunie',
    'Iulie',
    'August',
    'Septembrie',
    'Octombrie',
    'Noiembrie',
    'Decembrie',
  ];
  expect(upload.json).toMatchObject({
    code: 'period_closed',
    message: `Luna ${names[Number(month) - 1]} ${year} este închisă: documentele ei nu mai pot fi schimbate. Firma de contabilitate o poate redeschide.`,
  });
  const refusals = [
    await api(t)
      .as(staff)
      .post(company(`/clients/${client.id}/media/${doc.id}/review`), { status: 'accepted' }),
    await api(t)
      .as(staff)
      .post(company(`/review`), { ids: [doc.id], status: 'accepted' }),
    await api(t)
      .as(staff)
      .post(company(`/clients/${client.id}/checklist/${item.id}/not-applicable`), { note: 'x' }),
    await api(t)
      .as(staff)
      .post(company(`/clients/${client.id}/media/${doc.id}/update`), { period: addMonths(now, -1) }),
    await api(t)
      .as(staff)
      .post(company(`/clients/${client.id}/media/${doc.id}/update`), { name: 'alt nume' }),
    await api(t)
      .as(firm.owner)
      .post(company(`/clients/${client.id}/media/${doc.id}/delete`)),
    await api(t)
      .as(member)
      .post(side(`/clients/${client.id}/media/bulk`), { action: 'delete', ids: [doc.id] }),
    await api(t)
      .as(member)
      .post(side(`/clients/${client.id}/periods/${now}/done`)),
    await api(t)
      .as(firm.owner)
      .post(company(`/clients/${client.id}/media/${trashed.id}/restore`)),
  ];
  expect(refusals.map((r) => [r.status, r.json.code])).toEqual(refusals.map(() => [409, 'period_closed']));
  // A document of another month cannot move into the closed one either.
  const earlier = await uploadDocument(t, member, client, { period: addMonths(now, -1) });
  const into = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${earlier.id}/update`), { period: now });
  expect(into.status).toBe(409);
  expect(
    byName((await checklistOf(staff, client)).data, 'Facturi emise').documents.map((d) => d.review_status),
  ).toEqual(['accepted']);

  expect((await api(t).as(staff).post(`${periodUrl}/reopen`)).status).toBe(403);
  expect((await api(t).as(firm.owner).post(`${periodUrl}/reopen`)).status).toBe(200);
  expect((await api(t).as(firm.owner).post(`${periodUrl}/reopen`)).status).toBe(409);
  const again = await api(t)
    .as(member)
    .upload(side(`/clients/${client.id}/storeFiles`), [
      field('period', now),
      file('files[]', 'z.pdf', '%PDF-1.4 z', 'application/pdf'),
    ]);
  expect(again.status).toBe(201);
  const actions = await t.ctx.db
    .selectFrom('activity_events')
    .select('action')
    .where('client_id', '=', client.id)
    .where('action', 'like', 'period.%')
    .orderBy('id')
    .execute();
  expect(actions.map((a) => a.action)).toEqual(['period.close', 'period.reopen']);
});

test('a move re-matches the requirement and keeps the review status', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const doc = await uploadDocument(t, member, client, { period: now, category_id: cats['Facturi emise'] });
  await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${doc.id}/review`), { status: 'accepted' });
  const moved = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${doc.id}/update`), { category_id: cats['Facturi primite'] });
  expect(moved.status).toBe(200);
  const items = (await checklistOf(staff, client)).data;
  expect(byName(items, 'Facturi emise').status).toBe('missing');
  expect(byName(items, 'Facturi primite')).toMatchObject({
    status: 'accepted',
    documents: [{ id: doc.id, review_status: 'accepted' }],
  });
});

test('bulk review: all or nothing; another firm’s document answers 404 and changes nothing', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const a = await uploadDocument(t, member, client, { period: now, category_id: cats['Facturi emise'] });
  const b = await uploadDocument(t, member, client, { period: now, category_id: cats['Facturi primite'] });
  const theirs = await uploadDocument(t, other.owner, await createClient(t, other), { period: now });
  const mixed = await api(t)
    .as(staff)
    .post(company('/review'), { ids: [a.id, theirs.id], status: 'accepted' });
  expect(mixed.status).toBe(404);
  expect((await checklistOf(staff, client)).meta.counts.uploaded).toBe(2);
  const ok = await api(t)
    .as(staff)
    .post(company('/review'), { ids: [a.id, b.id], status: 'rejected', reason: 'Altă lună' });
  expect(ok.json).toMatchObject({ count: 2, message: '2 documente au fost respinse.' });
  expect((await checklistOf(staff, client)).meta.counts.rejected).toBe(2);
  expect(
    (
      await api(t)
        .as(holding.admin as Actor)
        .post(company('/review'), { ids: [a.id], status: 'accepted' })
    ).status,
  ).toBe(403);
});

test('frequencies: quarterly in the quarter’s last month, yearly in December', async () => {
  const client = await createClient(t, firm);
  const url = company(`/clients/${client.id}`);
  await api(t)
    .as(firm.owner)
    .post(`${url}/storeRequirement`, { name: 'Declarația trimestrială', frequency: 'quarterly' });
  await api(t).as(firm.owner).post(`${url}/storeRequirement`, { name: 'Inventarul anual', frequency: 'yearly' });
  await t.ctx.db
    .updateTable('requirements')
    .set({ starts_period: '2026-01' })
    .where('client_id', '=', client.id)
    .execute();
  const names = async (period: string) => (await checklistOf(staff, client, period)).data.map((i) => i.name);
  expect(await names('2026-02')).not.toContain('Declarația trimestrială');
  expect(await names('2026-03')).toContain('Declarația trimestrială');
  expect(await names('2026-03')).not.toContain('Inventarul anual');
  expect(await names('2026-12')).toEqual(expect.arrayContaining(['Declarația trimestrială', 'Inventarul anual']));
});

test("a month named after the file is checked and matched under the client's lock, in the upload's transaction", async () => {
  // The fields before the first file name no month (the current one, open): only the transaction's check
  // sees the month named after the file.
  const client = await createClient(t, firm);
  const earlier = addMonths(now, -1);
  expect(
    (
      await api(t)
        .as(firm.owner)
        .post(company(`/clients/${client.id}/periods/${earlier}/close`))
    ).status,
  ).toBe(200);
  const late = (period: string) =>
    api(t)
      .as(firm.owner)
      .upload(company(`/clients/${client.id}/storeFiles`), [
        field('category_id', String(cats['Facturi emise'])),
        file('files[]', 'tarziu.pdf', '%PDF-1.4 tarziu', 'application/pdf'),
        field('period', period),
      ]);
  const refused = await late(earlier);
  expect([refused.status, refused.json.code]).toEqual([409, 'period_closed']);
  const docs = await t.ctx.db.selectFrom('media').select('id').where('client_id', '=', client.id).execute();
  expect(docs).toEqual([]);
  const stored = await late(now);
  expect(stored.status).toBe(201);
  expect(byName((await checklistOf(staff, client)).data, 'Facturi emise')).toMatchObject({ status: 'uploaded' });
});

test('two first reads at once create each item once', async () => {
  const client = await createClient(t, firm);
  const [a, b] = await Promise.all([checklistOf(staff, client), checklistOf(firm.owner, client)]);
  expect(a.data.map((i) => i.id)).toEqual(b.data.map((i) => i.id));
  const rows = await t.ctx.db.selectFrom('checklist_items').select('id').where('client_id', '=', client.id).execute();
  expect(rows).toHaveLength(3);
  // Both answered the ids the items were stored with (the creating read takes them from its insert).
  const stored = rows.map((r) => r.id).sort((x, y) => x - y);
  expect([...a.data.map((i) => i.id)].sort((x, y) => x - y)).toEqual(stored);
});

test('a requirement with no category stays on the checklist on every read, on both sides', async () => {
  const client = holding.client;
  const added = await api(t)
    .as(firm.owner)
    .post(company(`/clients/${client.id}/storeRequirement`), { name: 'Declarația 394', frequency: 'monthly' });
  expect(added.status).toBe(201);
  expect(added.json.data.category).toBeNull();
  // The first read creates its item; the later ones read it with the client in the same statement.
  for (const actor of [staff, staff, member]) {
    const { data, meta } = await checklistOf(actor, client);
    expect(byName(data, 'Declarația 394')).toMatchObject({ status: 'missing' });
    expect(meta.total).toBe(data.length);
  }
  await api(t)
    .as(firm.owner)
    .post(company(`/clients/${client.id}/requirements/${added.json.data.id}/delete`));
});

test('„Am terminat”: the firm hears of it, the queue shows it until the month is closed', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  t.mail.sent.length = 0;
  expect(
    (
      await api(t)
        .as(staff)
        .post(company(`/clients/${client.id}/periods/${now}/done`))
    ).status,
  ).toBe(404);
  const done = await api(t)
    .as(member)
    .post(side(`/clients/${client.id}/periods/${now}`) + '/done');
  expect(done.status).toBe(200);
  expect(done.json.done_at).toBeDefined();
  await drainOutbox(t.ctx);
  expect(t.mail.to(firm.owner.email)).toHaveLength(1);
  expect(t.mail.to(staff.email)).toHaveLength(1);
  const queue = await api(t).as(staff).post(company('/review-queue'), {});
  expect(queue.json.meta.done).toEqual([
    {
      client: { id: client.id, name: client.name },
      period: now,
      done_at: done.json.done_at,
      done_by_name: member.name,
    },
  ]);
  const count = await api(t).as(staff).post(company('/review-queue/count'), {});
  expect(count.json.done).toBe(1);
  await closeWholeMonth(t, firm.owner, client.id, now);
  expect((await api(t).as(staff).post(company('/review-queue/count'), {})).json.done).toBe(0);
  expect((await checklistOf(member, client)).meta.done_at).not.toBeNull();
});

test('open items: months not closed with missing or rejected items, only those items', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  await t.ctx.db
    .updateTable('requirements')
    .set({ starts_period: addMonths(now, -2) })
    .where('client_id', '=', client.id)
    .execute();
  await closeWholeMonth(t, firm.owner, client.id, addMonths(now, -2));
  await uploadDocument(t, member, client, { period: now, category_id: cats['Facturi emise'] });
  const res = await api(t)
    .as(member)
    .post(side(`/clients/${client.id}/open-items`), {});
  expect(res.status).toBe(200);
  const months = res.json.data as { period: string; items: Item[] }[];
  expect(months.map((m) => m.period)).toEqual([addMonths(now, -1), now]);
  expect(months[1].items.map((i) => i.name)).toEqual(['Facturi primite', 'Extras de cont']);
});

test('open items: a month whose documents all arrived stays, with no items, until „Am terminat” or the close', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const before = addMonths(now, -1);
  await t.ctx.db
    .updateTable('requirements')
    .set({ starts_period: before })
    .where('client_id', '=', client.id)
    .execute();
  const openPeriods = async () =>
    (
      (
        await api(t)
          .as(member)
          .post(side(`/clients/${client.id}/open-items`), {})
      ).json.data as { period: string; items: Item[] }[]
    ).map((m) => [m.period, m.items.length]);
  for (const period of [before, now]) {
    for (const name of ['Facturi emise', 'Facturi primite', 'Extrase bancare']) {
      await uploadDocument(t, member, client, { period, category_id: cats[name] });
    }
  }
  await t.ctx.db
    .updateTable('media')
    .set({ review_status: 'accepted' })
    .where('client_id', '=', client.id)
    .where('period', '=', before)
    .execute();
  expect(await openPeriods()).toEqual([
    [before, 0],
    [now, 0],
  ]);
  await api(t)
    .as(member)
    .post(side(`/clients/${client.id}/periods/${now}/done`));
  expect(await openPeriods()).toEqual([[before, 0]]);
  await api(t)
    .as(firm.owner)
    .post(company(`/clients/${client.id}/periods/${before}/close`));
  expect(await openPeriods()).toEqual([]);
});
