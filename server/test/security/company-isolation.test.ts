import { bearer, createTestApp, type TestApp } from '../helpers.js';
import { file, multipart } from '../multipart.js';
import { CANARY, tinyPdf } from '../../src/seed.js';
import { CATEGORIES_POLICY } from '../../src/features/categories/policy.js';
import { CLIENT_POLICY } from '../../src/features/clients/index.js';
import { DOCUMENTS_POLICY } from '../../src/features/documents/policy.js';
import { LINK_POLICY } from '../../src/features/links/index.js';
import { USERS_POLICY } from '../../src/features/users/policy.js';
import { UTILITY_FILES_POLICY } from '../../src/features/utility-files/policy.js';

// Every call of the company table against every wrong caller: nothing leaks, nothing changes.
let t: TestApp;
/** The company door's role table: this area's actions, and those of the features served on both doors. */
const TABLE: Record<string, readonly number[]> = {
  ...(DOCUMENTS_POLICY.company as Record<string, readonly number[]>),
  ...(CATEGORIES_POLICY.company as Record<string, readonly number[]>),
  ...(UTILITY_FILES_POLICY.company as Record<string, readonly number[]>),
  ...(USERS_POLICY.company as Record<string, readonly number[]>),
  ...(CLIENT_POLICY.company as Record<string, readonly number[]>),
  ...(LINK_POLICY.company as Record<string, readonly number[]>),
};
const tokens: Record<string, string> = {};
const ids = { client: 0, media: 0, holding: 1, category: 0, user: 0, util: 0, utilMedia: 0 };

interface Call {
  action: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  upload?: boolean;
  /** Status for owner2 calling its own company (2) with company 1 object ids; null when the call names no object. */
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
    action: 'documents.collection',
    method: 'POST',
    path: `clients/${ids.client}/collection`,
    body: {},
    foreignObject: 404,
  },
  { action: 'uploads.limits', method: 'GET', path: 'upload-limits', foreignObject: null },
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
    body: { holding_id: 2 },
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
];

function send(token: string | null, call: Call, companyId: number) {
  const url = `/api/company/${companyId}/${call.path}`;
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (call.upload) {
    const body = multipart([{ name: 'title', value: 'Intrus' }, file('files[]', 'intrus.pdf', tinyPdf('intrus'))]);
    return t.app.inject({ method: call.method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  return t.app.inject({ method: call.method, url, headers, ...(call.body ? { payload: call.body } : {}) });
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
  ]);
  return JSON.stringify(tables);
}

let before: string;
let mailsBefore: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    'owner@demo.ro',
    'staff@demo.ro',
    'owner2@demo.ro',
    'holding@demo.ro',
    'client@demo.ro',
    'admin@demo.ro',
  ]) {
    tokens[email] = await t.login(email);
  }
  const db = t.ctx.db;
  ids.client = (
    await db.selectFrom('clients').select('id').where('company_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  ids.media = (
    await db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', ids.client)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.category = (
    await db.selectFrom('categories').select('id').where('company_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  ids.user = (
    await db.selectFrom('users').select('id').where('email', '=', 'staff@demo.ro').executeTakeFirstOrThrow()
  ).id;
  const util = await db
    .selectFrom('utility_files')
    .select(['id', 'media_id'])
    .where('company_id', '=', 1)
    .executeTakeFirstOrThrow();
  ids.util = util.id;
  ids.utilMedia = util.media_id;
  before = await snapshot();
  mailsBefore = t.mail.sent.length;
});
afterAll(() => t.close());

test('the matrix covers every action of the policy', () => {
  expect(new Set(calls().map((c) => c.action))).toEqual(new Set(Object.keys(TABLE)));
});

test('anonymous callers get 401 on every call', async () => {
  for (const call of calls()) {
    const res = await send(null, call, 1);
    expect([call.path, res.statusCode]).toEqual([call.path, 401]);
  }
});

test.each([
  ['holding@demo.ro (role 4)', 'holding@demo.ro'],
  ['client@demo.ro (role 5)', 'client@demo.ro'],
  ['admin@demo.ro (role 1)', 'admin@demo.ro'],
])('%s gets 403 on every company call', async (_label, email) => {
  for (const call of calls()) {
    const res = await send(tokens[email], call, 1);
    expect([call.path, res.statusCode]).toEqual([call.path, 403]);
    expect(res.body).not.toContain(CANARY.demo);
  }
});

test('staff (role 3) gets 403 on every role-2 call', async () => {
  for (const call of calls().filter((c) => !TABLE[c.action].includes(3))) {
    const res = await send(tokens['staff@demo.ro'], call, 1);
    expect([call.path, res.statusCode]).toEqual([call.path, 403]);
  }
});

test('owner2 naming company 1 gets 404 on every call, never a byte of its data', async () => {
  for (const call of calls()) {
    const res = await send(tokens['owner2@demo.ro'], call, 1);
    expect([call.path, res.statusCode]).toEqual([call.path, 404]);
    expect(res.body).not.toContain(CANARY.demo);
    expect(res.body).not.toContain('Contabil Demo');
  }
});

test('owner2 naming its own company with company 1 object ids is refused (404, or 422 for a field), without leaks', async () => {
  for (const call of calls().filter((c) => c.foreignObject !== null)) {
    const res = await send(tokens['owner2@demo.ro'], call, 2);
    expect([call.path, res.statusCode]).toEqual([call.path, call.foreignObject]);
    expect(res.body).not.toContain(CANARY.demo);
    expect(res.body).not.toContain('Grup Demo');
    expect(res.body).not.toContain('Alfa');
    expect(res.body).not.toContain('%PDF');
  }
});

test('none of the refused calls changed anything or sent a mail', async () => {
  expect(await snapshot()).toBe(before);
  expect(t.mail.sent.length).toBe(mailsBefore);
});
