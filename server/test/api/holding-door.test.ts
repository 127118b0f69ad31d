import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, type TestApp } from '../helpers.js';
import { CANARY, tinyPdf } from '../../src/seed.js';
import { lastPeriods } from '../../src/features/clients/index.js';

/**
 * API tests of the holding calls (/api/holding/:holdingId) on the
 * demo world: holding 1 "Grup Demo" (holding@demo.ro role 4, client@demo.ro
 * role 5) works with company 1; holding 2 "Alt Grup" (holding2@demo.ro) with
 * company 2. One database for the whole file.
 */

let t: TestApp;
const tokens: Record<'holding' | 'client' | 'holding2' | 'owner', string> = {
  holding: '',
  client: '',
  holding2: '',
  owner: '',
};
const ids = {
  holding1: 0,
  holding2: 0,
  company1: 0,
  company2: 0,
  alfa: 0,
  beta: 0,
  gamma: 0,
  delta: 0,
  holdingUser: 0,
  clientUser: 0,
  holding2User: 0,
  alfaMedia: 0,
  betaMedia: 0,
  deltaMedia: 0,
  util1Media: 0,
  util2Media: 0,
};

type Method = 'GET' | 'POST';
interface Multipart {
  multipart: Buffer;
  contentType: string;
}
const call = (method: Method, url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse> => {
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (payload && typeof payload === 'object' && 'multipart' in payload) {
    const m = payload as Multipart;
    return t.app.inject({ method, url, headers: { ...headers, 'content-type': m.contentType }, payload: m.multipart });
  }
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
};

/** A multipart/form-data body: the fields first (the upload checks them before the first file), then the files. */
function multipart(fields: Record<string, string>, files: { name: string; type: string; body: Buffer }[]): Multipart {
  const boundary = `----dosar${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { multipart: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function idOf(
  table: 'clients' | 'companies' | 'holdings' | 'users',
  column: 'name' | 'email',
  value: string,
): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select('id')
    .where(column as never, '=', value as never)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function firstMedia(clientId: number | null, companyId: number): Promise<number> {
  let q = t.ctx.db.selectFrom('media').select('id').where('company_id', '=', companyId).orderBy('id');
  q = clientId === null ? q.where('client_id', 'is', null) : q.where('client_id', '=', clientId);
  return (await q.executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  t = await createTestApp();
  ids.holding1 = await idOf('holdings', 'name', 'Grup Demo');
  ids.holding2 = await idOf('holdings', 'name', 'Alt Grup');
  ids.company1 = await idOf('companies', 'name', 'Contabil Demo SRL');
  ids.company2 = await idOf('companies', 'name', 'Alt Contabil SRL');
  ids.alfa = await idOf('clients', 'name', 'Alfa Distribuție SRL');
  ids.beta = await idOf('clients', 'name', 'Beta Construct SRL');
  ids.gamma = await idOf('clients', 'name', 'Gamma Consultanță SRL');
  ids.delta = await idOf('clients', 'name', 'Delta Transport SRL');
  ids.holdingUser = await idOf('users', 'email', 'holding@demo.ro');
  ids.clientUser = await idOf('users', 'email', 'client@demo.ro');
  ids.holding2User = await idOf('users', 'email', 'holding2@demo.ro');
  ids.alfaMedia = await firstMedia(ids.alfa, ids.company1);
  ids.betaMedia = await firstMedia(ids.beta, ids.company1);
  ids.deltaMedia = await firstMedia(ids.delta, ids.company2);
  ids.util1Media = await firstMedia(null, ids.company1);
  ids.util2Media = await firstMedia(null, ids.company2);
  tokens.holding = await t.login('holding@demo.ro');
  tokens.client = await t.login('client@demo.ro');
  tokens.holding2 = await t.login('holding2@demo.ro');
  tokens.owner = await t.login('owner@demo.ro');
});
afterAll(() => t.close());

const h1 = (path: string) => `/api/holding/${ids.holding1}/${path}`;
const h2 = (path: string) => `/api/holding/${ids.holding2}/${path}`;

interface Row {
  id: number;
  name: string;
  documents_count: number;
  new_count: number;
  months: { period: string; count: number }[];
  company: { id: number; name: string };
}

/** Every holding call, with a valid body, on holding 1's objects; `role5` is what client@demo.ro gets. */
function holdingOneCalls(): { method: Method; path: string; body?: unknown; role5: number }[] {
  const upload = multipart({ period: lastPeriods(1)[0] }, [
    { name: 'refuz.pdf', type: 'application/pdf', body: tinyPdf('refuz') },
  ]);
  return [
    { method: 'POST', path: 'index', body: {}, role5: 200 },
    { method: 'POST', path: `clients/${ids.alfa}`, body: {}, role5: 200 },
    {
      method: 'POST',
      path: 'clients/store',
      body: { company_id: ids.company1, name: 'X SRL', cui: '34567892' },
      role5: 403,
    },
    { method: 'POST', path: `clients/${ids.alfa}/update`, body: { name: 'Nume nou' }, role5: 403 },
    { method: 'POST', path: `clients/${ids.alfa}/delete`, role5: 403 },
    { method: 'GET', path: 'companies', role5: 200 },
    { method: 'POST', path: `company/${ids.company1}/delete`, role5: 403 },
    { method: 'GET', path: 'users', role5: 403 },
    { method: 'POST', path: 'storeUser', body: { name: 'Nou', email: 'nou-refuzat@demo.ro', role: 5 }, role5: 403 },
    { method: 'POST', path: `users/${ids.clientUser}/update`, body: { name: 'Altul' }, role5: 403 },
    { method: 'POST', path: `users/${ids.clientUser}/delete`, role5: 403 },
    { method: 'GET', path: 'utils', role5: 200 },
    { method: 'POST', path: `utils/${ids.util1Media}`, role5: 200 },
    { method: 'POST', path: `clients/${ids.alfa}/media/${ids.alfaMedia}`, role5: 200 },
    { method: 'POST', path: `clients/${ids.alfa}/collection`, body: {}, role5: 200 },
    // Alfa's documents were uploaded by owner@demo.ro: role 5 may not delete them.
    { method: 'POST', path: `clients/${ids.alfa}/media/${ids.alfaMedia}/delete`, role5: 403 },
    // Role 5 may upload (tested below); here only the refusals use it.
    { method: 'POST', path: `clients/${ids.alfa}/storeFiles`, body: upload, role5: 0 },
  ];
}

describe('refusals (run first, on untouched data)', () => {
  test('anonymous → 401 on every holding call', async () => {
    for (const c of holdingOneCalls()) {
      const res = await call(c.method, h1(c.path), undefined, c.body);
      expect([c.path, res.statusCode]).toEqual([c.path, 401]);
    }
  });

  test('holding2@demo.ro on holding 1 paths → 404, never a canary', async () => {
    for (const c of holdingOneCalls()) {
      const res = await call(c.method, h1(c.path), tokens.holding2, c.body);
      expect([c.path, res.statusCode]).toEqual([c.path, 404]);
      expect(res.body).not.toContain(CANARY.demo);
      expect(res.body).not.toContain('Alfa');
    }
  });

  test('holding2@demo.ro on its own holding with holding 1 object ids → 404 (or 422 for a foreign company), never a canary', async () => {
    const cases: { method: Method; path: string; body?: unknown; status: number }[] = [
      { method: 'POST', path: `clients/${ids.alfa}`, body: {}, status: 404 },
      { method: 'POST', path: `clients/${ids.alfa}/update`, body: { name: 'Furat' }, status: 404 },
      { method: 'POST', path: `clients/${ids.alfa}/delete`, status: 404 },
      { method: 'POST', path: `company/${ids.company1}/delete`, status: 404 },
      { method: 'POST', path: `users/${ids.clientUser}/update`, body: { name: 'Furat' }, status: 404 },
      { method: 'POST', path: `users/${ids.holdingUser}/delete`, status: 404 },
      {
        method: 'POST',
        path: 'clients/store',
        body: { company_id: ids.company1, name: 'Intrus SRL', cui: '34567892' },
        status: 422,
      },
      { method: 'POST', path: 'index', body: { company_id: ids.company1 }, status: 200 },
      { method: 'POST', path: `clients/${ids.alfa}/media/${ids.alfaMedia}`, status: 404 },
      { method: 'POST', path: `clients/${ids.delta}/media/${ids.alfaMedia}`, status: 404 },
      { method: 'POST', path: `clients/${ids.alfa}/media/${ids.alfaMedia}/delete`, status: 404 },
      { method: 'POST', path: `clients/${ids.delta}/media/${ids.alfaMedia}/delete`, status: 404 },
      { method: 'POST', path: `clients/${ids.alfa}/collection`, body: {}, status: 404 },
      { method: 'POST', path: `utils/${ids.util1Media}`, status: 404 },
      { method: 'POST', path: `utils/${ids.alfaMedia}`, status: 404 },
      {
        method: 'POST',
        path: `clients/${ids.alfa}/storeFiles`,
        body: multipart({}, [{ name: 'intrus.pdf', type: 'application/pdf', body: tinyPdf('intrus') }]),
        status: 404,
      },
    ];
    for (const c of cases) {
      const res = await call(c.method, h2(c.path), tokens.holding2, c.body);
      expect([c.path, res.statusCode]).toEqual([c.path, c.status]);
      expect(res.body).not.toContain(CANARY.demo);
      expect(res.body).not.toContain('Alfa');
    }
    const own = await call('POST', h2('index'), tokens.holding2, {});
    expect(own.json().data.map((r: Row) => r.name)).toEqual(['Delta Transport SRL']);
    const alfa = await t.ctx.db
      .selectFrom('clients')
      .select(['name', 'deleted_at'])
      .where('id', '=', ids.alfa)
      .executeTakeFirstOrThrow();
    expect(alfa).toEqual({ name: 'Alfa Distribuție SRL', deleted_at: null });
    const alfaDocs = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', ids.alfa)
      .where('deleted_at', 'is', null)
      .execute();
    expect(alfaDocs).toHaveLength(4);
  });

  test('client@demo.ro (role 5) → 403 on role-4 calls, 200 on the others', async () => {
    for (const c of holdingOneCalls().filter((call) => call.role5 !== 0)) {
      const res = await call(c.method, h1(c.path), tokens.client, c.body);
      expect([c.path, res.statusCode]).toEqual([c.path, c.role5]);
    }
    const media = await t.ctx.db
      .selectFrom('media')
      .select('deleted_at')
      .where('id', '=', ids.alfaMedia)
      .executeTakeFirstOrThrow();
    expect(media.deleted_at).toBeNull();
  });

  test('company users (owner@demo.ro) → 403 on every holding call', async () => {
    for (const c of holdingOneCalls()) {
      const res = await call(c.method, h1(c.path), tokens.owner, c.body);
      expect([c.path, res.statusCode]).toEqual([c.path, 403]);
      expect(res.body).not.toContain(CANARY.demo);
    }
  });

  test('a malformed id is a validation error, not a 500', async () => {
    expect((await call('POST', '/api/holding/abc/index', tokens.holding, {})).statusCode).toBe(422);
    expect((await call('POST', h1('clients/99999999999/update'), tokens.holding, { name: 'x' })).statusCode).toBe(422);
  });
});

describe('POST index', () => {
  test('lists the holding clients with company, counts per month and documents new since the previous visit', async () => {
    const res = await call('POST', h1('index'), tokens.holding);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // One paging default on both doors (lib/paging.ts): 25 rows, as the company lists always had.
    expect(body.meta).toMatchObject({ page: 1, per_page: 25, total: 2, since: null });
    expect(body.meta.periods).toEqual(lastPeriods(6));
    expect(body.data.map((r: Row) => r.name)).toEqual(['Alfa Distribuție SRL', 'Beta Construct SRL']);
    const alfa = body.data[0] as Row;
    expect(alfa.company).toEqual({ id: ids.company1, name: 'Contabil Demo SRL' });
    expect(alfa.documents_count).toBe(4);
    // First visit: everything is new.
    expect(alfa.new_count).toBe(4);
    expect(alfa.months).toHaveLength(6);
    expect(alfa.months.slice(0, 3).map((m) => m.count)).toEqual([2, 2, 0]);
    expect(res.body).not.toContain('Gamma');
    expect(res.body).not.toContain('notes');
  });

  test('new_count counts only what arrived after the previous sign-in', async () => {
    const second = await t.login('holding@demo.ro');
    let body = (await call('POST', h1('index'), second, {})).json();
    expect(body.meta.since).not.toBeNull();
    expect(body.data.map((r: Row) => r.new_count)).toEqual([0, 0]);
    const pdf = tinyPdf('nou');
    await t.ctx.db
      .insertInto('media')
      .values({
        company_id: ids.company1,
        client_id: ids.beta,
        category_id: null,
        period: lastPeriods(1)[0],
        original_name: 'nou.pdf',
        mime: 'application/pdf',
        size: pdf.length,
        sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
        storage_key: `test/${crypto.randomUUID()}`,
        uploaded_by: ids.clientUser,
      })
      .execute();
    body = (await call('POST', h1('index'), second, { sort: 'new_count', direction: 'desc' })).json();
    expect(body.data.map((r: Row) => [r.name, r.new_count, r.documents_count])).toEqual([
      ['Beta Construct SRL', 1, 5],
      ['Alfa Distribuție SRL', 0, 4],
    ]);
    tokens.holding = second;
  });

  test('search, sort, paging and filters', async () => {
    let body = (await call('POST', h1('index'), tokens.holding, { search: 'beta' })).json();
    expect(body.data.map((r: Row) => r.name)).toEqual(['Beta Construct SRL']);
    body = (await call('POST', h1('index'), tokens.holding, { search: 'DISTRIBUTIE' })).json();
    expect(body.data.map((r: Row) => r.name)).toEqual(['Alfa Distribuție SRL']);
    body = (await call('POST', h1('index'), tokens.holding, { search: '4567890' })).json();
    expect(body.data.map((r: Row) => r.name)).toEqual(['Beta Construct SRL']);
    body = (await call('POST', h1('index'), tokens.holding, { search: '%' })).json();
    expect(body.meta.total).toBe(0);
    body = (
      await call('POST', h1('index'), tokens.holding, { sort: 'name', direction: 'desc', per_page: 1, page: 2 })
    ).json();
    expect(body.data.map((r: Row) => r.name)).toEqual(['Alfa Distribuție SRL']);
    expect(body.meta).toMatchObject({ page: 2, per_page: 1, total: 2 });
    body = (await call('POST', h1('index'), tokens.holding, { company_id: ids.company2 })).json();
    expect(body.meta.total).toBe(0);
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
      const res = await call('POST', h1('index'), tokens.holding, payload);
      expect([payload, res.statusCode]).toEqual([payload, 422]);
      expect(res.json().errors).toBeDefined();
    }
  });
});

describe('clients', () => {
  test('POST clients/{id}: the client with categories and documents; can_delete per role', async () => {
    const res = await call('POST', h1(`clients/${ids.alfa}`), tokens.holding, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client).toMatchObject({
      id: ids.alfa,
      name: 'Alfa Distribuție SRL',
      cui: '34567892',
      company: { id: ids.company1 },
      documents_count: 4,
    });
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual([
      'Facturi emise',
      'Facturi primite',
      'Extrase bancare',
      'Salarii',
      'Contracte',
    ]);
    expect(body.categories_inherited).toBe(true);
    expect(body.upload_limits).toMatchObject({
      max_bytes: t.ctx.config.uploadMaxBytes,
      accept: expect.stringContaining('.pdf'),
    });
    expect(body.periods).toEqual(lastPeriods(2));
    expect(body.documents).toHaveLength(4);
    expect(body.documents[0]).toMatchObject({
      client_id: ids.alfa,
      mime: 'application/pdf',
      can_delete: true,
      category: { name: 'Facturi emise' },
      uploaded_by: { name: 'Proprietar Contabil Demo SRL' },
    });
    expect(res.body).not.toContain('storage_key');
    expect(res.body).not.toContain(`company-${ids.company1}/`);

    const asClient = (await call('POST', h1(`clients/${ids.alfa}`), tokens.client, null)).json();
    expect(asClient.documents.every((d: { can_delete: boolean }) => !d.can_delete)).toBe(true);
    const beta = (await call('POST', h1(`clients/${ids.beta}`), tokens.client)).json();
    // The document test 'new_count' added to Beta was uploaded by client@demo.ro itself.
    expect(
      beta.documents.filter((d: { can_delete: boolean }) => d.can_delete).map((d: { name: string }) => d.name),
    ).toEqual(['nou.pdf']);
  });

  test('POST clients/{id}: filters by period and category; other clients → 404', async () => {
    const period = lastPeriods(2)[1];
    const body = (await call('POST', h1(`clients/${ids.alfa}`), tokens.holding, { period })).json();
    expect(body.documents).toHaveLength(2);
    expect(body.client.documents_count).toBe(4);
    const categoryId = body.documents[0].category_id as number;
    const byCategory = (
      await call('POST', h1(`clients/${ids.alfa}`), tokens.holding, { category_id: categoryId })
    ).json();
    expect(byCategory.documents).toHaveLength(2);
    expect((await call('POST', h1(`clients/${ids.alfa}`), tokens.holding, { period: '2024-13' })).statusCode).toBe(422);
    for (const other of [ids.gamma, ids.delta, 999999]) {
      const res = await call('POST', h1(`clients/${other}`), tokens.holding, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Clientul nu a fost găsit.');
      expect(res.body).not.toContain(CANARY.other);
    }
  });

  let createdId = 0;
  test('POST clients/store creates a client under a linked company', async () => {
    const res = await call('POST', h1('clients/store'), tokens.holding, {
      company_id: ids.company1,
      name: '  Zeta Servicii SRL ',
      cui: 'ro 18547290',
      email: 'Office@Zeta.ro',
      phone: '0722 111 222',
      notes: '',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.client).toMatchObject({
      name: 'Zeta Servicii SRL',
      cui: 'RO18547290',
      email: 'office@zeta.ro',
      phone: '0722 111 222',
      notes: null,
      company: { id: ids.company1, name: 'Contabil Demo SRL' },
    });
    createdId = body.client.id;
    const row = await t.ctx.db.selectFrom('clients').selectAll().where('id', '=', createdId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: ids.company1, holding_id: ids.holding1 });
    const index = (await call('POST', h1('index'), tokens.holding, { search: 'Zeta' })).json();
    expect(index.data[0]).toMatchObject({ id: createdId, documents_count: 0, new_count: 0 });
  });

  test('POST clients/store validation', async () => {
    const base = { company_id: ids.company1, name: 'Eta SRL', cui: '34567892' };
    const cases: [unknown, string][] = [
      [{ ...base, cui: '34567891' }, 'cui'],
      [{ ...base, cui: 'RO18547290' }, 'cui'], // Zeta has it already
      [{ ...base, company_id: ids.company2 }, 'company_id'],
      [{ ...base, company_id: 999999 }, 'company_id'],
      [{ ...base, email: 'nu-e-email' }, 'email'],
      [{ ...base, phone: 'abc' }, 'phone'],
      [{ ...base, name: '   ' }, 'name'],
      [{ company_id: ids.company1, name: 'Eta SRL' }, 'cui'],
      [{ ...base, holding_id: 2 }, 'holding_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', h1('clients/store'), tokens.holding, payload);
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  test('POST clients/{id}/update', async () => {
    const res = await call('POST', h1(`clients/${createdId}/update`), tokens.holding, {
      name: 'Zeta Grup SRL',
      phone: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().client).toMatchObject({
      id: createdId,
      name: 'Zeta Grup SRL',
      phone: null,
      email: 'office@zeta.ro',
    });
    expect((await call('POST', h1(`clients/${createdId}/update`), tokens.holding, {})).statusCode).toBe(422);
    expect(
      (await call('POST', h1(`clients/${createdId}/update`), tokens.holding, { cui: '34567892' })).statusCode,
    ).toBe(422);
    expect(
      (await call('POST', h1(`clients/${createdId}/update`), tokens.holding, { company_id: ids.company2 })).statusCode,
    ).toBe(422);
    expect((await call('POST', h1(`clients/${ids.gamma}/update`), tokens.holding, { name: 'x' })).statusCode).toBe(404);
  });

  test('POST clients/{id}/delete is soft', async () => {
    const res = await call('POST', h1(`clients/${createdId}/delete`), tokens.holding);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Clientul a fost șters.');
    const row = await t.ctx.db
      .selectFrom('clients')
      .select('deleted_at')
      .where('id', '=', createdId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('POST', h1(`clients/${createdId}`), tokens.holding, {})).statusCode).toBe(404);
    expect((await call('POST', h1(`clients/${createdId}/delete`), tokens.holding)).statusCode).toBe(404);
  });
});

describe('users', () => {
  interface UserOut {
    id: number;
    email: string;
    role: number;
    invited: boolean;
  }

  test('GET users lists roles 4 and 5 of the holding only', async () => {
    const res = await call('GET', h1('users'), tokens.holding);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((u: UserOut) => [u.email, u.role, u.invited])).toEqual([
      ['holding@demo.ro', 4, false],
      ['client@demo.ro', 5, false],
    ]);
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain('owner@demo.ro');
    const searched = (await call('GET', `${h1('users')}?search=client&per_page=5`, tokens.holding)).json();
    expect(searched.data.map((u: UserOut) => u.email)).toEqual(['client@demo.ro']);
    expect((await call('GET', `${h1('users')}?per_page=1000`, tokens.holding)).statusCode).toBe(422);
  });

  let newUserId = 0;
  test('POST storeUser creates a user who gets a set-password e-mail that works', async () => {
    const res = await call('POST', h1('storeUser'), tokens.holding, {
      name: 'Maria Pop',
      email: 'Maria.Pop@Grup-Demo.ro',
      role: 4,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      name: 'Maria Pop',
      email: 'maria.pop@grup-demo.ro',
      role: 4,
      invited: true,
    });
    newUserId = body.user.id;
    const mails = t.mail.to('maria.pop@grup-demo.ro');
    expect(mails).toHaveLength(1);
    const link = /reset-password\/([A-Za-z0-9_-]+)\?email=([^\s"&]+)/.exec(mails[0].text);
    expect(link).not.toBeNull();
    expect(mails[0].text).toContain('Grup Demo');
    const token = (link as RegExpExecArray)[1];
    const stored = await t.ctx.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', newUserId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, email: 'maria.pop@grup-demo.ro', password: 'Parola123', password_confirmation: 'Parola123' },
    });
    expect(reset.statusCode).toBe(200);
    const mariaToken = await t.login('maria.pop@grup-demo.ro', 'Parola123');
    const me = (await call('GET', '/api/user', mariaToken)).json();
    expect(me).toMatchObject({ role: 4, holding_id: ids.holding1 });
  });

  test('POST storeUser validation', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'A', email: 'owner@demo.ro', role: 5 }, 'email'],
      [{ name: 'A', email: 'HOLDING@demo.ro', role: 5 }, 'email'],
      [{ name: 'A', email: 'fara-arond', role: 5 }, 'email'],
      [{ name: 'A', email: 'a@b.ro', role: 2 }, 'role'],
      [{ name: ' ', email: 'a@b.ro', role: 5 }, 'name'],
      [{ email: 'a@b.ro', role: 5 }, 'name'],
      [{ name: 'A', email: 'a@b.ro', role: 5, holding_id: 2 }, 'holding_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', h1('storeUser'), tokens.holding, payload);
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(t.mail.to('a@b.ro')).toHaveLength(0);
  });

  test('POST users/{id}/update; the last role-4 user cannot be demoted', async () => {
    let res = await call('POST', h1(`users/${newUserId}/update`), tokens.holding, { name: 'Maria Popescu', role: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: newUserId, name: 'Maria Popescu', role: 5 });
    res = await call('POST', h1(`users/${ids.holdingUser}/update`), tokens.holding, { role: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role).toBeDefined();
    res = await call('POST', h1(`users/${newUserId}/update`), tokens.holding, { email: 'client@demo.ro' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
    expect((await call('POST', h1(`users/${ids.holding2User}/update`), tokens.holding, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', h1(`users/${newUserId}/update`), tokens.holding, {})).statusCode).toBe(422);
    // Promote back: now two admins, so holding@demo.ro could be demoted (not done: later tests use it).
    res = await call('POST', h1(`users/${newUserId}/update`), tokens.holding, { role: 4 });
    expect(res.json().user.role).toBe(4);
  });

  test('POST users/{id}/delete is soft, ends the sessions; the last role-4 user stays', async () => {
    const mariaToken = await t.login('maria.pop@grup-demo.ro', 'Parola123');
    let res = await call('POST', h1(`users/${newUserId}/delete`), tokens.holding);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/user', mariaToken)).statusCode).toBe(401);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', newUserId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('POST', h1(`users/${newUserId}/delete`), tokens.holding)).statusCode).toBe(404);
    // The last administrator: 422 on `role`, as on the company door (was 409 here).
    res = await call('POST', h1(`users/${ids.holdingUser}/delete`), tokens.holding);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role).toBeDefined();
    expect((await call('GET', '/api/user', tokens.holding)).statusCode).toBe(200);
    expect((await call('POST', h1(`users/${ids.holding2User}/delete`), tokens.holding)).statusCode).toBe(404);
  });
});

describe('documents (through the shared files module)', () => {
  const zipEntries = (body: Buffer): number => body.toString('latin1').split('PK\x03\x04').length - 1;
  let uploadedId = 0;

  test('storeFiles: role 5 uploads to a client of the holding, all or nothing', async () => {
    const period = lastPeriods(1)[0];
    const category = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', ids.company1)
      .where('name', '=', 'Salarii')
      .executeTakeFirstOrThrow();
    const res = await call(
      'POST',
      h1(`clients/${ids.beta}/storeFiles`),
      tokens.client,
      multipart({ category_id: String(category.id), period }, [
        { name: 'Stat plată.pdf', type: 'application/pdf', body: tinyPdf('stat') },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const stored = res.json().data[0];
    expect(stored).toMatchObject({
      client_id: ids.beta,
      name: 'Stat plată.pdf',
      period,
      category: { id: category.id, name: 'Salarii' },
      uploaded_by: { id: ids.clientUser },
    });
    uploadedId = stored.id;
    const view = (await call('POST', h1(`clients/${ids.beta}`), tokens.client, {})).json();
    expect(view.documents.find((d: { id: number }) => d.id === uploadedId)).toMatchObject({ can_delete: true });

    const count = async () =>
      (
        await t.ctx.db
          .selectFrom('media')
          .select('id')
          .where('client_id', '=', ids.beta)
          .where('deleted_at', 'is', null)
          .execute()
      ).length;
    const before = await count();
    const refused = await call(
      'POST',
      h1(`clients/${ids.beta}/storeFiles`),
      tokens.holding,
      multipart({ period }, [
        { name: 'bun.pdf', type: 'application/pdf', body: tinyPdf('bun') },
        {
          name: 'rau.exe',
          type: 'application/octet-stream',
          body: Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(200)]),
        },
      ]),
    );
    expect(refused.statusCode).toBe(422);
    expect(await count()).toBe(before);
    const otherCategory = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', ids.company2)
      .executeTakeFirstOrThrow();
    const foreignCategory = await call(
      'POST',
      h1(`clients/${ids.beta}/storeFiles`),
      tokens.holding,
      multipart({ category_id: String(otherCategory.id), period }, [
        { name: 'a.pdf', type: 'application/pdf', body: tinyPdf('a') },
      ]),
    );
    expect(foreignCategory.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  test('media get downloads a document of a client of the holding', async () => {
    const res = await call('POST', h1(`clients/${ids.alfa}/media/${ids.alfaMedia}`), tokens.client);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A document of another client, asked through this client → 404.
    expect((await call('POST', h1(`clients/${ids.beta}/media/${ids.alfaMedia}`), tokens.client)).statusCode).toBe(404);
    expect((await call('POST', h1(`clients/${ids.gamma}/media/${ids.alfaMedia}`), tokens.holding)).statusCode).toBe(
      404,
    );
  });

  test('media delete: role 5 only what it uploaded, role 4 any document of the holding', async () => {
    let res = await call('POST', h1(`clients/${ids.beta}/media/${ids.betaMedia}/delete`), tokens.client);
    expect(res.statusCode).toBe(403);
    res = await call('POST', h1(`clients/${ids.beta}/media/${uploadedId}/delete`), tokens.client);
    expect(res.statusCode).toBe(200);
    expect((await call('POST', h1(`clients/${ids.beta}/media/${uploadedId}`), tokens.client)).statusCode).toBe(404);
    expect((await call('POST', h1(`clients/${ids.beta}/media/${uploadedId}/delete`), tokens.client)).statusCode).toBe(
      404,
    );
    const row = await t.ctx.db
      .selectFrom('media')
      .select('deleted_at')
      .where('id', '=', uploadedId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // holding@demo.ro (role 4) deletes a document client@demo.ro uploaded ('nou.pdf', added by the index test).
    const nou = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('original_name', '=', 'nou.pdf')
      .executeTakeFirstOrThrow();
    res = await call('POST', h1(`clients/${ids.beta}/media/${nou.id}/delete`), tokens.holding);
    expect(res.statusCode).toBe(200);
    expect(
      (await call('POST', h1(`clients/${ids.alfa}/media/${ids.deltaMedia}/delete`), tokens.holding)).statusCode,
    ).toBe(404);
  });

  test('collection streams a zip of the client documents, optionally filtered', async () => {
    const res = await call('POST', h1(`clients/${ids.alfa}/collection`), tokens.client, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(zipEntries(res.rawPayload)).toBe(4);
    const filtered = await call('POST', h1(`clients/${ids.alfa}/collection`), tokens.client, {
      period: lastPeriods(1)[0],
    });
    expect(zipEntries(filtered.rawPayload)).toBe(2);
    expect(
      (await call('POST', h1(`clients/${ids.alfa}/collection`), tokens.client, { period: 'luna' })).statusCode,
    ).toBe(422);
    expect(
      (await call('POST', h1(`clients/${ids.alfa}/collection`), tokens.client, { period: '2001-01' })).statusCode,
    ).toBe(404);
  });

  test('utils/{mediaId} downloads a utility file of a linked company only', async () => {
    const res = await call('POST', h1(`utils/${ids.util1Media}`), tokens.client);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Model de contract');
    expect(String(res.headers['content-disposition'])).toContain('Model contract.txt');
    expect((await call('POST', h1(`utils/${ids.alfaMedia}`), tokens.holding)).statusCode).toBe(404);
    const foreign = await call('POST', h1(`utils/${ids.util2Media}`), tokens.holding);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(CANARY.other);
  });
});

describe('utils and companies', () => {
  test('GET utils: utility files of the linked companies, read-only', async () => {
    const res = await call('GET', h1('utils'), tokens.client);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      media_id: ids.util1Media,
      title: 'Model contract',
      company: { id: ids.company1, name: 'Contabil Demo SRL' },
      original_name: 'Model contract.txt',
      mime: 'text/plain',
    });
    expect(res.body).not.toContain('storage_key');
    const other = await call('GET', h2('utils'), tokens.holding2);
    expect(other.json().data.map((u: { media_id: number }) => u.media_id)).toEqual([ids.util2Media]);
    expect(other.body).not.toContain(CANARY.demo);
    expect((await call('GET', `${h1('utils')}?company_id=${ids.company2}`, tokens.holding)).json().meta.total).toBe(0);
    expect((await call('GET', `${h1('utils')}?search=contract`, tokens.holding)).json().meta.total).toBe(1);
  });

  test('GET companies lists the linked companies', async () => {
    const res = await call('GET', h1('companies'), tokens.holding);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: [{ id: ids.company1, name: 'Contabil Demo SRL', cui: 'RO12345674', clients_count: 2 }],
      meta: { page: 1, per_page: 25, total: 1 },
    });
    expect((await call('GET', `${h1('companies')}?sort=password`, tokens.holding)).statusCode).toBe(422);
  });

  test('POST company/{id}/delete unlinks the company and loses no data', async () => {
    expect((await call('POST', h1(`company/${ids.company2}/delete`), tokens.holding)).statusCode).toBe(404);
    const res = await call('POST', h1(`company/${ids.company1}/delete`), tokens.holding);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', h1('companies'), tokens.holding)).json().meta.total).toBe(0);
    expect((await call('POST', h1('index'), tokens.holding, {})).json().meta.total).toBe(0);
    expect((await call('GET', h1('utils'), tokens.holding)).json().meta.total).toBe(0);
    expect((await call('POST', h1(`clients/${ids.alfa}`), tokens.holding, {})).statusCode).toBe(404);
    expect((await call('POST', h1(`company/${ids.company1}/delete`), tokens.holding)).statusCode).toBe(404);
    // Nothing was deleted: the clients and their files are still the company's.
    const alfa = await t.ctx.db
      .selectFrom('clients')
      .select(['holding_id', 'deleted_at'])
      .where('id', '=', ids.alfa)
      .executeTakeFirstOrThrow();
    expect(alfa).toEqual({ holding_id: ids.holding1, deleted_at: null });
    const media = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', ids.alfa)
      .where('deleted_at', 'is', null)
      .execute();
    expect(media).toHaveLength(4);
    // Linking again brings everything back.
    await t.ctx.db
      .insertInto('company_holding')
      .values({ company_id: ids.company1, holding_id: ids.holding1 })
      .execute();
    expect((await call('POST', h1('index'), tokens.holding, {})).json().meta.total).toBe(2);
  });
});
