import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers.js';
import { api, createClient, type Actor, type Caller } from '../factories.js';
import { DEFAULT_CATEGORIES } from '../../src/features/companies/index.js';
import { companyDoorWorld, type CompanyDoorWorld } from './company-door-world.js';

// Clients of /api/company/{companyId}: list, create, view, notify, and the list at scale. Holdings and
// categories: company-door-holdings.test.ts; the world both build: company-door-world.ts.
let t: TestApp;
let w: CompanyDoorWorld;
let owner: Actor;
let staff: Actor;
let owner2: Actor;
let holdingUser: Actor;
/** The company door of the firm under test, and of the other firm. */
let door: string;
let door2: string;

const post = (who: Caller | null, url: string, body?: object) => api(t).as(who).post(url, body);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  w = await companyDoorWorld(t);
  owner = w.company.owner;
  staff = w.staff;
  owner2 = w.other.owner;
  holdingUser = w.holdingAdmin;
  door = `/api/company/${w.company.id}`;
  door2 = `/api/company/${w.other.id}`;
});
afterAll(() => t.close());

describe('POST clients (list)', () => {
  test('pages the company clients with holding, document count and last upload', async () => {
    const res = await post(staff, `${door}/clients`);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 3 });
    expect(body.data.map((c: { name: string }) => c.name)).toEqual([
      'Alfa Distribuție SRL',
      'Beta Construct SRL',
      'Gamma Consultanță SRL',
    ]);
    expect(body.data[0]).toEqual({
      id: w.alfa.id,
      name: 'Alfa Distribuție SRL',
      cui: w.alfa.cui,
      email: w.alfaEmail,
      phone: '0722000000',
      holding: { id: w.holding.id, name: w.holding.name },
      documents_count: 4,
      last_upload_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      created_at: expect.any(String),
    });
    expect(body.data[2].holding).toBeNull();
    expect(res.text).not.toContain(w.canary); // notes stay out of the list
    expect(res.text).not.toContain('Delta');
  });

  test('search by name (diacritics optional) or CUI (with or without RO), filter by holding, sort, page', async () => {
    const names = async (payload: object) =>
      ((await post(owner, `${door}/clients`, payload)).json.data as { name: string }[]).map((c) => c.name);
    expect(await names({ search: 'distributie' })).toEqual(['Alfa Distribuție SRL']);
    expect(await names({ search: 'CONSULTANȚĂ' })).toEqual(['Gamma Consultanță SRL']);
    expect(await names({ search: w.alfa.cui })).toEqual(['Alfa Distribuție SRL']);
    expect(await names({ search: `RO${w.beta.cui}` })).toEqual(['Beta Construct SRL']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ search: 'Delta' })).toEqual([]);
    expect(await names({ holding_id: w.holding.id })).toEqual(['Alfa Distribuție SRL', 'Beta Construct SRL']);
    expect(await names({ holding_id: 0 })).toEqual(['Gamma Consultanță SRL']);
    expect(await names({ holding_id: w.otherHolding.id })).toEqual([]);
    expect(await names({ sort: 'name', direction: 'desc' })).toEqual([
      'Gamma Consultanță SRL',
      'Beta Construct SRL',
      'Alfa Distribuție SRL',
    ]);
    const page = (await post(owner, `${door}/clients`, { per_page: 2, page: 2 })).json;
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page.data).toHaveLength(1);
    expect((await post(owner, `${door}/clients`, { sort: 'last_upload' })).status).toBe(200);
    expect((await post(owner, `${door}/clients`, { sort: 'created_at', direction: 'asc' })).status).toBe(200);
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
      const res = await post(owner, `${door}/clients`, payload);
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.errors).length).toBeGreaterThan(0);
    }
  });

  test('refusals: other company 404 without data, holding user 403, anonymous 401', async () => {
    const other = await post(owner2, `${door}/clients`);
    expect(other.status).toBe(404);
    expect(other.text).not.toContain(w.canary);
    expect(other.text).not.toContain('Alfa');
    const own = await post(owner2, `${door2}/clients`);
    expect(own.json.data.map((c: { name: string }) => c.name)).toEqual(['Delta Transport SRL', 'Epsilon Agro SRL']);
    expect(own.text).not.toContain(w.canary);
    expect((await post(holdingUser, `${door}/clients`)).status).toBe(403);
    expect((await post(null, `${door}/clients`)).status).toBe(401);
    expect((await post(owner, '/api/company/abc/clients')).status).toBe(422);
  });
});

