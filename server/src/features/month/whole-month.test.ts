import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  createClient,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { field, file } from '../../../test/multipart.js';
import { pdfText } from '../../../test/pdf-text.js';
import { drainOutbox } from '../../infra/outbox.js';
import { currentMonth, monthName } from '../../lib/ro-calendar.js';
import { REJECTION_MAIL_DELAY_SECONDS } from './review-service.js';

/**
 * A month closes only whole (docs/api/month.md, "Months as a whole"): every item accepted or not
 * applicable and no document of the month awaiting review. „Nu se aplică” on an item whose documents
 * await review says what becomes of them, so „De verificat” never holds one nobody can review; the
 * proces-verbal never lists a requirement as both delivered and not applicable. And each side is told
 * what it may do itself.
 */

let t: TestApp;
let firm: Company;
let staff: Actor;
let holding: Holding;
let member: Actor;
let cats: Record<string, number>;
const now = currentMonth();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  holding = await createHolding(t, firm);
  member = await createUser(t, holding, { role: 5 });
  cats = await categoryIdsByName(t, firm);
});
afterAll(() => t.close());

type Doc = { id: number; name: string; review_status: string; review_reason: string | null };
type Item = { id: number; name: string; status: string; note: string | null; documents: Doc[] };
type Month = { data: Item[]; extra: Doc[]; meta: { complete: boolean; closed: boolean } };

const companyUrl = (client: Client, path = '') => `/api/company/${firm.id}/clients/${client.id}${path}`;
const holdingUrl = (client: Client, path = '') => `/api/holding/${holding.id}/clients/${client.id}${path}`;

async function monthOf(actor: Actor, client: Client): Promise<Month> {
  const url = actor.holding_id ? holdingUrl(client, '/checklist') : companyUrl(client, '/checklist');
  return expectStatus(await api(t).as(actor).post(url, { period: now }), 200, 'checklist').json as Month;
}
const itemNamed = (month: Month, name: string) => month.data.find((i) => i.name === name) as Item;

const close = (client: Client) =>
  api(t)
    .as(firm.owner)
    .post(companyUrl(client, `/periods/${now}/close`));

const notApplicable = (client: Client, item: Item, body: Record<string, unknown>) =>
  api(t)
    .as(staff)
    .post(companyUrl(client, `/checklist/${item.id}/not-applicable`), body);

async function inbox(client: Client): Promise<number[]> {
  const res = expectStatus(
    await api(t).as(staff).post(`/api/company/${firm.id}/review-queue`, { client_id: client.id }),
    200,
    'review queue',
  );
  return (res.json.data as { id: number }[]).map((d) => d.id);
}

/** The client's portal user uploads into an item (its category and month come from it). */
async function uploadInto(client: Client, item: Item, name: string): Promise<number> {
  const res = expectStatus(
    await api(t)
      .as(member)
      .upload(holdingUrl(client, '/storeFiles'), [
        field('item_id', String(item.id)),
        file('files[]', name, `%PDF-1.4 ${name}`, 'application/pdf'),
      ]),
    201,
    `upload ${name}`,
  );
  return (res.json.data as { id: number }[])[0].id;
}

const accept = async (client: Client, id: number) =>
  expectStatus(
    await api(t)
      .as(staff)
      .post(companyUrl(client, `/media/${id}/review`), { status: 'accepted' }),
    200,
    'accept',
  );

