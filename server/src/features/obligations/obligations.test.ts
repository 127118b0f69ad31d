import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  type Actor,
  type Company,
} from '../../../test/factories.js';
import { field, file } from '../../../test/multipart.js';
import { manualClock } from '../../infra/clock.js';
import { tinyPdf } from '../../seed.js';

// The declaration calendar on both doors (docs/api/company-door.md, "Declarations"): the fiscal profile on
// the client, a client's obligations with due dates and statuses, the firm's grid, filing with a receipt
// and its undoing, scope and roles, bad input. Today is 1 December 2026 in Romania.

let t: TestApp;
let company: Company;
let staff: Actor;
let holdingAdmin: Actor;
let holdingId: number;
let clientId: number;
let other: Company;
let otherClientId: number;

const PROFILE = { vat: 'monthly', employer: 'monthly', tax: 'micro', saft: 'none' } as const;
const C = (path = '') => `/api/company/${company.id}${path}`;
const H = (path = '') => `/api/holding/${holdingId}${path}`;

interface Obligation {
  code: string;
  period: string;
  period_label: string;
  due_date: string;
  status: 'due' | 'late' | 'filed';
  filed_at: string | null;
  filed_by: string | null;
  receipt: { id: number; name: string } | null;
}

async function obligations(
  from: string,
  to: string,
  caller: Actor = company.owner,
  url = C(`/clients/${clientId}/obligations`),
) {
  const res = await api(t).as(caller).post(url, { from, to });
  expect(res.status).toBe(200);
  return res.json.data as Obligation[];
}

const find = (list: Obligation[], code: string, period: string) =>
  list.find((o) => o.code === code && o.period === period);

const receipt = (name = 'recipisa-d300.pdf') => [file('files', name, tinyPdf('Recipisa D300'), 'application/pdf')];
const fileUrl = (code: string, period: string, client = clientId) =>
  C(`/clients/${client}/obligations/${code}/${period}/file`);
const unfileUrl = (code: string, period: string, client = clientId) =>
  C(`/clients/${client}/obligations/${code}/${period}/unfile`);

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: manualClock('2026-12-01T08:00:00Z') });
  company = await createCompany(t);
  staff = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company);
  holdingId = holding.id;
  holdingAdmin = holding.admin as Actor;
  clientId = holding.client.id;
  other = await createCompany(t);
  otherClientId = (await createClient(t, other)).id;
  const res = await api(t)
    .as(company.owner)
    .post(C(`/clients/${clientId}/update`), { fiscal_profile: PROFILE });
  expect(res.status).toBe(200);
}, 120_000);
afterAll(() => t.close());

test('the fiscal profile is saved on the client and shown in its answer; a wrong value is refused in Romanian', async () => {
  const view = await api(t)
    .as(staff)
    .post(C(`/clients/${clientId}`), {});
  expect(view.status).toBe(200);
  expect(view.json.data.fiscal_profile).toEqual(PROFILE);

  const wrong = await api(t)
    .as(company.owner)
    .post(C(`/clients/${clientId}/update`), { fiscal_profile: { ...PROFILE, vat: 'weekly' } });
  expect(wrong.status).toBe(422);
  expect(JSON.stringify(wrong.json.errors)).toContain('are o valoare nepermisă.');
  // The holding edits its client's contacts, not what the firm decides about its taxes.
  const fromHolding = await api(t)
    .as(holdingAdmin)
    .post(H(`/clients/${clientId}/update`), { fiscal_profile: PROFILE });
  expect(fromHolding.status).toBe(422);
});

test('a client’s obligations: the declarations its profile owes, due on working days, late once past', async () => {
  const list = await obligations('2026-10', '2026-11', staff);
  expect(list.filter((o) => o.period === '2026-11').map((o) => o.code)).toEqual(['D112', 'D300', 'D390', 'D394']);
  // October closes no quarter: no D100 for the micro company (September does, below).
  expect(list.filter((o) => o.period === '2026-10').map((o) => o.code)).toEqual(['D112', 'D300', 'D390', 'D394']);
  expect(find(list, 'D300', '2026-10')).toMatchObject({ due_date: '2026-11-25', status: 'late', receipt: null });
  // 30 November and 1 December are holidays.
  expect(find(list, 'D394', '2026-10')).toMatchObject({ due_date: '2026-12-02', status: 'due' });
  expect(find(list, 'D300', '2026-11')).toMatchObject({ due_date: '2026-12-28', status: 'due' });
  const quarter = await obligations('2026-09', '2026-09');
  expect(find(quarter, 'D100', '2026-09')).toMatchObject({
    due_date: '2026-10-26',
    period_label: 'Trimestrul III 2026',
    status: 'late',
  });
});

