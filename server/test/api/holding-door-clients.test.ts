import { createTestApp, type TestApp } from '../helpers.js';
import { field, file } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { lastPeriods } from '../../src/features/clients/index.js';
import { signIn, uploadDocument, PASSWORD, type Actor } from '../factories.js';
import {
  buildHoldingDoorWorld,
  CANARY,
  send,
  type HoldingDoorWorld,
  type Method,
  type Row,
} from './holding-door-world.js';

/**
 * API tests of the holding door (/api/holding/:holdingId): the refusals, the client list and the
 * clients. The world (holding-door-world.ts): holding 1 "Grup Demo" (its administrator, role 4, and a
 * member, role 5) works with company 1; holding 2 "Alt Grup" with company 2. One database for the file.
 */

let t: TestApp;
let w: HoldingDoorWorld;
/** holding 1's administrator; the index test signs in again and keeps the new session. */
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  w = await buildHoldingDoorWorld(t);
  admin = w.admin;
});
afterAll(() => t.close());

const h1 = (path: string) => `/api/holding/${w.holding1.id}/${path}`;
const h2 = (path: string) => `/api/holding/${w.holding2.id}/${path}`;
const call = (method: Method, url: string, caller: Actor | null, body?: unknown) => send(t, caller, method, url, body);

/** Every holding call, with a valid body, on holding 1's objects; `role5` is what its member (role 5) gets. */
function holdingOneCalls(): { method: Method; path: string; body?: unknown; role5: number }[] {
  const upload = {
    form: [field('period', lastPeriods(1)[0]), file('files', 'refuz.pdf', tinyPdf('refuz'), 'application/pdf')],
  };
  const { alfa, company1, member, alfaMedia, util1Media } = w;
  return [
    { method: 'POST', path: 'index', body: {}, role5: 200 },
    { method: 'POST', path: `clients/${alfa.id}`, body: {}, role5: 200 },
    {
      method: 'POST',
      path: 'clients/store',
      body: { company_id: company1.id, name: 'X SRL', cui: '34567892' },
      role5: 403,
    },
    { method: 'POST', path: `clients/${alfa.id}/update`, body: { name: 'Nume nou' }, role5: 403 },
    { method: 'POST', path: `clients/${alfa.id}/delete`, role5: 403 },
    { method: 'GET', path: 'companies', role5: 200 },
    { method: 'POST', path: `company/${company1.id}/delete`, role5: 403 },
    { method: 'GET', path: 'users', role5: 403 },
    { method: 'POST', path: 'storeUser', body: { name: 'Nou', email: 'nou-refuzat@demo.ro', role: 5 }, role5: 403 },
    { method: 'POST', path: `users/${member.id}/update`, body: { name: 'Altul' }, role5: 403 },
    { method: 'POST', path: `users/${member.id}/delete`, role5: 403 },
    { method: 'GET', path: 'utils', role5: 200 },
    { method: 'POST', path: `utils/${util1Media}`, role5: 200 },
    { method: 'POST', path: `clients/${alfa.id}/media/${alfaMedia}`, role5: 200 },
    { method: 'POST', path: `clients/${alfa.id}/collection`, body: {}, role5: 200 },
    // Alfa's documents were uploaded by company 1's owner: role 5 may not delete them.
    { method: 'POST', path: `clients/${alfa.id}/media/${alfaMedia}/delete`, role5: 403 },
    // Role 5 may upload (tested in holding-door-files-users); here only the refusals use it.
    { method: 'POST', path: `clients/${alfa.id}/storeFiles`, body: upload, role5: 0 },
  ];
}