describe('closing a month', () => {
  test('refused while items are missing: 409 period_incomplete with the blockers by name', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const month = await monthOf(staff, client);
    const emise = itemNamed(month, 'Facturi emise');
    await accept(client, await uploadInto(client, emise, 'emise.pdf'));

    const refused = await close(client);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('period_incomplete');
    expect(refused.json.blockers).toEqual({
      items: [
        { id: itemNamed(month, 'Facturi primite').id, name: 'Facturi primite', details: null, status: 'missing' },
        { id: itemNamed(month, 'Extras de cont').id, name: 'Extras de cont', details: null, status: 'missing' },
      ],
      documents: [],
    });
    expect(refused.json.message).toBe(
      `Luna ${monthName(now)} nu poate fi închisă încă. Nu sunt gata: „Facturi primite” (lipsă), „Extras de cont” (lipsă).`,
    );
    expect((await monthOf(staff, client)).meta.closed).toBe(false);
    const closes = await t.ctx.db
      .selectFrom('activity_events')
      .select('action')
      .where('client_id', '=', client.id)
      .where('action', '=', 'period.close')
      .execute();
    expect(closes).toEqual([]);
  });

  test('refused while a document of the month awaits review, even under an item marked not applicable or outside the checklist', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const month = await monthOf(staff, client);
    for (const name of ['Facturi emise', 'Extras de cont']) {
      expectStatus(await notApplicable(client, itemNamed(month, name), { note: 'Fără' }), 200, name);
    }
    const primite = itemNamed(month, 'Facturi primite');
    await accept(client, await uploadInto(client, primite, 'primite.pdf'));
    // The client sends into an item already marked not applicable, and a document of no category.
    const late = await uploadInto(client, itemNamed(month, 'Facturi emise'), 'tarziu.pdf');
    const loose = await uploadDocument(t, member, client, { period: now, name: 'fara-categorie.pdf' });

    const refused = await close(client);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('period_incomplete');
    expect(refused.json.blockers).toEqual({
      items: [],
      documents: [
        { id: late, name: 'tarziu.pdf', item: { id: itemNamed(month, 'Facturi emise').id, name: 'Facturi emise' } },
        { id: loose.id, name: 'fara-categorie.pdf', item: null },
      ],
    });
    expect(refused.json.message).toBe(
      `Luna ${monthName(now)} nu poate fi închisă încă. Așteaptă verificarea: „tarziu.pdf”, „fara-categorie.pdf”.`,
    );

    // Both can be reviewed from the month and the inbox; then the month is whole and closes.
    expect((await inbox(client)).sort()).toEqual([late, loose.id].sort());
    await accept(client, late);
    await accept(client, loose.id);
    expect((await close(client)).status).toBe(200);
    expect((await monthOf(member, client)).meta.closed).toBe(true);
  });
});

test('„De verificat” holds no document nobody can review: one left in a month closed before months had to be whole shows again once it is reopened', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const month = await monthOf(staff, client);
  const left = await uploadInto(client, itemNamed(month, 'Facturi emise'), 'uitat.pdf');
  // Closed as a month could be before: its document still awaiting review.
  await t.ctx.db
    .insertInto('client_periods')
    .values({ company_id: firm.id, client_id: client.id, period: now, closed_at: new Date(), closed_by: firm.owner.id })
    .execute();
  expect(await inbox(client)).toEqual([]);
  const count = async () =>
    (await api(t).as(staff).post(`/api/company/${firm.id}/review-queue`, { client_id: client.id })).json.meta.total;
  expect(await count()).toBe(0);

  expectStatus(
    await api(t)
      .as(firm.owner)
      .post(companyUrl(client, `/periods/${now}/reopen`)),
    200,
    'reopen',
  );
  expect(await inbox(client)).toEqual([left]);
  await accept(client, left);
  expect(await inbox(client)).toEqual([]);
});

