import { createTestApp, type TestApp } from '../helpers.js';
import {
  api,
  closeWholeMonth,
  companyCategories,
  createAdmin,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  unique,
  uploadDocument,
  type Actor,
  type Company,
  type Client,
  type Holding,
} from '../factories.js';
import { file } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { CATEGORIES_POLICY } from '../../src/features/categories/policy.js';
import { CLIENT_POLICY } from '../../src/features/clients/index.js';
import { DOCUMENTS_POLICY } from '../../src/features/documents/policy.js';
import { LINK_POLICY } from '../../src/features/links/index.js';
import { USERS_POLICY } from '../../src/features/users/policy.js';
import { UTILITY_FILES_POLICY } from '../../src/features/utility-files/policy.js';
import { MONTH_POLICY } from '../../src/features/month/index.js';
import { currentMonth } from '../../src/lib/ro-calendar.js';
import { ACTIVITY_POLICY } from '../../src/features/activity/policy.js';
import { HANDOVER_POLICY } from '../../src/features/handover/policy.js';

// Every call of the company table against every wrong caller: nothing leaks, nothing changes. The
// company under test has a client (in a linked holding) with a document, categories, a staff member and
// a utility file; its notes, document and utility file carry a canary that no refused answer may show.
let t: TestApp;
/** The company door's role table: this area's actions, and those of the features served on both doors. */
const TABLE: Record<string, readonly number[]> = {
  ...(DOCUMENTS_POLICY.company as Record<string, readonly number[]>),
  ...(CATEGORIES_POLICY.company as Record<string, readonly number[]>),
  ...(UTILITY_FILES_POLICY.company as Record<string, readonly number[]>),
  ...(USERS_POLICY.company as Record<string, readonly number[]>),
  ...(CLIENT_POLICY.company as Record<string, readonly number[]>),
  ...(LINK_POLICY.company as Record<string, readonly number[]>),
  ...(MONTH_POLICY.company as Record<string, readonly number[]>),
  ...(ACTIVITY_POLICY.company as Record<string, readonly number[]>),
  ...(HANDOVER_POLICY.company as Record<string, readonly number[]>),
};
const MONTH = currentMonth();
const CANARY = `CANARY-${unique()}`;
/** A month of the client that is closed (its proces-verbal exists), so a refusal is the caller's, not the month's. */
const CLOSED_MONTH = '2026-01';
/** The company under test, its holding, and the other company (whose owner is a wrong caller). */
let company: Company;
let holding: Holding & { client: Client };
let other: Company;
/** Everyone who calls: the company's own owner and staff, and the wrong callers. */
const who = {} as Record<'owner' | 'staff' | 'holdingAdmin' | 'holdingMember' | 'admin' | 'owner2', Actor>;
/** Objects of the company under test (and the other company's holding, for the transfer body). */
const ids = {
  client: 0,
  media: 0,
  holding: 0,
  otherHolding: 0,
  category: 0,
  user: 0,
  util: 0,
  utilMedia: 0,
  holdingUser: 0,
  requirementDefault: 0,
  requirement: 0,
  item: 0,
};

interface Call {
  action: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  upload?: boolean;
  /** Status for owner2 calling its own company with the other company's object ids; null when the call names no object. */
  foreignObject: number | null;
}