test('a client without a profile owes nothing on the calendar', async () => {
  const bare = await createClient(t, company);
  expect(await obligations('2026-01', '2026-12', company.owner, C(`/clients/${bare.id}/obligations`))).toEqual([]);
});

test('filing with a receipt, seen by the holding read-only, recorded in the history; undo puts it back', async () => {
  const filed = await api(t).as(staff).upload(fileUrl('D300', '2026-10'), receipt());
  expect(filed.status).toBe(200);
  expect(filed.json.message).toBe('Declarația D300 pentru octombrie 2026 a fost marcată ca depusă.');
  expect(filed.json.data).toMatchObject({ code: 'D300', period: '2026-10', status: 'filed', filed_by: staff.name });
  const receiptId = filed.json.data.receipt.id as number;
  expect(filed.json.data.receipt.name).toBe('recipisa-d300.pdf');

  // Twice: refused, and the second receipt did not stay.
  const again = await api(t).as(staff).upload(fileUrl('D300', '2026-10'), receipt('alta.pdf'));
  expect(again.status).toBe(409);
  expect(again.json.message).toBe('Declarația D300 pentru octombrie 2026 este deja marcată ca depusă.');

  // The holding sees the filing and downloads the receipt, a document of its client.
  const seen = await obligations('2026-10', '2026-10', holdingAdmin, H(`/clients/${clientId}/obligations`));
  expect(find(seen, 'D300', '2026-10')).toMatchObject({ status: 'filed', receipt: { id: receiptId } });
  const download = await api(t)
    .as(holdingAdmin)
    .post(H(`/clients/${clientId}/media/${receiptId}`));
  expect(download.status).toBe(200);
  expect(download.headers['content-type']).toContain('application/pdf');

  const history = await api(t)
    .as(company.owner)
    .post(C(`/clients/${clientId}/activity`), { per_page: 5 });
  const filing = history.json.data.find((e: { action: string }) => e.action === 'obligation.file');
  expect(filing).toMatchObject({ document: { id: receiptId }, period: '2026-10' });

  const undone = await api(t).as(company.owner).post(unfileUrl('D300', '2026-10'));
  expect(undone.status).toBe(200);
  expect(undone.json.data).toMatchObject({ status: 'late', receipt: null, filed_at: null });
  expect(
    (
      await api(t)
        .as(holdingAdmin)
        .post(H(`/clients/${clientId}/media/${receiptId}`))
    ).status,
  ).toBe(404);
  const after = await api(t)
    .as(company.owner)
    .post(C(`/clients/${clientId}/activity`), { per_page: 1 });
  expect(after.json.data[0].action).toBe('obligation.unfile');
  const twice = await api(t).as(company.owner).post(unfileUrl('D300', '2026-10'));
  expect(twice.status).toBe(409);
  // Filed again after the undo.
  expect((await api(t).as(company.owner).upload(fileUrl('D300', '2026-10'), receipt())).status).toBe(200);
});

test('an XML receipt is taken; anything else, no file or a declaration not owed is refused', async () => {
  const xml = '<?xml version="1.0"?><header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" index_incarcare="1"/>';
  const ok = await api(t)
    .as(staff)
    .upload(fileUrl('D394', '2026-10'), [file('files', 'recipisa.xml', xml, 'text/xml')]);
  expect(ok.status).toBe(200);

  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a70000000049454e44ae426082',
    'hex',
  );
  const image = await api(t)
    .as(staff)
    .upload(fileUrl('D112', '2026-10'), [file('files', 'poza.png', png, 'image/png')]);
  expect(image.status).toBe(422);
  expect(image.json.errors.files).toEqual(['Recipisa trebuie să fie un fișier PDF sau XML.']);
  const none = await api(t)
    .as(staff)
    .upload(fileUrl('D112', '2026-10'), [field('note', 'x')]);
  expect(none.status).toBe(422);
  expect(none.json.errors.files).toEqual(['Încarcă recipisa declarației (un fișier PDF sau XML).']);
  const notOwed = await api(t).as(staff).upload(fileUrl('D101', '2026-12'), receipt());
  expect(notOwed.status).toBe(422);
  expect(notOwed.json.errors.code[0]).toBe('După profilul fiscal al clientului, D101 nu se depune pentru anul 2026.');
  // Nothing of the refused uploads stayed: still not filed.
  expect(find(await obligations('2026-10', '2026-10'), 'D112', '2026-10')?.status).toBe('late');
});

