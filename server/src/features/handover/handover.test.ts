import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  closeWholeMonth,
  createCompany,
  createHolding,
  createUser,
  uploadDocument,
  type Actor,
  type Company,
  type Document,
} from '../../../test/factories.js';
import { tinyPdf } from '../../seed.js';
import { pdfText } from '../../../test/pdf-text.js';

// The proces-verbal de predare-primire of a closed month (docs/api/month.md, "Months as a whole"): read
// back with pdf.js as a person opening it would, on both doors; 409 while the month is open; another
// tenant's client 404.
let t: TestApp;
let company: Company;
let staff: Actor;
let holdingAdmin: Actor;
let holdingId: number;
let clientId: number;
let docs: Document[];
const PERIOD = '2026-10';

const handoverUrl = (door: 'company' | 'holding', period = PERIOD, client = clientId) =>
  door === 'company'
    ? `/api/company/${company.id}/clients/${client}/periods/${period}/handover`
    : `/api/holding/${holdingId}/clients/${client}/periods/${period}/handover`;

/** The firm's owner closes the month (docs/api/month.md, "Months as a whole"), once its documents are reviewed. */
async function closeMonth(period: string): Promise<void> {
  await closeWholeMonth(t, company.owner, clientId, period);
}

/**
 * An item of a past month marked not applicable with a note. A new client owes from the current month on,
 * so the requirement and its item of an earlier month are written as the checklist would leave them.
 */
async function markNotApplicable(name: string, note: string): Promise<void> {
  const requirement = await t.ctx.db
    .insertInto('requirements')
    .values({ company_id: company.id, client_id: clientId, name, frequency: 'monthly', starts_period: '2026-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('checklist_items')
    .values({
      company_id: company.id,
      client_id: clientId,
      requirement_id: requirement.id,
      period: PERIOD,
      not_applicable_at: new Date(),
      not_applicable_by: company.owner.id,
      not_applicable_note: note,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  staff = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company);
  holdingId = holding.id;
  holdingAdmin = holding.admin as Actor;
  clientId = holding.client.id;
  docs = [
    await uploadDocument(t, staff, { id: clientId }, { name: 'Factură Școala Țăranului.pdf', period: PERIOD }),
    await uploadDocument(t, holdingAdmin, { id: clientId }, { name: 'Extras bancă „Știința” â î.pdf', period: PERIOD }),
    await uploadDocument(t, staff, { id: clientId }, { name: 'Bon fiscal.pdf', period: PERIOD, body: tinyPdf('bon') }),
  ];
  // Not in the month: another month, and a deleted document of the month.
  await uploadDocument(t, staff, { id: clientId }, { name: 'Altă lună.pdf', period: '2026-09' });
  const deleted = await uploadDocument(t, staff, { id: clientId }, { name: 'Șters.pdf', period: PERIOD });
  await api(t).as(company.owner).post(`/api/company/${company.id}/clients/${clientId}/media/${deleted.id}/delete`);
  // Nor one the firm rejected (the client was told why and sends another).
  const rejected = await uploadDocument(t, holdingAdmin, { id: clientId }, { name: 'Ilizibil.pdf', period: PERIOD });
  const review = await api(t)
    .as(staff)
    .post(`/api/company/${company.id}/clients/${clientId}/media/${rejected.id}/review`, {
      status: 'rejected',
      reason: 'Document ilizibil',
    });
  expect(review.status).toBe(200);
  await markNotApplicable('State de plată / pontaj', 'Firma nu are angajați în această lună; ștampila lipsește');
}, 120_000);
afterAll(() => t.close());

test('an open month has no proces-verbal yet: 409 with a Romanian reason, worded for its reader', async () => {
  const res = await api(t).as(staff).post(handoverUrl('company', '2026-11'));
  expect(res.status).toBe(409);
  expect(res.json.code).toBe('period_open');
  expect(res.json.message).toBe(
    'Luna Noiembrie 2026 nu este închisă: procesul-verbal de predare-primire se poate descărca după ce un administrator al firmei închide luna.',
  );
  const client = await api(t).as(holdingAdmin).post(handoverUrl('holding', '2026-11'));
  expect(client.json.message).toBe(
    'Luna Noiembrie 2026 nu este închisă: procesul-verbal de predare-primire se poate descărca după ce firma de contabilitate închide luna.',
  );
});

test('a closed month: the PDF lists every live document of the month not rejected, with its SHA-256, the items not applicable and the signatures', async () => {
  await closeMonth(PERIOD);
  const res = await api(t).as(staff).post(handoverUrl('company'));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(String(res.headers['content-disposition'])).toContain('attachment;');
  expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`Proces-verbal `);
  const body = res.res.rawPayload;
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(body);
  expect(text).toContain('PROCES-VERBAL DE PREDARE-PRIMIRE');
  expect(text).toContain('Octombrie 2026');
  expect(text).toContain(company.name);
  for (const doc of docs) {
    expect(text).toContain(doc.name);
    expect(text).toContain(doc.sha256);
  }
  expect(text).toContain('Factură Școala Țăranului.pdf');
  expect(text).toContain('Extras bancă „Știința” â î.pdf');
  expect(text).not.toContain('Altă lună.pdf');
  expect(text).not.toContain('Șters.pdf');
  expect(text).not.toContain('Ilizibil.pdf');
  expect(text).toContain('State de plată / pontaj');
  expect(text).toContain('Firma nu are angajați în această lună; ștampila lipsește');
  expect(text).toContain('Documente predate: 3');
  expect(text).toContain('Predat');
  expect(text).toContain('Primit');
  expect(text).toContain('Semnătura');
});

test('the holding downloads its own client’s proces-verbal; the download is in the history', async () => {
  const res = await api(t).as(holdingAdmin).post(handoverUrl('holding'));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const history = await api(t)
    .as(company.owner)
    .post(`/api/company/${company.id}/clients/${clientId}/activity`, { period: PERIOD });
  const handovers = (history.json.data as { action: string; label: string; side: string }[]).filter(
    (e) => e.action === 'period.handover',
  );
  expect(handovers.map((e) => [e.label, e.side])).toEqual([
    ['a descărcat procesul-verbal', 'holding'],
    ['a descărcat procesul-verbal', 'company'],
  ]);
});

test('another tenant’s client: 404 on both doors, nothing revealed', async () => {
  const other = await createCompany(t);
  const otherHolding = await createHolding(t, other);
  const fromCompany = await api(t)
    .as(other.owner)
    .post(`/api/company/${other.id}/clients/${clientId}/periods/${PERIOD}/handover`);
  expect(fromCompany.status).toBe(404);
  const fromHolding = await api(t)
    .as(otherHolding.admin)
    .post(`/api/holding/${otherHolding.id}/clients/${clientId}/periods/${PERIOD}/handover`);
  expect(fromHolding.status).toBe(404);
  expect(fromHolding.text).not.toContain(company.name);
});

test('a malformed month is refused with 422', async () => {
  const res = await api(t).as(staff).post(handoverUrl('company', '2026-13'));
  expect(res.status).toBe(422);
});