describe('„Nu se aplică” on an item whose documents await review', () => {
  test('without a choice: 409 naming the documents, nothing changes', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const item = itemNamed(await monthOf(staff, client), 'Facturi primite');
    const doc = await uploadInto(client, item, 'factura-furnizor.pdf');

    const refused = await notApplicable(client, item, { note: 'Fără achiziții' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      code: 'documents_pending',
      message:
        '„Facturi primite” are un document care așteaptă verificarea: „factura-furnizor.pdf”. Alege ce se întâmplă cu el: îl respingi cu un motiv sau îl păstrezi ca document în plus, în afara listei.',
      documents: [{ id: doc, name: 'factura-furnizor.pdf' }],
    });
    const after = itemNamed(await monthOf(staff, client), 'Facturi primite');
    expect(after).toMatchObject({ status: 'uploaded', note: null, documents: [{ id: doc, review_status: 'pending' }] });
    expect(await inbox(client)).toEqual([doc]);

    // Rejecting needs its reason.
    const noReason = await notApplicable(client, item, { note: 'Fără achiziții', pending_documents: 'reject' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors.reason).toEqual(['Spune de ce respingi documentul.']);
  });

  test('„reject”: the document is rejected with the reason, the client sees it and is told, the inbox no longer holds it', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const item = itemNamed(await monthOf(staff, client), 'Facturi primite');
    const doc = await uploadInto(client, item, 'factura-gresita.pdf');
    t.mail.sent.length = 0;

    const marked = await notApplicable(client, item, {
      note: 'Fără achiziții luna aceasta',
      pending_documents: 'reject',
      reason: 'Altă lună',
    });
    expect(marked.status).toBe(200);
    expect(marked.json.message).toBe('Cerința a fost marcată „Nu se aplică”; documentul ei a fost respins.');
    expect(marked.json.data).toMatchObject({ status: 'not_applicable', note: 'Fără achiziții luna aceasta' });

    const seen = itemNamed(await monthOf(member, client), 'Facturi primite');
    expect(seen.documents).toEqual([
      expect.objectContaining({ id: doc, review_status: 'rejected', review_reason: 'Altă lună' }),
    ]);
    expect(await inbox(client)).toEqual([]);
    await drainOutbox(t.ctx, { asOf: new Date(Date.now() + (REJECTION_MAIL_DELAY_SECONDS + 1) * 1000) });
    const [mail] = t.mail.to(member.email);
    expect(mail.text).toContain('factura-gresita.pdf');
    expect(mail.text).toContain('Altă lună');

    const events = await t.ctx.db
      .selectFrom('activity_events')
      .select(['action', 'details'])
      .where('client_id', '=', client.id)
      .where('action', 'in', ['item.not_applicable', 'document.reject'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toEqual(['item.not_applicable', 'document.reject']);
    expect(events[0].details).toMatchObject({ pending_documents: 'reject', documents: ['factura-gresita.pdf'] });
    expect(events[1].details).toMatchObject({ reason: 'Altă lună' });
    // Nothing of the month awaits review: with the rest marked, it closes.
    for (const name of ['Facturi emise', 'Extras de cont']) {
      expectStatus(
        await notApplicable(client, itemNamed(await monthOf(staff, client), name), { note: 'Fără' }),
        200,
        name,
      );
    }
    expect((await close(client)).status).toBe(200);
  });

  test('„keep”: the document stays, accepted, as a document of the month outside the checklist; the inbox no longer holds it', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const item = itemNamed(await monthOf(staff, client), 'Facturi primite');
    const first = await uploadInto(client, item, 'contract.pdf');
    const second = await uploadInto(client, item, 'anexa.pdf');

    const marked = await notApplicable(client, item, { note: 'Nu are furnizori', pending_documents: 'keep' });
    expect(marked.status).toBe(200);
    expect(marked.json.message).toBe(
      'Cerința a fost marcată „Nu se aplică”; cele 2 documente ale ei rămân în luna clientului, în afara listei.',
    );
    expect(marked.json.data).toMatchObject({ status: 'not_applicable', documents: [] });

    for (const actor of [staff, member]) {
      const month = await monthOf(actor, client);
      expect(itemNamed(month, 'Facturi primite')).toMatchObject({ status: 'not_applicable', documents: [] });
      expect(month.extra.map((d) => [d.id, d.review_status])).toEqual([
        [second, 'accepted'],
        [first, 'accepted'],
      ]);
    }
    expect(await inbox(client)).toEqual([]);
    // Still the client's documents of the month, in its category.
    const stored = await t.ctx.db
      .selectFrom('media')
      .select(['requirement_id', 'category_id', 'period', 'reviewed_by'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      requirement_id: null,
      category_id: cats['Facturi primite'],
      period: now,
      reviewed_by: staff.id,
    });
    // Undoing the mark asks for the item again; the kept documents stay outside.
    const undone = await api(t)
      .as(staff)
      .post(companyUrl(client, `/checklist/${item.id}/applicable`));
    expect(undone.json.data).toMatchObject({ status: 'missing', documents: [] });
    expect((await monthOf(staff, client)).extra.map((d) => d.id)).toEqual([second, first]);
  });
});