const calls = (): Call[] => [
  { action: 'clients.list', method: 'POST', path: 'clients', body: {}, foreignObject: null },
  {
    action: 'clients.create',
    method: 'POST',
    path: 'createClient',
    body: { name: 'Intrus SRL', cui: '18547290', holding_id: ids.holding },
    foreignObject: 422,
  },
  { action: 'clients.view', method: 'POST', path: `clients/${ids.client}`, foreignObject: 404 },
  {
    action: 'clients.notify',
    method: 'POST',
    path: `clients/${ids.client}/notify`,
    body: { message: 'intrus' },
    foreignObject: 404,
  },
  {
    action: 'clients.update',
    method: 'POST',
    path: `clients/${ids.client}/update`,
    body: { name: 'Intrus SRL' },
    foreignObject: 404,
  },
  { action: 'clients.delete', method: 'POST', path: `clients/${ids.client}/delete`, foreignObject: 404 },
  { action: 'clients.restore', method: 'POST', path: `clients/${ids.client}/restore`, foreignObject: 404 },
  { action: 'clients.access', method: 'POST', path: `clients/${ids.client}/access`, foreignObject: 404 },
  {
    action: 'clients.accessManage',
    method: 'POST',
    path: `clients/${ids.client}/invite`,
    body: { name: 'Intrus', email: 'intrus-portal@demo.ro', role: 4 },
    foreignObject: 404,
  },
  {
    action: 'clients.accessManage',
    method: 'POST',
    path: `clients/${ids.client}/access/${ids.holdingUser}/resend`,
    foreignObject: 404,
  },
  {
    action: 'clients.accessManage',
    method: 'POST',
    path: `clients/${ids.client}/access/${ids.holdingUser}/revoke`,
    foreignObject: 404,
  },
  {
    action: 'documents.upload',
    method: 'POST',
    path: `clients/${ids.client}/storeFiles`,
    upload: true,
    foreignObject: 404,
  },
  {
    action: 'documents.delete',
    method: 'POST',
    path: `clients/${ids.client}/media/${ids.media}/delete`,
    foreignObject: 404,
  },
  { action: 'documents.get', method: 'POST', path: `clients/${ids.client}/media/${ids.media}`, foreignObject: 404 },
  {
    action: 'documents.update',
    method: 'POST',
    path: `clients/${ids.client}/media/${ids.media}/update`,
    body: { name: 'mutat.pdf' },
    foreignObject: 404,
  },
  {
    action: 'documents.bulk',
    method: 'POST',
    path: `clients/${ids.client}/media/bulk`,
    body: { ids: [ids.media], action: 'delete' },
    foreignObject: 404,
  },
  { action: 'documents.trash', method: 'POST', path: `clients/${ids.client}/trash`, foreignObject: 404 },
  {
    action: 'documents.restore',
    method: 'POST',
    path: `clients/${ids.client}/media/${ids.media}/restore`,
    foreignObject: 404,
  },
  {
    action: 'documents.collection',
    method: 'POST',
    path: `clients/${ids.client}/collection`,
    body: {},
    foreignObject: 404,
  },
  { action: 'uploads.limits', method: 'GET', path: 'upload-limits', foreignObject: null },
  { action: 'activity.list', method: 'POST', path: `clients/${ids.client}/activity`, body: {}, foreignObject: 404 },
  {
    action: 'activity.export',
    method: 'POST',
    path: `clients/${ids.client}/activity/export`,
    body: {},
    foreignObject: 404,
  },
  {
    action: 'handover.download',
    method: 'POST',
    path: `clients/${ids.client}/periods/${CLOSED_MONTH}/handover`,
    foreignObject: 404,
  },
  { action: 'links.list', method: 'POST', path: 'holdings', body: {}, foreignObject: null },
  {
    action: 'links.notify',
    method: 'POST',
    path: `holdings/${ids.holding}/notify`,
    body: { message: 'intrus' },
    foreignObject: 404,
  },
  { action: 'links.delete', method: 'POST', path: `holdings/${ids.holding}/delete`, foreignObject: 404 },
  {
    action: 'categories.transfer',
    method: 'POST',
    path: `holdings/${ids.holding}/transferCategory`,
    body: { holding_id: ids.otherHolding },
    foreignObject: 404,
  },
  { action: 'categories.list', method: 'GET', path: `categories?holding_id=${ids.holding}`, foreignObject: 422 },
  {
    action: 'categories.create',
    method: 'POST',
    path: 'storeCategory',
    body: { name: 'Intrus', holding_id: ids.holding },
    foreignObject: 422,
  },
  {
    action: 'categories.update',
    method: 'POST',
    path: `categories/${ids.category}/update`,
    body: { name: 'Intrus' },
    foreignObject: 404,
  },
  {
    action: 'categories.reorder',
    method: 'POST',
    path: 'categories/updatePosition',
    body: { ids: [ids.category] },
    foreignObject: 422,
  },
  { action: 'categories.delete', method: 'POST', path: `categories/${ids.category}/delete`, foreignObject: 404 },
  { action: 'users.list', method: 'GET', path: 'users', foreignObject: null },
  {
    action: 'users.create',
    method: 'POST',
    path: 'storeUser',
    body: { name: 'Intrus', email: 'intrus@demo.ro', role: 2 },
    foreignObject: null,
  },
  {
    action: 'users.update',
    method: 'POST',
    path: `users/${ids.user}/update`,
    body: { name: 'Intrus', role: 2 },
    foreignObject: 404,
  },
  { action: 'users.delete', method: 'POST', path: `users/${ids.user}/delete`, foreignObject: 404 },
  { action: 'utils.list', method: 'GET', path: 'utils', foreignObject: null },
  { action: 'utils.create', method: 'POST', path: 'storeUtil', upload: true, foreignObject: null },
  {
    action: 'utils.update',
    method: 'POST',
    path: `utils/${ids.util}/update`,
    body: { title: 'Intrus' },
    foreignObject: 404,
  },
  { action: 'utils.get', method: 'POST', path: `utils/${ids.utilMedia}`, foreignObject: 404 },
  { action: 'utils.delete', method: 'POST', path: `utils/${ids.util}/delete`, foreignObject: 404 },
  { action: 'defaults.read', method: 'POST', path: 'requirement-defaults', body: {}, foreignObject: null },
  {
    action: 'defaults.write',
    method: 'POST',
    path: `requirement-defaults/${ids.requirementDefault}/update`,
    body: { name: 'Intrus' },
    foreignObject: 404,
  },
  {
    action: 'defaults.write',
    method: 'POST',
    path: `requirement-defaults/${ids.requirementDefault}/delete`,
    foreignObject: 404,
  },
  {
    action: 'defaults.write',
    method: 'POST',
    path: 'month-settings/update',
    body: { due_day: 9 },
    foreignObject: null,
  },
  {
    action: 'requirements.read',
    method: 'POST',
    path: `clients/${ids.client}/requirements`,
    body: {},
    foreignObject: 404,
  },
  {
    action: 'requirements.write',
    method: 'POST',
    path: `clients/${ids.client}/storeRequirement`,
    body: { name: 'Intrus', frequency: 'monthly' },
    foreignObject: 404,
  },
  {
    action: 'requirements.write',
    method: 'POST',
    path: `clients/${ids.client}/requirements/${ids.requirement}/delete`,
    foreignObject: 404,
  },
  {
    action: 'requirements.write',
    method: 'POST',
    path: `clients/${ids.client}/profile`,
    body: { has_employees: true },
    foreignObject: 404,
  },
  {
    action: 'checklist.read',
    method: 'POST',
    path: `clients/${ids.client}/checklist`,
    body: { period: MONTH },
    foreignObject: 404,
  },
  { action: 'checklist.read', method: 'POST', path: `clients/${ids.client}/open-items`, body: {}, foreignObject: 404 },
  {
    action: 'items.mark',
    method: 'POST',
    path: `clients/${ids.client}/checklist/${ids.item}/not-applicable`,
    body: { note: 'intrus' },
    foreignObject: 404,
  },
  {
    action: 'review.decide',
    method: 'POST',
    path: `clients/${ids.client}/media/${ids.media}/review`,
    body: { status: 'rejected', reason: 'intrus' },
    foreignObject: 404,
  },
  {
    action: 'review.decide',
    method: 'POST',
    path: 'review',
    body: { ids: [ids.media], status: 'accepted' },
    foreignObject: 404,
  },
  { action: 'review.queue', method: 'POST', path: 'review-queue', body: {}, foreignObject: null },
  { action: 'portfolio', method: 'POST', path: 'checklist', body: { period: MONTH }, foreignObject: null },
  {
    action: 'periods.close',
    method: 'POST',
    path: `clients/${ids.client}/periods/${MONTH}/close`,
    foreignObject: 404,
  },
];