describe('POST createClient', () => {
  test('creates a client in an existing holding of the company', async () => {
    const res = await post(owner, `${door}/createClient`, {
      name: '  Omega Servicii SRL ',
      cui: 'ro 18547290',
      email: 'office@omega.ro',
      phone: '+40 722 111 222',
      holding_id: w.holding.id,
      notes: 'Client nou',
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: 'Omega Servicii SRL',
      cui: 'RO18547290',
      holding: { id: w.holding.id, name: w.holding.name },
      documents_count: 0,
      last_upload_at: null,
    });
    const list = await post(owner, `${door}/clients`, { search: 'omega' });
    expect(list.json.meta.total).toBe(1);
  });

  test('creates a client with a new holding, linked to the company', async () => {
    const res = await post(owner, `${door}/createClient`, {
      name: 'Sigma Impex SRL',
      cui: '23456783',
      new_holding: { name: 'Holding Sigma', cui: 'RO67890120', email: 'Contact@Sigma.ro' },
    });
    expect(res.status).toBe(201);
    const holding = res.json.data.holding;
    expect(holding).toMatchObject({ name: 'Holding Sigma' });
    const holdings = (await post(owner, `${door}/holdings`)).json.data as {
      id: number;
      name: string;
      email: string;
    }[];
    expect(holdings.find((h) => h.id === holding.id)).toMatchObject({
      name: 'Holding Sigma',
      email: 'contact@sigma.ro',
    });
    // The other company does not see it.
    expect((await post(owner2, `${door2}/holdings`)).text).not.toContain('Holding Sigma');
  });

  // Payloads are built when the test runs: they name the world's clients and holdings.
  test.each<[string, string, () => object]>([
    ['no name', 'name', () => ({ cui: '18547290' })],
    ['blank name', 'name', () => ({ name: '   ', cui: '18547290' })],
    ['an invalid CUI', 'cui', () => ({ name: 'X', cui: '12345678' })],
    ['a CUI already used by a client', 'cui', () => ({ name: 'X', cui: `RO${w.alfa.cui}` })],
    ['a bad e-mail', 'email', () => ({ name: 'X', cui: '78901233', email: 'nu-e-mail' })],
    ['a bad phone', 'phone', () => ({ name: 'X', cui: '78901233', phone: 'abc' })],
    [
      'a holding of another company',
      'holding_id',
      () => ({ name: 'X', cui: '78901233', holding_id: w.otherHolding.id }),
    ],
    ['a holding that does not exist', 'holding_id', () => ({ name: 'X', cui: '78901233', holding_id: 999 })],
    [
      'both holding_id and new_holding',
      'holding_id',
      () => ({ name: 'X', cui: '78901233', holding_id: w.holding.id, new_holding: { name: 'G' } }),
    ],
    [
      'a new holding with an invalid CUI',
      'new_holding.cui',
      () => ({ name: 'X', cui: '78901233', new_holding: { name: 'G', cui: '123' } }),
    ],
    ['an unknown field', 'company_id', () => ({ name: 'X', cui: '78901233', company_id: w.other.id })],
  ])('%s → 422 on %s', async (_label, fieldName, payload) => {
    const before = await t.ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(owner, `${door}/createClient`, payload());
    expect(res.status).toBe(422);
    expect(res.json.errors).toHaveProperty([fieldName]);
    expect(res.text).not.toContain(w.otherHolding.name);
    const after = await t.ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('role 3, another company and holding users may not create clients', async () => {
    const payload = { name: 'Interzis SRL', cui: '78901233' };
    expect((await post(staff, `${door}/createClient`, payload)).status).toBe(403);
    expect((await post(owner2, `${door}/createClient`, payload)).status).toBe(404);
    expect((await post(holdingUser, `${door}/createClient`, payload)).status).toBe(403);
    expect((await post(owner, `${door}/clients`, { search: 'Interzis' })).json.meta.total).toBe(0);
  });
});

describe('POST clients/{id} (client view)', () => {
  test('the client, its category set, its months and documents', async () => {
    const res = await post(staff, `${door}/clients/${w.alfa.id}`);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.data).toMatchObject({
      id: w.alfa.id,
      name: 'Alfa Distribuție SRL',
      notes: expect.stringContaining(w.canary),
      documents_count: 4,
    });
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual(DEFAULT_CATEGORIES);
    expect(body.categories_inherited).toBe(true);
    expect(body.periods).toHaveLength(2);
    expect(body.periods[0].period > body.periods[1].period).toBe(true);
    expect(body.periods.every((p: { count: number }) => p.count === 2)).toBe(true);
    expect(body.documents).toHaveLength(4);
    expect(body.documents[0]).toMatchObject({
      client_id: w.alfa.id,
      mime: 'application/pdf',
      category: { name: 'Facturi emise' },
    });
    expect(body.documents[0]).not.toHaveProperty('storage_key');
    expect(body.upload_limits.max_bytes).toBe(t.ctx.config.uploadMaxBytes);
    expect(res.text).not.toContain(w.otherCanary);
  });

  test('filters documents by month and category', async () => {
    const url = `${door}/clients/${w.alfa.id}`;
    const all = (await post(owner, url)).json;
    const month = all.periods[0].period;
    const byMonth = (await post(owner, url, { period: month })).json;
    expect(byMonth.documents).toHaveLength(2);
    expect(byMonth.documents.every((d: { period: string }) => d.period === month)).toBe(true);
    const categoryId = all.categories[1].id;
    const byCategory = (await post(owner, url, { category_id: categoryId })).json;
    expect(byCategory.documents.every((d: { category_id: number }) => d.category_id === categoryId)).toBe(true);
    expect((await post(owner, url, { period: '2026-1' })).status).toBe(422);
  });

  test('another company client answers 404 without data', async () => {
    expect((await post(owner, `${door}/clients/${w.delta.id}`)).status).toBe(404);
    for (const url of [`${door}/clients/${w.alfa.id}`, `${door2}/clients/${w.alfa.id}`]) {
      const res = await post(owner2, url);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(w.canary);
      expect(res.text).not.toContain('Alfa');
    }
    expect((await post(holdingUser, `${door}/clients/${w.alfa.id}`)).status).toBe(403);
    expect((await post(owner, `${door}/clients/999999`)).status).toBe(404);
  });
});

describe('POST clients/{id}/notify', () => {
  test('e-mails the message to the client', async () => {
    const res = await post(owner, `${door}/clients/${w.alfa.id}/notify`, {
      subject: 'Documente lipsă',
      message: 'Vă rugăm să încărcați extrasele pe luna trecută.',
    });
    expect(res.status).toBe(200);
    const mails = t.mail.to(w.alfaEmail);
    expect(mails).toHaveLength(1);
    // The subject names the company whatever it typed: nobody sends its own wording as Dosar.
    expect(mails[0].subject).toBe(`${w.company.name}: Documente lipsă`);
    expect(mails[0].text).toContain('Vă rugăm să încărcați extrasele pe luna trecută.');
    expect(mails[0].text).toContain(w.company.name);
  });

  test('the message is escaped in the HTML part', async () => {
    await post(owner, `${door}/clients/${w.gamma.id}/notify`, { message: '<script>alert(1)</script>' });
    const mail = t.mail.to(w.gammaEmail).pop();
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.subject).toBe(`Mesaj de la ${w.company.name}`);
  });

  test('a client without e-mail → 422; bad input → 422; role 3 → 403; other company → 404', async () => {
    const withoutEmail = await createClient(t, w.company, { name: 'Fără Email SRL', email: null });
    const res = await post(owner, `${door}/clients/${withoutEmail.id}/notify`, { message: 'Salut' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toHaveProperty('email');
    const alfa = `${door}/clients/${w.alfa.id}/notify`;
    expect((await post(owner, alfa, {})).status).toBe(422);
    expect((await post(owner, alfa, { message: '' })).status).toBe(422);
    const sent = t.mail.sent.length;
    expect((await post(staff, alfa, { message: 'x' })).status).toBe(403);
    expect((await post(owner2, `${door2}/clients/${w.alfa.id}/notify`, { message: 'x' })).status).toBe(404);
    expect((await post(owner2, alfa, { message: 'x' })).status).toBe(404);
    expect(t.mail.sent.length).toBe(sent);
  });

  test('one address gets at most 5 tenant messages a day, whoever writes; the 6th is refused before it is sent', async () => {
    const target = await createClient(t, w.company, { name: 'Țintă SRL', email: 'tinta@clienti.test' });
    const url = `${door}/clients/${target.id}/notify`;
    for (let i = 0; i < 5; i++) expect((await post(owner, url, { message: `Mesajul ${i}` })).status).toBe(200);
    const sent = t.mail.sent.length;
    const refused = await post(owner, url, { message: 'Al șaselea' });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^tinta@clienti\.test a primit deja 5 mesaje prin Dosar/);
    expect(t.mail.sent.length).toBe(sent);
    expect(t.mail.to('tinta@clienti.test')).toHaveLength(5);
  });

  test('parallel notify calls cannot pass a budget together', async () => {
    const target = await createClient(t, w.company, { name: 'Paralel SRL', email: 'paralel@clienti.test' });
    const url = `${door}/clients/${target.id}/notify`;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(owner, url, { message: `M${i}` })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    expect(t.mail.to('paralel@clienti.test')).toHaveLength(5);
  });
});

describe('client list at scale', () => {
  test('10,000 clients with 20,000 documents: counts kept by the trigger, each list call fast', async () => {
    // No API makes ten thousand clients in one go: they are written straight into the company's tables.
    const db = t.ctx.db;
    const companyId = sql.lit(w.company.id);
    const holdingId = sql.lit(w.holding.id);
    await sql`
      insert into clients (company_id, holding_id, name, cui, email)
      select ${companyId}, case when g % 3 = 0 then ${holdingId} else null end, 'Firma Test ' || lpad(g::text, 5, '0') || ' SRL', (10000000 + g)::text, null
      from generate_series(1, 10000) g`.execute(db);
    await sql`
      insert into media (company_id, client_id, period, original_name, mime, size, sha256, storage_key, created_at)
      select ${companyId}, c.id, '2026-01', 'doc.pdf', 'application/pdf', 100, repeat('0', 64), 'scale/' || c.id || '/' || k,
             now() - (c.id % 1000) * interval '1 minute'
      from clients c cross join generate_series(1, 2) k
      where c.name like 'Firma Test %'`.execute(db);
    const timed = async (payload: object) => {
      const start = Date.now();
      const res = await post(owner, `${door}/clients`, payload);
      return { res, ms: Date.now() - start };
    };
    const first = await timed({ sort: 'last_upload', per_page: 50 });
    expect(first.res.status).toBe(200);
    expect(first.res.json.meta.total).toBeGreaterThan(10000);
    const page = first.res.json.data as { documents_count: number; last_upload_at: string }[];
    expect(page).toHaveLength(50);
    expect(page.every((c, i) => i === 0 || c.last_upload_at <= page[i - 1].last_upload_at)).toBe(true);
    const searched = await timed({ search: 'firma test 00777', per_page: 10 });
    expect(searched.res.json.data).toEqual([
      expect.objectContaining({ name: 'Firma Test 00777 SRL', documents_count: 2 }),
    ]);
    const filtered = await timed({ holding_id: w.holding.id, sort: 'name', page: 20, per_page: 100 });
    expect(filtered.res.json.data).toHaveLength(100);
    // Generous bounds for a shared 2-core machine; the point is no per-request aggregation over every document.
    for (const call of [first, searched, filtered]) expect(call.ms).toBeLessThan(3000);
  });
});