describe('refusals (run first, on untouched data)', () => {
  test('anonymous → 401 on every holding call', async () => {
    for (const c of holdingOneCalls()) {
      const res = await call(c.method, h1(c.path), null, c.body);
      expect([c.path, res.status]).toEqual([c.path, 401]);
    }
  });

  test('holding 2 administrator on holding 1 paths → 404, never a canary', async () => {
    for (const c of holdingOneCalls()) {
      const res = await call(c.method, h1(c.path), w.admin2, c.body);
      expect([c.path, res.status]).toEqual([c.path, 404]);
      expect(res.text).not.toContain(CANARY.demo);
      expect(res.text).not.toContain('Alfa');
    }
  });

  test('holding 2 administrator on its own holding with holding 1 object ids → 404 (or 422 for a foreign company), never a canary', async () => {
    const { alfa, delta, company1, member, admin: holdingUser, alfaMedia, util1Media } = w;
    const cases: { method: Method; path: string; body?: unknown; status: number }[] = [
      { method: 'POST', path: `clients/${alfa.id}`, body: {}, status: 404 },
      { method: 'POST', path: `clients/${alfa.id}/update`, body: { name: 'Furat' }, status: 404 },
      { method: 'POST', path: `clients/${alfa.id}/delete`, status: 404 },
      { method: 'POST', path: `company/${company1.id}/delete`, status: 404 },
      { method: 'POST', path: `users/${member.id}/update`, body: { name: 'Furat' }, status: 404 },
      { method: 'POST', path: `users/${holdingUser.id}/delete`, status: 404 },
      {
        method: 'POST',
        path: 'clients/store',
        body: { company_id: company1.id, name: 'Intrus SRL', cui: '34567892' },
        status: 422,
      },
      { method: 'POST', path: 'index', body: { company_id: company1.id }, status: 200 },
      { method: 'POST', path: `clients/${alfa.id}/media/${alfaMedia}`, status: 404 },
      { method: 'POST', path: `clients/${delta.id}/media/${alfaMedia}`, status: 404 },
      { method: 'POST', path: `clients/${alfa.id}/media/${alfaMedia}/delete`, status: 404 },
      { method: 'POST', path: `clients/${delta.id}/media/${alfaMedia}/delete`, status: 404 },
      { method: 'POST', path: `clients/${alfa.id}/collection`, body: {}, status: 404 },
      { method: 'POST', path: `utils/${util1Media}`, status: 404 },
      { method: 'POST', path: `utils/${alfaMedia}`, status: 404 },
      {
        method: 'POST',
        path: `clients/${alfa.id}/storeFiles`,
        body: { form: [file('files', 'intrus.pdf', tinyPdf('intrus'), 'application/pdf')] },
        status: 404,
      },
    ];
    for (const c of cases) {
      const res = await call(c.method, h2(c.path), w.admin2, c.body);
      expect([c.path, res.status]).toEqual([c.path, c.status]);
      expect(res.text).not.toContain(CANARY.demo);
      expect(res.text).not.toContain('Alfa');
    }
    const own = await call('POST', h2('index'), w.admin2, {});
    expect(own.json.data.map((r: Row) => r.name)).toEqual(['Delta Transport SRL']);
    const row = await t.ctx.db
      .selectFrom('clients')
      .select(['name', 'deleted_at'])
      .where('id', '=', alfa.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Alfa Distribuție SRL', deleted_at: null });
    const alfaDocs = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', alfa.id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(alfaDocs).toHaveLength(4);
  });

  test('holding 1 member (role 5) → 403 on role-4 calls, 200 on the others', async () => {
    for (const c of holdingOneCalls().filter((call) => call.role5 !== 0)) {
      const res = await call(c.method, h1(c.path), w.member, c.body);
      expect([c.path, res.status]).toEqual([c.path, c.role5]);
    }
    const media = await t.ctx.db
      .selectFrom('media')
      .select('deleted_at')
      .where('id', '=', w.alfaMedia)
      .executeTakeFirstOrThrow();
    expect(media.deleted_at).toBeNull();
  });

  test('company users (company 1 owner) → 403 on every holding call', async () => {
    for (const c of holdingOneCalls()) {
      const res = await call(c.method, h1(c.path), w.company1.owner, c.body);
      expect([c.path, res.status]).toEqual([c.path, 403]);
      expect(res.text).not.toContain(CANARY.demo);
    }
  });

  test('a malformed id is a validation error, not a 500', async () => {
    expect((await call('POST', '/api/holding/abc/index', admin, {})).status).toBe(422);
    expect((await call('POST', h1('clients/99999999999/update'), admin, { name: 'x' })).status).toBe(422);
  });
});

describe('POST index', () => {
  test('lists the holding clients with company, counts per month and documents new since the previous visit', async () => {
    const res = await call('POST', h1('index'), admin);
    expect(res.status).toBe(200);
    const body = res.json;
    // One paging default on both doors (lib/paging.ts): 25 rows, as the company lists always had.
    expect(body.meta).toMatchObject({ page: 1, per_page: 25, total: 2, since: null });
    expect(body.meta.periods).toEqual(lastPeriods(6));
    expect(body.data.map((r: Row) => r.name)).toEqual(['Alfa Distribuție SRL', 'Beta Construct SRL']);
    const alfa = body.data[0] as Row;
    expect(alfa.company).toEqual({ id: w.company1.id, name: w.company1.name });
    expect(alfa.documents_count).toBe(4);
    // First visit: everything is new.
    expect(alfa.new_count).toBe(4);
    expect(alfa.months).toHaveLength(6);
    expect(alfa.months.slice(0, 3).map((m) => m.count)).toEqual([2, 2, 0]);
    // Every member as the database writes it, the months in their order.
    expect(alfa).toEqual({
      id: w.alfa.id,
      name: 'Alfa Distribuție SRL',
      cui: '34567892',
      email: expect.stringMatching(/^client-.+@client\.test$/),
      phone: null,
      company: { id: w.company1.id, name: w.company1.name },
      documents_count: 4,
      new_count: 4,
      last_upload_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      months: lastPeriods(6).map((period, i) => ({ period, count: [2, 2, 0, 0, 0, 0][i] })),
    });
    expect(res.text).not.toContain('Gamma');
    expect(res.text).not.toContain('notes');
  });

  test('new_count counts only what arrived after the previous sign-in', async () => {
    const second = await signIn(t, w.admin.email, PASSWORD);
    let body = (await call('POST', h1('index'), second, {})).json;
    expect(body.meta.since).not.toBeNull();
    expect(body.data.map((r: Row) => r.new_count)).toEqual([0, 0]);
    // The member uploads one document to Beta (the clients tests below find it as its own).
    await uploadDocument(t, w.member, w.beta, { name: 'nou.pdf', period: lastPeriods(1)[0] });
    body = (await call('POST', h1('index'), second, { sort: 'new_count', direction: 'desc' })).json;
    expect(body.data.map((r: Row) => [r.name, r.new_count, r.documents_count])).toEqual([
      ['Beta Construct SRL', 1, 5],
      ['Alfa Distribuție SRL', 0, 4],
    ]);
    admin = second;
  });

  test('search, sort, paging and filters', async () => {
    let body = (await call('POST', h1('index'), admin, { search: 'beta' })).json;
    expect(body.data.map((r: Row) => r.name)).toEqual(['Beta Construct SRL']);
    body = (await call('POST', h1('index'), admin, { search: 'DISTRIBUTIE' })).json;
    expect(body.data.map((r: Row) => r.name)).toEqual(['Alfa Distribuție SRL']);
    body = (await call('POST', h1('index'), admin, { search: '4567890' })).json;
    expect(body.data.map((r: Row) => r.name)).toEqual(['Beta Construct SRL']);
    // A CUI as it is written on an invoice, as the firm's own client list takes it.
    body = (await call('POST', h1('index'), admin, { search: 'RO 4567890' })).json;
    expect(body.data.map((r: Row) => r.name)).toEqual(['Beta Construct SRL']);
    body = (await call('POST', h1('index'), admin, { search: '%' })).json;
    expect(body.meta.total).toBe(0);
    body = (await call('POST', h1('index'), admin, { sort: 'name', direction: 'desc', per_page: 1, page: 2 })).json;
    expect(body.data.map((r: Row) => r.name)).toEqual(['Alfa Distribuție SRL']);
    expect(body.meta).toMatchObject({ page: 2, per_page: 1, total: 2 });
    body = (await call('POST', h1('index'), admin, { company_id: w.company2.id })).json;
    expect(body.meta.total).toBe(0);
  });

  test('every sort orders the page both ways, by its key', async () => {
    const key: Record<string, (r: Row & { last_upload_at: string | null }) => string | number> = {
      name: (r) => r.name,
      created_at: (r) => r.id,
      documents_count: (r) => r.documents_count,
      last_upload_at: (r) => r.last_upload_at ?? '',
      new_count: (r) => r.new_count,
    };
    for (const sort of Object.keys(key)) {
      type Listed = Row & { last_upload_at: string | null };
      const asc = (await call('POST', h1('index'), admin, { sort, direction: 'asc' })).json.data as Listed[];
      const desc = (await call('POST', h1('index'), admin, { sort, direction: 'desc' })).json.data as Listed[];
      expect([sort, asc.length]).toEqual([sort, 2]);
      expect([sort, key[sort](asc[0]) < key[sort](asc[1])]).toEqual([sort, true]);
      expect([sort, desc.map((r) => r.id)]).toEqual([sort, asc.map((r) => r.id).reverse()]);
    }
  });

  test('validation', async () => {
    for (const payload of [
      { per_page: 101 },
      { page: 0 },
      { sort: 'password' },
      { direction: 'up' },
      { foo: 1 },
      { search: 'x'.repeat(101) },
    ]) {
      const res = await call('POST', h1('index'), admin, payload);
      expect([payload, res.status]).toEqual([payload, 422]);
      expect(res.json.errors).toBeDefined();
    }
  });
});

describe('clients', () => {
  test('POST clients/{id}: the client with categories and documents; can_delete per role', async () => {
    const res = await call('POST', h1(`clients/${w.alfa.id}`), admin, {});
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.client).toMatchObject({
      id: w.alfa.id,
      name: 'Alfa Distribuție SRL',
      cui: '34567892',
      company: { id: w.company1.id },
      documents_count: 4,
    });
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual([
      'Facturi emise',
      'Facturi primite',
      'Extrase bancare',
      'Salarii',
      'Contracte',
      'Bonuri fiscale',
    ]);
    expect(body.categories_inherited).toBe(true);
    expect(body.upload_limits).toMatchObject({
      max_bytes: t.ctx.config.uploadMaxBytes,
      accept: expect.stringContaining('.pdf'),
    });
    expect(body.periods).toEqual(lastPeriods(2));
    expect(body.documents).toHaveLength(4);
    expect(body.documents[0]).toMatchObject({
      client_id: w.alfa.id,
      mime: 'application/pdf',
      can_delete: true,
      category: { name: 'Facturi emise' },
      uploaded_by: { name: w.company1.owner.name },
    });
    expect(res.text).not.toContain('storage_key');
    expect(res.text).not.toContain(`company-${w.company1.id}/`);

    const asClient = (await call('POST', h1(`clients/${w.alfa.id}`), w.member, null)).json;
    expect(asClient.documents.every((d: { can_delete: boolean }) => !d.can_delete)).toBe(true);
    const beta = (await call('POST', h1(`clients/${w.beta.id}`), w.member)).json;
    // The document the 'new_count' test added to Beta was uploaded by the member itself.
    expect(
      beta.documents.filter((d: { can_delete: boolean }) => d.can_delete).map((d: { name: string }) => d.name),
    ).toEqual(['nou.pdf']);
  });

  test('POST clients/{id}: filters by period and category; other clients → 404', async () => {
    const period = lastPeriods(2)[1];
    const body = (await call('POST', h1(`clients/${w.alfa.id}`), admin, { period })).json;
    expect(body.documents).toHaveLength(2);
    expect(body.client.documents_count).toBe(4);
    const categoryId = body.documents[0].category_id as number;
    const byCategory = (await call('POST', h1(`clients/${w.alfa.id}`), admin, { category_id: categoryId })).json;
    expect(byCategory.documents).toHaveLength(2);
    expect((await call('POST', h1(`clients/${w.alfa.id}`), admin, { period: '2024-13' })).status).toBe(422);
    for (const other of [w.gamma.id, w.delta.id, 999999]) {
      const res = await call('POST', h1(`clients/${other}`), admin, {});
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('Clientul nu a fost găsit.');
      expect(res.text).not.toContain(CANARY.other);
    }
  });

  let createdId = 0;
  test('POST clients/store creates a client under a linked company', async () => {
    const res = await call('POST', h1('clients/store'), admin, {
      company_id: w.company1.id,
      name: '  Zeta Servicii SRL ',
      cui: 'ro 18547290',
      email: 'Office@Zeta.ro',
      phone: '0722 111 222',
      notes: '',
    });
    expect(res.status).toBe(201);
    const body = res.json;
    expect(body.client).toMatchObject({
      name: 'Zeta Servicii SRL',
      cui: 'RO18547290',
      email: 'office@zeta.ro',
      phone: '0722 111 222',
      notes: null,
      company: { id: w.company1.id, name: w.company1.name },
    });
    createdId = body.client.id;
    const row = await t.ctx.db.selectFrom('clients').selectAll().where('id', '=', createdId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: w.company1.id, holding_id: w.holding1.id });
    const index = (await call('POST', h1('index'), admin, { search: 'Zeta' })).json;
    expect(index.data[0]).toMatchObject({ id: createdId, documents_count: 0, new_count: 0 });
  });

  test('POST clients/store validation', async () => {
    const base = { company_id: w.company1.id, name: 'Eta SRL', cui: '34567892' };
    const cases: [unknown, string][] = [
      [{ ...base, cui: '34567891' }, 'cui'],
      [{ ...base, cui: 'RO18547290' }, 'cui'], // Zeta has it already
      [{ ...base, company_id: w.company2.id }, 'company_id'],
      [{ ...base, company_id: 999999 }, 'company_id'],
      [{ ...base, email: 'nu-e-email' }, 'email'],
      [{ ...base, phone: 'abc' }, 'phone'],
      [{ ...base, name: '   ' }, 'name'],
      [{ company_id: w.company1.id, name: 'Eta SRL' }, 'cui'],
      [{ ...base, holding_id: w.holding2.id }, 'holding_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', h1('clients/store'), admin, payload);
      expect([field, res.status]).toEqual([field, 422]);
      expect(Object.keys(res.json.errors)).toContain(field);
    }
  });

  test('POST clients/{id}/update', async () => {
    const res = await call('POST', h1(`clients/${createdId}/update`), admin, {
      name: 'Zeta Holding SRL',
      phone: null,
    });
    expect(res.status).toBe(200);
    expect(res.json.client).toMatchObject({
      id: createdId,
      name: 'Zeta Holding SRL',
      phone: null,
      email: 'office@zeta.ro',
    });
    expect((await call('POST', h1(`clients/${createdId}/update`), admin, {})).status).toBe(422);
    // Alfa's CUI.
    expect((await call('POST', h1(`clients/${createdId}/update`), admin, { cui: '34567892' })).status).toBe(422);
    expect((await call('POST', h1(`clients/${createdId}/update`), admin, { company_id: w.company2.id })).status).toBe(
      422,
    );
    expect((await call('POST', h1(`clients/${w.gamma.id}/update`), admin, { name: 'x' })).status).toBe(404);
  });

  test('POST clients/{id}/delete is soft', async () => {
    const res = await call('POST', h1(`clients/${createdId}/delete`), admin);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Clientul a fost șters.');
    const row = await t.ctx.db
      .selectFrom('clients')
      .select('deleted_at')
      .where('id', '=', createdId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('POST', h1(`clients/${createdId}`), admin, {})).status).toBe(404);
    expect((await call('POST', h1(`clients/${createdId}/delete`), admin)).status).toBe(404);
  });
});