function send(caller: Actor | null, call: Call, companyId: number) {
  const url = `/api/company/${companyId}/${call.path}`;
  const as = api(t).as(caller);
  if (call.upload)
    return as.upload(url, [{ name: 'title', value: 'Intrus' }, file('files[]', 'intrus.pdf', tinyPdf('intrus'))]);
  return call.method === 'GET' ? as.get(url) : as.post(url, call.body);
}

/** Everything a wrong caller could change, as one comparable value. */
async function snapshot(): Promise<string> {
  const db = t.ctx.db;
  const tables = await Promise.all([
    db.selectFrom('clients').selectAll().orderBy('id').execute(),
    db.selectFrom('media').selectAll().orderBy('id').execute(),
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'company_id', 'holding_id', 'deleted_at'])
      .orderBy('id')
      .execute(),
    db.selectFrom('utility_files').selectAll().orderBy('id').execute(),
    db
      .selectFrom('company_holding')
      .select(['company_id', 'holding_id'])
      .orderBy('company_id')
      .orderBy('holding_id')
      .execute(),
    db.selectFrom('holdings').selectAll().orderBy('id').execute(),
    db.selectFrom('companies').select(['id', 'due_day']).orderBy('id').execute(),
    db.selectFrom('requirement_defaults').selectAll().orderBy('id').execute(),
    db.selectFrom('requirements').selectAll().orderBy('id').execute(),
    db.selectFrom('checklist_items').selectAll().orderBy('id').execute(),
    db.selectFrom('client_periods').selectAll().orderBy('client_id').execute(),
    db.selectFrom('activity_events').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

let before: string;
let mailsBefore: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  who.owner = company.owner;
  who.staff = await createUser(t, company, { role: 3 });
  holding = await createHolding(t, company, { client: { notes: `Observații client ${CANARY}` } });
  who.holdingAdmin = holding.admin as Actor;
  who.holdingMember = await createUser(t, holding, { role: 5 });
  who.admin = await createAdmin(t);
  other = await createCompany(t);
  who.owner2 = other.owner;
  const otherHolding = await createHolding(t, other, { admin: false });
  const document = await uploadDocument(t, company.owner, holding.client, {
    name: `Factura ${CANARY}.pdf`,
    period: CLOSED_MONTH,
  });
  // Its document reviewed: a month closes only whole.
  await closeWholeMonth(t, company.owner, holding.client.id, CLOSED_MONTH);
  const [category] = await companyCategories(t, company);
  const util = await createUtilityFile(t, company, {
    description: `Model ${CANARY}`,
    name: 'model.pdf',
    body: tinyPdf('model'),
    mime: 'application/pdf',
  });
  Object.assign(ids, {
    client: holding.client.id,
    media: document.id,
    holding: holding.id,
    otherHolding: otherHolding.id,
    category: category.id,
    user: who.staff.id,
    util: util.id,
    utilMedia: util.media_id,
    holdingUser: who.holdingMember.id,
  });
  const door = api(t).as(company.owner);
  const first = async (path: string, body: object = {}) =>
    ((await door.post(`/api/company/${company.id}/${path}`, body)).json.data as { id: number }[])[0].id;
  ids.requirementDefault = await first('requirement-defaults');
  ids.requirement = await first(`clients/${ids.client}/requirements`);
  ids.item = await first(`clients/${ids.client}/checklist`, { period: MONTH });
  before = await snapshot();
  mailsBefore = t.mail.sent.length;
});
afterAll(() => t.close());