test('bad periods and ranges answer 422 in Romanian', async () => {
  const url = C(`/clients/${clientId}/obligations`);
  const post = (body: unknown) => api(t).as(staff).post(url, body);
  expect((await post({ from: '2026-13', to: '2026-12' })).status).toBe(422);
  expect((await post({ from: '2026-1', to: '2026-12' })).status).toBe(422);
  expect((await post({ from: '2026-10' })).status).toBe(422);
  const reversed = await post({ from: '2026-12', to: '2026-10' });
  expect(reversed.status).toBe(422);
  expect(reversed.json.errors.from).toEqual(['Luna de început trebuie să fie cel târziu luna de sfârșit.']);
  const long = await post({ from: '2024-01', to: '2027-01' });
  expect(long.status).toBe(422);
  expect(long.json.errors.to).toEqual(['Poți cere cel mult 36 de luni odată.']);
  expect((await api(t).as(staff).upload(fileUrl('X300', '2026-10'), receipt())).status).toBe(422);
  expect((await api(t).as(staff).upload(fileUrl('D300', '2026-00'), receipt())).status).toBe(422);
  expect((await api(t).as(staff).post(C('/obligations'), { period: 'noiembrie' })).status).toBe(422);
});

test('scope: another firm’s client is not found; the holding only reads; roles are checked', async () => {
  expect(
    (
      await api(t)
        .as(company.owner)
        .post(C(`/clients/${otherClientId}/obligations`), { from: '2026-11', to: '2026-11' })
    ).status,
  ).toBe(404);
  expect(
    (
      await api(t)
        .as(company.owner)
        .upload(fileUrl('D300', '2026-11', otherClientId), receipt())
    ).status,
  ).toBe(404);
  expect(
    (
      await api(t)
        .as(company.owner)
        .post(unfileUrl('D300', '2026-10', otherClientId))
    ).status,
  ).toBe(404);
  // Another firm's owner at this firm's door: 404, its existence not revealed.
  expect(
    (
      await api(t)
        .as(other.owner)
        .post(C(`/clients/${clientId}/obligations`), { from: '2026-11', to: '2026-11' })
    ).status,
  ).toBe(404);
  // The holding has no grid and no filing calls.
  expect((await api(t).as(holdingAdmin).post(H('/obligations'), { period: '2026-11' })).status).toBe(404);
  expect(
    (
      await api(t)
        .as(holdingAdmin)
        .upload(H(`/clients/${clientId}/obligations/D300/2026-11/file`), receipt())
    ).status,
  ).toBe(404);
  // A holding person at the company door: 403.
  expect((await api(t).as(holdingAdmin).post(C('/obligations'), { period: '2026-11' })).status).toBe(403);
  expect((await api(t).post(C('/obligations'), { period: '2026-11' })).status).toBe(401);
});

test('the firm’s grid: clients × declarations for a month, with statuses', async () => {
  const res = await api(t).as(staff).post(C('/obligations'), { period: '2026-10' });
  expect(res.status).toBe(200);
  expect(res.json.codes.map((c: { code: string }) => c.code)).toEqual(['D112', 'D300', 'D390', 'D394', 'D406']);
  const row = res.json.data.find((r: { client: { id: number } }) => r.client.id === clientId);
  expect(row.fiscal_profile).toEqual(PROFILE);
  const statuses = Object.fromEntries(row.obligations.map((o: Obligation) => [o.code, o.status]));
  expect(statuses).toEqual({ D112: 'late', D300: 'filed', D390: 'late', D394: 'filed' });
  expect(res.json.meta.total).toBe(2); // the holding's client and the one without a profile
  expect(res.json.data.every((r: { client: { id: number } }) => r.client.id !== otherClientId)).toBe(true);
  const searched = await api(t)
    .as(staff)
    .post(C('/obligations'), { period: '2026-10', search: 'nimeni-nu-se-numeste-asa' });
  expect(searched.json.data).toEqual([]);
});

test('a change in the law is a new row: from its date the calendar follows it', async () => {
  await t.ctx.db
    .insertInto('obligation_rules')
    .values({
      code: 'D300',
      name: 'Decont de TVA',
      profile_key: 'vat',
      profile_value: 'monthly',
      frequency: 'monthly',
      due_rule: 'day_of_next_month',
      due_day: 26,
      due_month: null,
      valid_from: '2027-01-01',
    })
    .execute();
  const list = await obligations('2026-12', '2027-01');
  expect(find(list, 'D300', '2026-12')?.due_date).toBe('2027-01-25');
  expect(find(list, 'D300', '2027-01')?.due_date).toBe('2027-02-26');
});
