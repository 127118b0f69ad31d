import { sql } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../helpers.js';
import { sha256 } from '../../src/infra/tokens.js';
import { CANARY, DEFAULT_CATEGORIES } from '../../src/seed.js';

// Clients, holdings and categories of /api/company/{companyId}.
let t: TestApp;
let owner: string;
let staff: string;
let owner2: string;
let holdingUser: string;
let alfa: number;
let gamma: number;
let delta: number; // company 2

const post = (token: string | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await createTestApp();
  [owner, staff, owner2, holdingUser] = await Promise.all([
    t.login('owner@demo.ro'),
    t.login('staff@demo.ro'),
    t.login('owner2@demo.ro'),
    t.login('holding@demo.ro'),
  ]);
  const clients = await t.ctx.db.selectFrom('clients').select(['id', 'name']).execute();
  const id = (prefix: string) => clients.find((c) => c.name.startsWith(prefix))?.id as number;
  alfa = id('Alfa');
  gamma = id('Gamma');
  delta = id('Delta');
});
afterAll(() => t.close());

describe('POST clients (list)', () => {
  test('pages the company clients with holding, document count and last upload', async () => {
    const res = await post(staff, '/api/company/1/clients');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 3 });
    expect(body.data.map((c: { name: string }) => c.name)).toEqual([
      'Alfa Distribuție SRL',
      'Beta Construct SRL',
      'Gamma Consultanță SRL',
    ]);
    expect(body.data[0]).toEqual({
      id: alfa,
      name: 'Alfa Distribuție SRL',
      cui: '34567892',
      email: 'contabilitate@alfa.ro',
      phone: '0722000000',
      holding: { id: 1, name: 'Grup Demo' },
      documents_count: 4,
      last_upload_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      created_at: expect.any(String),
    });
    expect(body.data[2].holding).toBeNull();
    expect(res.body).not.toContain(CANARY.demo); // notes stay out of the list
    expect(res.body).not.toContain('Delta');
  });

  test('search by name (diacritics optional) or CUI (with or without RO), filter by holding, sort, page', async () => {
    const names = async (payload: object) =>
      ((await post(owner, '/api/company/1/clients', payload)).json().data as { name: string }[]).map((c) => c.name);
    expect(await names({ search: 'distributie' })).toEqual(['Alfa Distribuție SRL']);
    expect(await names({ search: 'CONSULTANȚĂ' })).toEqual(['Gamma Consultanță SRL']);
    expect(await names({ search: '34567892' })).toEqual(['Alfa Distribuție SRL']);
    expect(await names({ search: 'RO45678900' })).toEqual(['Beta Construct SRL']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ search: 'Delta' })).toEqual([]);
    expect(await names({ holding_id: 1 })).toEqual(['Alfa Distribuție SRL', 'Beta Construct SRL']);
    expect(await names({ holding_id: 0 })).toEqual(['Gamma Consultanță SRL']);
    expect(await names({ holding_id: 2 })).toEqual([]);
    expect(await names({ sort: 'name', direction: 'desc' })).toEqual([
      'Gamma Consultanță SRL',
      'Beta Construct SRL',
      'Alfa Distribuție SRL',
    ]);
    const page = (await post(owner, '/api/company/1/clients', { per_page: 2, page: 2 })).json();
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page.data).toHaveLength(1);
    expect((await post(owner, '/api/company/1/clients', { sort: 'last_upload' })).statusCode).toBe(200);
    expect((await post(owner, '/api/company/1/clients', { sort: 'created_at', direction: 'asc' })).statusCode).toBe(
      200,
    );
  });

  test('validation errors answer 422 with field messages', async () => {
    for (const payload of [
      { per_page: 101 },
      { page: 0 },
      { sort: 'cui' },
      { direction: 'up' },
      { holding_id: -1 },
      { other: 1 },
      { page: '1' },
    ]) {
      const res = await post(owner, '/api/company/1/clients', payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
  });

  test('refusals: other company 404 without data, holding user 403, anonymous 401', async () => {
    const other = await post(owner2, '/api/company/1/clients');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(CANARY.demo);
    expect(other.body).not.toContain('Alfa');
    const own = await post(owner2, '/api/company/2/clients');
    expect(own.json().data.map((c: { name: string }) => c.name)).toEqual(['Delta Transport SRL', 'Epsilon Agro SRL']);
    expect(own.body).not.toContain(CANARY.demo);
    expect((await post(holdingUser, '/api/company/1/clients')).statusCode).toBe(403);
    expect((await post(null, '/api/company/1/clients')).statusCode).toBe(401);
    expect((await post(owner, '/api/company/abc/clients')).statusCode).toBe(422);
  });
});