test('the matrix covers every action of the policy', () => {
  expect(new Set(calls().map((c) => c.action))).toEqual(new Set(Object.keys(TABLE)));
});

test('anonymous callers get 401 on every call', async () => {
  for (const call of calls()) {
    const res = await send(null, call, company.id);
    expect([call.path, res.status]).toEqual([call.path, 401]);
  }
});

test.each<[string, keyof typeof who]>([
  ['the holding administrator (role 4)', 'holdingAdmin'],
  ['a holding user (role 5)', 'holdingMember'],
  ['a platform administrator (role 1)', 'admin'],
])('%s gets 403 on every company call', async (_label, caller) => {
  for (const call of calls()) {
    const res = await send(who[caller], call, company.id);
    expect([call.path, res.status]).toEqual([call.path, 403]);
    expect(res.text).not.toContain(CANARY);
  }
});

test('staff (role 3) gets 403 on every role-2 call', async () => {
  for (const call of calls().filter((c) => !TABLE[c.action].includes(3))) {
    const res = await send(who.staff, call, company.id);
    expect([call.path, res.status]).toEqual([call.path, 403]);
  }
});

test('owner2 naming the company gets 404 on every call, never a byte of its data', async () => {
  for (const call of calls()) {
    const res = await send(who.owner2, call, company.id);
    expect([call.path, res.status]).toEqual([call.path, 404]);
    expect(res.text).not.toContain(CANARY);
    expect(res.text).not.toContain(company.name);
  }
});

test("owner2 naming its own company with the company's object ids is refused (404, or 422 for a field), without leaks", async () => {
  for (const call of calls().filter((c) => c.foreignObject !== null)) {
    const res = await send(who.owner2, call, other.id);
    expect([call.path, res.status]).toEqual([call.path, call.foreignObject]);
    expect(res.text).not.toContain(CANARY);
    expect(res.text).not.toContain(holding.name);
    expect(res.text).not.toContain(holding.client.name);
    expect(res.text).not.toContain('%PDF');
  }
});

test('none of the refused calls changed anything or sent a mail', async () => {
  expect(await snapshot()).toBe(before);
  expect(t.mail.sent.length).toBe(mailsBefore);
});

test("control: the company's own owner does see the canary and the file the refused calls kept back", async () => {
  const as = api(t).as(who.owner);
  const door = `/api/company/${company.id}`;
  expect((await as.post(`${door}/clients/${ids.client}`)).text).toContain(CANARY);
  expect((await as.get(`${door}/utils`)).text).toContain(CANARY);
  expect((await as.post(`${door}/clients/${ids.client}/media/${ids.media}`)).text).toContain('%PDF');
  expect((await as.post(`${door}/utils/${ids.utilMedia}`)).text).toContain('%PDF');
  expect((await as.post(`${door}/clients/${ids.client}/periods/${CLOSED_MONTH}/handover`)).text).toContain('%PDF');
  expect((await as.post(`${door}/clients/${ids.client}/activity/export`, {})).text).toContain(CANARY);
});