test('the proces-verbal never lists a requirement both as delivered and as not applicable', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id });
  const owe = async (name: string) =>
    expectStatus(
      await api(t).as(firm.owner).post(companyUrl(client, '/storeRequirement'), { name, frequency: 'monthly' }),
      201,
      name,
    );
  await owe('Declarație vamală');
  await owe('Inventar casă');
  let month = await monthOf(staff, client);
  // Delivered: Facturi emise. Not applicable, its document kept: Declarație vamală.
  await accept(client, await uploadInto(client, itemNamed(month, 'Facturi emise'), 'emise-lunii.pdf'));
  await uploadInto(client, itemNamed(month, 'Declarație vamală'), 'dvi.pdf');
  expectStatus(
    await notApplicable(client, itemNamed(month, 'Declarație vamală'), {
      note: 'Fără importuri',
      pending_documents: 'keep',
    }),
    200,
    'keep',
  );
  // Not applicable first; the client sends into it anyway and the firm accepts what came.
  expectStatus(await notApplicable(client, itemNamed(month, 'Inventar casă'), { note: 'Fără casă' }), 200, 'na');
  await accept(client, await uploadInto(client, itemNamed(month, 'Inventar casă'), 'inventar.pdf'));
  for (const name of ['Facturi primite', 'Extras de cont']) {
    expectStatus(await notApplicable(client, itemNamed(month, name), { note: 'Fără' }), 200, name);
  }
  month = await monthOf(staff, client);
  expect(month.meta.complete).toBe(true);
  expect((await close(client)).status).toBe(200);

  const pdf = await api(t)
    .as(member)
    .post(holdingUrl(client, `/periods/${now}/handover`));
  expect(pdf.status).toBe(200);
  const text = await pdfText(pdf.res.rawPayload);
  const delivered = text.slice(text.indexOf('Documente predate ('), text.indexOf('Cerințe marcate „Nu se aplică” ('));
  const notApplicableText = text.slice(text.indexOf('Cerințe marcate „Nu se aplică” ('), text.indexOf('Total'));
  expect(delivered).toContain('Pentru cerința');
  expect(delivered).toMatch(/emise-lunii\.pdf\s+Facturi emise/);
  expect(delivered).toMatch(/dvi\.pdf\s+În afara listei/);
  expect(delivered).toMatch(/inventar\.pdf\s+În afara listei/);
  for (const name of ['Declarație vamală', 'Inventar casă', 'Facturi primite', 'Extras de cont']) {
    expect(notApplicableText).toContain(name);
    expect(delivered).not.toContain(name);
  }
  expect(text).toContain('din care în afara listei: 2');
});

describe('messages addressed to their reader', () => {
  // A holding's plan takes a few clients: these tests' clients join a holding of their own.
  beforeAll(async () => {
    holding = await createHolding(t, firm);
    member = await createUser(t, holding, { role: 5 });
  });

  test('a closed month: the owner may reopen it, staff are told who can, the client that the firm can', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const month = await monthOf(staff, client);
    for (const item of month.data) expectStatus(await notApplicable(client, item, { note: 'Fără' }), 200, item.name);
    expect((await close(client)).status).toBe(200);
    const closed = `Luna ${monthName(now)} este închisă: documentele ei nu mai pot fi schimbate.`;
    const upload = (actor: Actor) =>
      api(t)
        .as(actor)
        .upload(
          actor.holding_id
            ? holdingUrl(client, '/storeFiles')
            : `/api/company/${firm.id}/clients/${client.id}/storeFiles`,
          [field('period', now), file('files[]', 'tarziu.pdf', '%PDF-1.4 t', 'application/pdf')],
        );
    const answers = [await upload(firm.owner), await upload(staff), await upload(member)];
    expect(answers.map((a) => [a.status, a.json.code, a.json.message])).toEqual([
      [409, 'period_closed', `${closed} O poți redeschide.`],
      [409, 'period_closed', `${closed} Un administrator al firmei o poate redeschide.`],
      [409, 'period_closed', `${closed} Firma de contabilitate o poate redeschide.`],
    ]);
    const mark = await notApplicable(client, month.data[0], { note: 'x' });
    expect(mark.json.message).toBe(`${closed} Un administrator al firmei o poate redeschide.`);
  });

  test('an open month’s proces-verbal: each side is told who closes the month', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const handover = (actor: Actor) =>
      api(t)
        .as(actor)
        .post(
          actor.holding_id
            ? holdingUrl(client, `/periods/${now}/handover`)
            : companyUrl(client, `/periods/${now}/handover`),
        );
    const open = `Luna ${monthName(now)} nu este închisă: procesul-verbal de predare-primire se poate descărca după ce`;
    const answers = [await handover(firm.owner), await handover(staff), await handover(member)];
    expect(answers.map((a) => [a.status, a.json.message])).toEqual([
      [409, `${open} închizi luna.`],
      [409, `${open} un administrator al firmei închide luna.`],
      [409, `${open} firma de contabilitate închide luna.`],
    ]);
  });

  test('„Am terminat”: the owner is told to close the month, staff who does', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    t.mail.sent.length = 0;
    expectStatus(
      await api(t)
        .as(member)
        .post(holdingUrl(client, `/periods/${now}/done`)),
      200,
      'done',
    );
    await drainOutbox(t.ctx);
    expect(t.mail.to(firm.owner.email)[0].text).toContain('Le poți verifica și închide luna din Dosar.');
    const [staffMail] = t.mail.to(staff.email);
    expect(staffMail.text).toContain('Le poți verifica din Dosar; un administrator al firmei închide apoi luna.');
    expect(staffMail.text).not.toContain('închide luna din Dosar');
  });
});