describe('POST createClient', () => {
  test('creates a client in an existing holding of the company', async () => {
    const res = await post(owner, '/api/company/1/createClient', {
      name: '  Omega Servicii SRL ',
      cui: 'ro 18547290',
      email: 'office@omega.ro',
      phone: '+40 722 111 222',
      holding_id: 1,
      notes: 'Client nou',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Omega Servicii SRL',
      cui: 'RO18547290',
      holding: { id: 1, name: 'Grup Demo' },
      documents_count: 0,
      last_upload_at: null,
    });
    const list = await post(owner, '/api/company/1/clients', { search: 'omega' });
    expect(list.json().meta.total).toBe(1);
  });

  test('creates a client with a new holding, linked to the company', async () => {
    const res = await post(owner, '/api/company/1/createClient', {
      name: 'Sigma Impex SRL',
      cui: '23456783',
      new_holding: { name: 'Grup Sigma', cui: 'RO67890120', email: 'Contact@Sigma.ro' },
    });
    expect(res.statusCode).toBe(201);
    const holding = res.json().data.holding;
    expect(holding).toMatchObject({ name: 'Grup Sigma' });
    const holdings = (await post(owner, '/api/company/1/holdings')).json().data as {
      id: number;
      name: string;
      email: string;
    }[];
    expect(holdings.find((h) => h.id === holding.id)).toMatchObject({ name: 'Grup Sigma', email: 'contact@sigma.ro' });
    // The other company does not see it.
    expect((await post(owner2, '/api/company/2/holdings')).body).not.toContain('Grup Sigma');
  });

  test.each([
    ['no name', { cui: '18547290' }, 'name'],
    ['blank name', { name: '   ', cui: '18547290' }, 'name'],
    ['an invalid CUI', { name: 'X', cui: '12345678' }, 'cui'],
    ['a CUI already used by a client', { name: 'X', cui: 'RO34567892' }, 'cui'],
    ['a bad e-mail', { name: 'X', cui: '78901233', email: 'nu-e-mail' }, 'email'],
    ['a bad phone', { name: 'X', cui: '78901233', phone: 'abc' }, 'phone'],
    ['a holding of another company', { name: 'X', cui: '78901233', holding_id: 2 }, 'holding_id'],
    ['a holding that does not exist', { name: 'X', cui: '78901233', holding_id: 999 }, 'holding_id'],
    [
      'both holding_id and new_holding',
      { name: 'X', cui: '78901233', holding_id: 1, new_holding: { name: 'G' } },
      'holding_id',
    ],
    [
      'a new holding with an invalid CUI',
      { name: 'X', cui: '78901233', new_holding: { name: 'G', cui: '123' } },
      'new_holding.cui',
    ],
    ['an unknown field', { name: 'X', cui: '78901233', company_id: 2 }, 'company_id'],
  ])('%s → 422 on %s', async (_label, payload, fieldName) => {
    const before = await t.ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(owner, '/api/company/1/createClient', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty([fieldName]);
    expect(res.body).not.toContain('Alt Grup');
    const after = await t.ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('role 3, another company and holding users may not create clients', async () => {
    const payload = { name: 'Interzis SRL', cui: '78901233' };
    expect((await post(staff, '/api/company/1/createClient', payload)).statusCode).toBe(403);
    expect((await post(owner2, '/api/company/1/createClient', payload)).statusCode).toBe(404);
    expect((await post(holdingUser, '/api/company/1/createClient', payload)).statusCode).toBe(403);
    expect((await post(owner, '/api/company/1/clients', { search: 'Interzis' })).json().meta.total).toBe(0);
  });
});

describe('POST clients/{id} (client view)', () => {
  test('the client, its category set, its months and documents', async () => {
    const res = await post(staff, `/api/company/1/clients/${alfa}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      id: alfa,
      name: 'Alfa Distribuție SRL',
      notes: expect.stringContaining(CANARY.demo),
      documents_count: 4,
    });
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual(DEFAULT_CATEGORIES);
    expect(body.categories_inherited).toBe(true);
    expect(body.periods).toHaveLength(2);
    expect(body.periods[0].period > body.periods[1].period).toBe(true);
    expect(body.periods.every((p: { count: number }) => p.count === 2)).toBe(true);
    expect(body.documents).toHaveLength(4);
    expect(body.documents[0]).toMatchObject({
      client_id: alfa,
      mime: 'application/pdf',
      category: { name: 'Facturi emise' },
    });
    expect(body.documents[0]).not.toHaveProperty('storage_key');
    expect(body.upload_limits.max_bytes).toBe(t.ctx.config.uploadMaxBytes);
    expect(res.body).not.toContain(CANARY.other);
  });

  test('filters documents by month and category', async () => {
    const all = (await post(owner, `/api/company/1/clients/${alfa}`)).json();
    const month = all.periods[0].period;
    const byMonth = (await post(owner, `/api/company/1/clients/${alfa}`, { period: month })).json();
    expect(byMonth.documents).toHaveLength(2);
    expect(byMonth.documents.every((d: { period: string }) => d.period === month)).toBe(true);
    const categoryId = all.categories[1].id;
    const byCategory = (await post(owner, `/api/company/1/clients/${alfa}`, { category_id: categoryId })).json();
    expect(byCategory.documents.every((d: { category_id: number }) => d.category_id === categoryId)).toBe(true);
    expect((await post(owner, `/api/company/1/clients/${alfa}`, { period: '2026-1' })).statusCode).toBe(422);
  });

  test('another company client answers 404 without data', async () => {
    expect((await post(owner, `/api/company/1/clients/${delta}`)).statusCode).toBe(404);
    for (const url of [`/api/company/1/clients/${alfa}`, `/api/company/2/clients/${alfa}`]) {
      const res = await post(owner2, url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(CANARY.demo);
      expect(res.body).not.toContain('Alfa');
    }
    expect((await post(holdingUser, `/api/company/1/clients/${alfa}`)).statusCode).toBe(403);
    expect((await post(owner, '/api/company/1/clients/999999')).statusCode).toBe(404);
  });
});

describe('POST clients/{id}/notify', () => {
  test('e-mails the message to the client', async () => {
    const res = await post(owner, `/api/company/1/clients/${alfa}/notify`, {
      subject: 'Documente lipsă',
      message: 'Vă rugăm să încărcați extrasele pe luna trecută.',
    });
    expect(res.statusCode).toBe(200);
    const mails = t.mail.to('contabilitate@alfa.ro');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Documente lipsă');
    expect(mails[0].text).toContain('Vă rugăm să încărcați extrasele pe luna trecută.');
    expect(mails[0].text).toContain('Contabil Demo SRL');
  });

  test('the message is escaped in the HTML part', async () => {
    await post(owner, `/api/company/1/clients/${gamma}/notify`, { message: '<script>alert(1)</script>' });
    const mail = t.mail.to('contabilitate@gamma.ro').pop();
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.subject).toBe('Mesaj de la Contabil Demo SRL');
  });

  test('a client without e-mail → 422; bad input → 422; role 3 → 403; other company → 404', async () => {
    const created = await post(owner, '/api/company/1/createClient', { name: 'Fără Email SRL', cui: '34567809' });
    expect(created.statusCode).toBe(201);
    const res = await post(owner, `/api/company/1/clients/${created.json().data.id}/notify`, { message: 'Salut' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('email');
    expect((await post(owner, `/api/company/1/clients/${alfa}/notify`, {})).statusCode).toBe(422);
    expect((await post(owner, `/api/company/1/clients/${alfa}/notify`, { message: '' })).statusCode).toBe(422);
    const sent = t.mail.sent.length;
    expect((await post(staff, `/api/company/1/clients/${alfa}/notify`, { message: 'x' })).statusCode).toBe(403);
    expect((await post(owner2, `/api/company/2/clients/${alfa}/notify`, { message: 'x' })).statusCode).toBe(404);
    expect((await post(owner2, `/api/company/1/clients/${alfa}/notify`, { message: 'x' })).statusCode).toBe(404);
    expect(t.mail.sent.length).toBe(sent);
  });
});

describe('holdings', () => {
  test('POST holdings lists the linked holdings with counts; another company sees only its own', async () => {
    const res = await post(owner, '/api/company/1/holdings', { search: 'demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'Grup Demo',
        cui: 'RO23456783',
        clients_count: 3,
        users_count: 2,
        admins_count: 1,
        categories_count: 0,
      }),
    ]);
    expect(res.json().meta).toMatchObject({ page: 1, total: 1 });
    const other = await post(owner2, '/api/company/2/holdings');
    expect(other.json().data.map((h: { name: string }) => h.name)).toEqual(['Alt Grup']);
    expect(other.body).not.toContain('Grup Demo');
    expect((await post(owner, '/api/company/1/holdings', { per_page: 0 })).statusCode).toBe(422);
  });

  test('notify a holding that has an administrator: the message goes to its role-4 users', async () => {
    const res = await post(owner, '/api/company/1/holdings/1/notify', { message: 'Actele pe noiembrie, vă rog.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invited: false, recipients: 1 });
    expect(t.mail.to('holding@demo.ro').pop()?.text).toContain('Actele pe noiembrie, vă rog.');
    expect(t.mail.to('client@demo.ro')).toHaveLength(0);
  });

  test('notify a holding without users: a role-4 account without password and a 7-day set-password link', async () => {
    const created = await post(owner, '/api/company/1/createClient', {
      name: 'Tau Logistic SRL',
      cui: '45678918',
      new_holding: { name: 'Grup Tau', email: 'admin@grup-tau.ro' },
    });
    expect(created.statusCode).toBe(201);
    const holdingId = created.json().data.holding.id;
    const res = await post(owner, `/api/company/1/holdings/${holdingId}/notify`, { message: 'Bine ați venit!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invited: true, recipients: 1 });
    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'admin@grup-tau.ro')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 4, holding_id: holdingId, company_id: null, password_hash: null });
    const mail = t.mail.to('admin@grup-tau.ro').pop();
    expect(mail?.text).toContain('Bine ați venit!');
    const link = /(http\S+reset-password\/([A-Za-z0-9_-]+)\?email=(\S+))/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link?.[3] ?? '')).toBe('admin@grup-tau.ro');
    const reset = await t.ctx.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(reset.token_hash).toBe(sha256(link?.[2] ?? ''));
    const days = (new Date(reset.expires_at).getTime() - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    // The link sets the password (auth's reset), then the account signs in.
    const set = await post(null, '/api/password/reset', {
      token: link?.[2],
      email: 'admin@grup-tau.ro',
      password: 'ParolaNoua1',
      password_confirmation: 'ParolaNoua1',
    });
    expect(set.statusCode).toBe(200);
    expect(await t.login('admin@grup-tau.ro', 'ParolaNoua1')).toEqual(expect.any(String));
    const holdings = (await post(owner, '/api/company/1/holdings', { search: 'tau' })).json().data;
    expect(holdings[0]).toMatchObject({ admins_count: 1, clients_count: 1 });
  });

  test('notify: no administrator and no e-mail → 422; an e-mail already used → 422; bad input → 422', async () => {
    const noEmail = await post(owner, '/api/company/1/createClient', {
      name: 'Phi SRL',
      cui: '56789024',
      new_holding: { name: 'Grup Phi' },
    });
    const noEmailHolding = noEmail.json().data.holding.id;
    const res = await post(owner, `/api/company/1/holdings/${noEmailHolding}/notify`, { message: 'x' });
    expect(res.statusCode).toBe(422);
    const taken = await post(owner, '/api/company/1/createClient', {
      name: 'Psi SRL',
      cui: '67890139',
      new_holding: { name: 'Grup Psi', email: 'staff@demo.ro' },
    });
    expect(taken.statusCode).toBe(201);
    const takenRes = await post(owner, `/api/company/1/holdings/${taken.json().data.holding.id}/notify`, {
      message: 'x',
    });
    expect(takenRes.statusCode).toBe(422);
    expect(takenRes.json().errors).toHaveProperty('email');
    expect((await post(owner, '/api/company/1/holdings/1/notify', {})).statusCode).toBe(422);
    expect((await post(owner, '/api/company/1/holdings/1/notify', { message: 'x', extra: 1 })).statusCode).toBe(422);
  });

  test('notify/delete refusals: role 3 403, other company 404, a holding not linked 404', async () => {
    const sent = t.mail.sent.length;
    expect((await post(staff, '/api/company/1/holdings/1/notify', { message: 'x' })).statusCode).toBe(403);
    expect((await post(owner2, '/api/company/1/holdings/1/notify', { message: 'x' })).statusCode).toBe(404);
    expect((await post(owner2, '/api/company/2/holdings/1/notify', { message: 'x' })).statusCode).toBe(404);
    expect((await post(owner, '/api/company/1/holdings/2/notify', { message: 'x' })).statusCode).toBe(404);
    expect((await post(holdingUser, '/api/company/1/holdings/1/notify', { message: 'x' })).statusCode).toBe(403);
    expect(t.mail.sent.length).toBe(sent);
    expect((await post(staff, '/api/company/1/holdings/1/delete')).statusCode).toBe(403);
    expect((await post(owner2, '/api/company/2/holdings/1/delete')).statusCode).toBe(404);
    expect((await post(owner, '/api/company/1/holdings/2/delete')).statusCode).toBe(404);
    expect((await post(staff, '/api/company/1/holdings')).statusCode).toBe(403);
    const link = await t.ctx.db.selectFrom('company_holding').selectAll().where('holding_id', '=', 2).execute();
    expect(link).toHaveLength(1);
  });

  test('delete unlinks the holding; its clients stay (outside any holding) with their documents', async () => {
    const created = await post(owner, '/api/company/1/createClient', {
      name: 'Chi SRL',
      cui: '78901241',
      new_holding: { name: 'Grup Chi' },
    });
    const client = created.json().data;
    await t.ctx.db
      .insertInto('media')
      .values({
        company_id: 1,
        client_id: client.id,
        original_name: 'x.pdf',
        mime: 'application/pdf',
        size: 1,
        sha256: 'a'.repeat(64),
        storage_key: 'k/chi',
      })
      .execute();
    const res = await post(owner, `/api/company/1/holdings/${client.holding.id}/delete`);
    expect(res.statusCode).toBe(200);
    const holdings = (await post(owner, '/api/company/1/holdings', { per_page: 100 }))
      .json()
      .data.map((h: { id: number }) => h.id);
    expect(holdings).not.toContain(client.holding.id);
    const view = (await post(owner, `/api/company/1/clients/${client.id}`)).json();
    expect(view.data.holding).toBeNull();
    expect(view.categories_inherited).toBe(false);
    expect(view.documents).toHaveLength(1);
    const outside = (await post(owner, '/api/company/1/clients', { holding_id: 0, search: 'chi srl' })).json().data;
    expect(outside.map((c: { id: number }) => c.id)).toEqual([client.id]);
    expect((await post(owner, '/api/company/1/clients', { holding_id: client.holding.id })).json().meta.total).toBe(0);
    expect((await post(owner, `/api/company/1/holdings/${client.holding.id}/delete`)).statusCode).toBe(404);
    const holdingRow = await t.ctx.db
      .selectFrom('holdings')
      .select(['id', 'deleted_at'])
      .where('id', '=', client.holding.id)
      .executeTakeFirst();
    expect(holdingRow?.deleted_at).toBeNull();
    // Linking again (a company request confirmed) brings the client back into the holding.
    await t.ctx.db.insertInto('company_holding').values({ company_id: 1, holding_id: client.holding.id }).execute();
    expect((await post(owner, `/api/company/1/clients/${client.id}`)).json().data.holding).toEqual(client.holding);
  });
});

describe('categories', () => {
  test('GET categories: the default set in order; a holding without its own set inherits it', async () => {
    const res = await get(staff, '/api/company/1/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ holding_id: null, inherited: false });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(DEFAULT_CATEGORIES);
    const holding = await get(owner, '/api/company/1/categories?holding_id=1');
    expect(holding.json()).toMatchObject({ holding_id: 1, inherited: true });
    expect((await get(owner, '/api/company/1/categories?holding_id=2')).statusCode).toBe(422);
    expect((await get(owner, '/api/company/1/categories?holding_id=abc')).statusCode).toBe(422);
    expect((await get(owner2, '/api/company/1/categories')).statusCode).toBe(404);
    expect((await get(holdingUser, '/api/company/1/categories')).statusCode).toBe(403);
  });

  test('storeCategory appends to the default set; names are unique per set', async () => {
    const res = await post(owner, '/api/company/1/storeCategory', { name: 'Declarații' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Declarații',
      position: DEFAULT_CATEGORIES.length,
      holding_id: null,
    });
    const dup = await post(owner, '/api/company/1/storeCategory', { name: 'declarații' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toHaveProperty('name');
    expect((await post(owner, '/api/company/1/storeCategory', { name: '   ' })).statusCode).toBe(422);
    expect((await post(owner, '/api/company/1/storeCategory', {})).statusCode).toBe(422);
    expect((await post(owner, '/api/company/1/storeCategory', { name: 'x'.repeat(101) })).statusCode).toBe(422);
    expect((await post(owner, '/api/company/1/storeCategory', { name: 'X', holding_id: 2 })).statusCode).toBe(422);
    expect((await post(staff, '/api/company/1/storeCategory', { name: 'Staff' })).statusCode).toBe(403);
    expect((await post(owner2, '/api/company/1/storeCategory', { name: 'Alt' })).statusCode).toBe(404);
  });

  test('the first category of a holding gives it its own set: the defaults plus the new one; its clients see it', async () => {
    const res = await post(owner, '/api/company/1/storeCategory', { name: 'Avize', holding_id: 1 });
    expect(res.statusCode).toBe(201);
    const set = (await get(owner, '/api/company/1/categories?holding_id=1')).json();
    expect(set.inherited).toBe(false);
    expect(set.data.map((c: { name: string }) => c.name)).toEqual([...DEFAULT_CATEGORIES, 'Declarații', 'Avize']);
    const view = (await post(owner, `/api/company/1/clients/${alfa}`)).json();
    expect(view.categories_inherited).toBe(false);
    expect(view.categories.map((c: { name: string }) => c.name)).toContain('Avize');
    const gammaView = (await post(owner, `/api/company/1/clients/${gamma}`)).json();
    expect(gammaView.categories.map((c: { name: string }) => c.name)).not.toContain('Avize');
  });

  test('update renames; another company category answers 404', async () => {
    const list = (await get(owner, '/api/company/1/categories')).json().data as { id: number; name: string }[];
    const target = list.find((c) => c.name === 'Declarații') as { id: number };
    const res = await post(owner, `/api/company/1/categories/${target.id}/update`, { name: 'Declarații fiscale' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Declarații fiscale');
    expect((await post(owner, `/api/company/1/categories/${target.id}/update`, { name: 'Salarii' })).statusCode).toBe(
      422,
    );
    const foreign = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect((await post(owner, `/api/company/1/categories/${foreign.id}/update`, { name: 'Furat' })).statusCode).toBe(
      404,
    );
    expect((await post(owner2, `/api/company/2/categories/${target.id}/update`, { name: 'Furat' })).statusCode).toBe(
      404,
    );
    expect((await post(staff, `/api/company/1/categories/${target.id}/update`, { name: 'x' })).statusCode).toBe(403);
    const again = (await get(owner, '/api/company/1/categories')).json().data as { name: string }[];
    expect(again.map((c) => c.name)).not.toContain('Furat');
  });

  test('updatePosition persists the new order; the list must be exactly the set', async () => {
    const before = (await get(owner, '/api/company/1/categories')).json().data as { id: number }[];
    const reversed = before.map((c) => c.id).reverse();
    const res = await post(owner, '/api/company/1/categories/updatePosition', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { id: number }) => c.id)).toEqual(reversed);
    const after = (await get(owner, '/api/company/1/categories')).json().data as { id: number; position: number }[];
    expect(after.map((c) => c.id)).toEqual(reversed);
    expect(after.map((c) => c.position)).toEqual(after.map((_c, i) => i));
    const foreign = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', 2)
      .executeTakeFirstOrThrow();
    for (const ids of [
      reversed.slice(1),
      [...reversed, foreign.id],
      [...reversed.slice(1), foreign.id],
      [reversed[0], ...reversed.slice(0, -1)],
    ]) {
      expect((await post(owner, '/api/company/1/categories/updatePosition', { ids })).statusCode).toBe(422);
    }
    const holdingSet = (await get(owner, '/api/company/1/categories?holding_id=1'))
      .json()
      .data.map((c: { id: number }) => c.id);
    expect(
      (await post(owner, '/api/company/1/categories/updatePosition', { ids: [...holdingSet].reverse(), holding_id: 1 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await get(owner, '/api/company/1/categories?holding_id=1')).json().data.map((c: { id: number }) => c.id),
    ).toEqual([...holdingSet].reverse());
    expect((await post(staff, '/api/company/1/categories/updatePosition', { ids: reversed })).statusCode).toBe(403);
    const otherOrder = (await get(owner2, '/api/company/2/categories')).json().data.map((c: { id: number }) => c.id);
    expect((await post(owner2, '/api/company/2/categories/updatePosition', { ids: reversed })).statusCode).toBe(422);
    expect((await get(owner2, '/api/company/2/categories')).json().data.map((c: { id: number }) => c.id)).toEqual(
      otherOrder,
    );
  });

  test('delete is soft: the category leaves the set, its documents keep it', async () => {
    const list = (await get(owner, '/api/company/1/categories')).json().data as { id: number; name: string }[];
    const facturi = list.find((c) => c.name === 'Facturi emise') as { id: number };
    expect((await post(staff, `/api/company/1/categories/${facturi.id}/delete`)).statusCode).toBe(403);
    expect((await post(owner2, `/api/company/2/categories/${facturi.id}/delete`)).statusCode).toBe(404);
    const res = await post(owner, `/api/company/1/categories/${facturi.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect((await get(owner, '/api/company/1/categories')).json().data.map((c: { id: number }) => c.id)).not.toContain(
      facturi.id,
    );
    const view = (await post(owner, `/api/company/1/clients/${gamma}`)).json();
    const docs = view.documents.filter((d: { category_id: number }) => d.category_id === facturi.id);
    expect(docs).toHaveLength(2);
    expect(docs[0].category).toEqual({ id: facturi.id, name: 'Facturi emise' });
    expect((await post(owner, `/api/company/1/categories/${facturi.id}/delete`)).statusCode).toBe(404);
  });

  test('transferCategory copies a set to another holding without duplicates', async () => {
    const created = await post(owner, '/api/company/1/createClient', {
      name: 'Kappa SRL',
      cui: '89012350',
      new_holding: { name: 'Grup Kappa' },
    });
    const target = created.json().data.holding.id;
    await post(owner, '/api/company/1/storeCategory', { name: 'Avize', holding_id: target }); // target: defaults + Avize
    const source = (await get(owner, '/api/company/1/categories?holding_id=1'))
      .json()
      .data.map((c: { name: string }) => c.name);
    const res = await post(owner, `/api/company/1/holdings/1/transferCategory`, { holding_id: target });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((c: { name: string }) => c.name) as string[];
    expect(new Set(names)).toEqual(
      new Set([
        ...source,
        ...(await get(owner, `/api/company/1/categories?holding_id=${target}`))
          .json()
          .data.map((c: { name: string }) => c.name),
      ]),
    );
    expect(names.length).toBe(new Set(names.map((n) => n.toLowerCase())).size);
    expect(res.json().copied).toBeGreaterThan(0);
    const again = await post(owner, `/api/company/1/holdings/1/transferCategory`, { holding_id: target });
    expect(again.json().copied).toBe(0);
    expect((await post(owner, '/api/company/1/holdings/1/transferCategory', { holding_id: 1 })).statusCode).toBe(422);
    expect((await post(owner, '/api/company/1/holdings/1/transferCategory', { holding_id: 2 })).statusCode).toBe(422);
    expect((await post(owner, `/api/company/1/holdings/2/transferCategory`, { holding_id: target })).statusCode).toBe(
      404,
    );
    expect((await post(owner, '/api/company/1/holdings/1/transferCategory', {})).statusCode).toBe(422);
    expect((await post(staff, `/api/company/1/holdings/1/transferCategory`, { holding_id: target })).statusCode).toBe(
      403,
    );
    expect((await post(owner2, `/api/company/2/holdings/2/transferCategory`, { holding_id: 1 })).statusCode).toBe(422);
    expect((await post(owner2, `/api/company/2/holdings/1/transferCategory`, { holding_id: 2 })).statusCode).toBe(404);
    const otherCompanySet = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', 2)
      .where('holding_id', 'is not', null)
      .execute();
    expect(otherCompanySet).toHaveLength(0);
  });
});

describe('client list at scale', () => {
  test('10,000 clients with 20,000 documents: counts kept by the trigger, each list call fast', async () => {
    const db = t.ctx.db;
    await sql`
      insert into clients (company_id, holding_id, name, cui, email)
      select 1, case when g % 3 = 0 then 1 else null end, 'Firma Test ' || lpad(g::text, 5, '0') || ' SRL', (10000000 + g)::text, null
      from generate_series(1, 10000) g`.execute(db);
    await sql`
      insert into media (company_id, client_id, period, original_name, mime, size, sha256, storage_key, created_at)
      select 1, c.id, '2026-01', 'doc.pdf', 'application/pdf', 100, repeat('0', 64), 'scale/' || c.id || '/' || k,
             now() - (c.id % 1000) * interval '1 minute'
      from clients c cross join generate_series(1, 2) k
      where c.name like 'Firma Test %'`.execute(db);
    const timed = async (payload: object) => {
      const start = Date.now();
      const res = await post(owner, '/api/company/1/clients', payload);
      return { res, ms: Date.now() - start };
    };
    const first = await timed({ sort: 'last_upload', per_page: 50 });
    expect(first.res.statusCode).toBe(200);
    expect(first.res.json().meta.total).toBeGreaterThan(10000);
    const page = first.res.json().data as { documents_count: number; last_upload_at: string }[];
    expect(page).toHaveLength(50);
    expect(page.every((c, i) => i === 0 || c.last_upload_at <= page[i - 1].last_upload_at)).toBe(true);
    const searched = await timed({ search: 'firma test 00777', per_page: 10 });
    expect(searched.res.json().data).toEqual([
      expect.objectContaining({ name: 'Firma Test 00777 SRL', documents_count: 2 }),
    ]);
    const filtered = await timed({ holding_id: 1, sort: 'name', page: 20, per_page: 100 });
    expect(filtered.res.json().data).toHaveLength(100);
    // Generous bounds for a shared 2-core machine; the point is no per-request aggregation over every document.
    for (const call of [first, searched, filtered]) expect(call.ms).toBeLessThan(3000);
  });
});
