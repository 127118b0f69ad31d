import { createTestApp, type TestApp } from '../helpers.js';
import {
  api,
  companyCategories,
  createClient,
  linkHolding,
  signIn,
  uploadDocument,
  type Actor,
  type Caller,
} from '../factories.js';
import { sha256 } from '../../src/infra/tokens.js';
import { DEFAULT_CATEGORIES } from '../../src/features/companies/index.js';
import { companyDoorWorld, type CompanyDoorWorld } from './company-door-world.js';

// Holdings and categories of /api/company/{companyId}. Clients: company-door-clients.test.ts; the world
// both build: company-door-world.ts.
let t: TestApp;
let w: CompanyDoorWorld;
let owner: Actor;
let staff: Actor;
let owner2: Actor;
let holdingUser: Actor;
/** The company door of the firm under test, and of the other firm. */
let door: string;
let door2: string;
/** The holding linked to the firm under test, and the other firm's holding. */
let h: number;
let h2: number;

const post = (who: Caller | null, url: string, body?: object) => api(t).as(who).post(url, body);
const get = (who: Caller | null, url: string) => api(t).as(who).get(url);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  w = await companyDoorWorld(t);
  owner = w.company.owner;
  staff = w.staff;
  owner2 = w.other.owner;
  holdingUser = w.holdingAdmin;
  door = `/api/company/${w.company.id}`;
  door2 = `/api/company/${w.other.id}`;
  h = w.holding.id;
  h2 = w.otherHolding.id;
  // A third client in the holding, next to Alfa and Beta.
  await createClient(t, w.company, { name: 'Omega Servicii SRL', holding_id: h });
});
afterAll(() => t.close());

describe('holdings', () => {
  test('POST holdings lists the linked holdings with counts; another company sees only its own', async () => {
    const res = await post(owner, `${door}/holdings`, { search: w.holding.name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({
        id: h,
        name: w.holding.name,
        cui: w.holding.cui,
        clients_count: 3,
        users_count: 2,
        admins_count: 1,
        categories_count: 0,
      }),
    ]);
    expect(res.json.meta).toMatchObject({ page: 1, total: 1 });
    const other = await post(owner2, `${door2}/holdings`);
    expect(other.json.data.map((x: { name: string }) => x.name)).toEqual([w.otherHolding.name]);
    expect(other.text).not.toContain(w.holding.name);
    expect((await post(owner, `${door}/holdings`, { per_page: 0 })).status).toBe(422);
  });

  test('notify a holding that has an administrator: the message goes to its role-4 users', async () => {
    const memberMails = t.mail.to(w.holdingMember.email).length; // its invitation
    const res = await post(owner, `${door}/holdings/${h}/notify`, { message: 'Actele pe noiembrie, vă rog.' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ invited: false, recipients: 1 });
    expect(t.mail.to(w.holdingAdmin.email).pop()?.text).toContain('Actele pe noiembrie, vă rog.');
    expect(t.mail.to(w.holdingMember.email)).toHaveLength(memberMails);
  });

  test('notify a holding without users: a role-4 account without password and a 7-day set-password link', async () => {
    const created = await post(owner, `${door}/createClient`, {
      name: 'Tau Logistic SRL',
      cui: '45678918',
      new_holding: { name: 'Holding Tau', email: 'admin@grup-tau.ro' },
    });
    expect(created.status).toBe(201);
    const holdingId = created.json.data.holding.id;
    const res = await post(owner, `${door}/holdings/${holdingId}/notify`, { message: 'Bine ați venit!' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ invited: true, recipients: 1 });
    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'admin@grup-tau.ro')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 4, holding_id: holdingId, company_id: null, password_hash: null });
    const mail = t.mail.to('admin@grup-tau.ro').pop();
    expect(mail?.text).toContain('Bine ați venit!');
    // An invitation link: the page asks for a first password and signs the person in.
    const link = /(http\S+reset-password\/([A-Za-z0-9_-]+)\?email=([^&\s]+)&invite=1)/.exec(mail?.text ?? '');
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
    expect(set.status).toBe(200);
    expect((await signIn(t, 'admin@grup-tau.ro', 'ParolaNoua1')).token).toEqual(expect.any(String));
    const holdings = (await post(owner, `${door}/holdings`, { search: 'tau' })).json.data;
    expect(holdings[0]).toMatchObject({ admins_count: 1, clients_count: 1 });
  });

  test('notify: no administrator and no e-mail → 422; an e-mail already used → 422; bad input → 422', async () => {
    const noEmail = await post(owner, `${door}/createClient`, {
      name: 'Phi SRL',
      cui: '56789024',
      new_holding: { name: 'Holding Phi' },
    });
    const noEmailHolding = noEmail.json.data.holding.id;
    const res = await post(owner, `${door}/holdings/${noEmailHolding}/notify`, { message: 'x' });
    expect(res.status).toBe(422);
    const taken = await post(owner, `${door}/createClient`, {
      name: 'Psi SRL',
      cui: '67890139',
      new_holding: { name: 'Holding Psi', email: staff.email },
    });
    expect(taken.status).toBe(201);
    const takenRes = await post(owner, `${door}/holdings/${taken.json.data.holding.id}/notify`, { message: 'x' });
    expect(takenRes.status).toBe(422);
    expect(takenRes.json.errors).toHaveProperty('email');
    expect((await post(owner, `${door}/holdings/${h}/notify`, {})).status).toBe(422);
    expect((await post(owner, `${door}/holdings/${h}/notify`, { message: 'x', extra: 1 })).status).toBe(422);
  });

  test('notify/delete refusals: role 3 403, other company 404, a holding not linked 404', async () => {
    const sent = t.mail.sent.length;
    expect((await post(staff, `${door}/holdings/${h}/notify`, { message: 'x' })).status).toBe(403);
    expect((await post(owner2, `${door}/holdings/${h}/notify`, { message: 'x' })).status).toBe(404);
    expect((await post(owner2, `${door2}/holdings/${h}/notify`, { message: 'x' })).status).toBe(404);
    expect((await post(owner, `${door}/holdings/${h2}/notify`, { message: 'x' })).status).toBe(404);
    expect((await post(holdingUser, `${door}/holdings/${h}/notify`, { message: 'x' })).status).toBe(403);
    expect(t.mail.sent.length).toBe(sent);
    expect((await post(staff, `${door}/holdings/${h}/delete`)).status).toBe(403);
    expect((await post(owner2, `${door2}/holdings/${h}/delete`)).status).toBe(404);
    expect((await post(owner, `${door}/holdings/${h2}/delete`)).status).toBe(404);
    expect((await post(staff, `${door}/holdings`)).status).toBe(403);
    const link = await t.ctx.db.selectFrom('company_holding').selectAll().where('holding_id', '=', h2).execute();
    expect(link).toHaveLength(1);
  });

  test('delete unlinks the holding; its clients stay (outside any holding) with their documents', async () => {
    const created = await post(owner, `${door}/createClient`, {
      name: 'Chi SRL',
      cui: '78901241',
      new_holding: { name: 'Holding Chi' },
    });
    const client = created.json.data;
    await uploadDocument(t, owner, client);
    const res = await post(owner, `${door}/holdings/${client.holding.id}/delete`);
    expect(res.status).toBe(200);
    const holdings = (await post(owner, `${door}/holdings`, { per_page: 100 })).json.data.map(
      (x: { id: number }) => x.id,
    );
    expect(holdings).not.toContain(client.holding.id);
    const view = (await post(owner, `${door}/clients/${client.id}`)).json;
    expect(view.data.holding).toBeNull();
    expect(view.categories_inherited).toBe(false);
    expect(view.documents).toHaveLength(1);
    const outside = (await post(owner, `${door}/clients`, { holding_id: 0, search: 'chi srl' })).json.data;
    expect(outside.map((c: { id: number }) => c.id)).toEqual([client.id]);
    expect((await post(owner, `${door}/clients`, { holding_id: client.holding.id })).json.meta.total).toBe(0);
    expect((await post(owner, `${door}/holdings/${client.holding.id}/delete`)).status).toBe(404);
    const holdingRow = await t.ctx.db
      .selectFrom('holdings')
      .select(['id', 'deleted_at'])
      .where('id', '=', client.holding.id)
      .executeTakeFirst();
    expect(holdingRow?.deleted_at).toBeNull();
    // Linking again (a company request confirmed) brings the client back into the holding.
    await linkHolding(t, client.holding, w.company);
    expect((await post(owner, `${door}/clients/${client.id}`)).json.data.holding).toEqual(client.holding);
  });
});

describe('categories', () => {
  test('GET categories: the default set in order; a holding without its own set inherits it', async () => {
    const res = await get(staff, `${door}/categories`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ holding_id: null, inherited: false });
    expect(res.json.data.map((c: { name: string }) => c.name)).toEqual(DEFAULT_CATEGORIES);
    const holding = await get(owner, `${door}/categories?holding_id=${h}`);
    expect(holding.json).toMatchObject({ holding_id: h, inherited: true });
    expect((await get(owner, `${door}/categories?holding_id=${h2}`)).status).toBe(422);
    expect((await get(owner, `${door}/categories?holding_id=abc`)).status).toBe(422);
    expect((await get(owner2, `${door}/categories`)).status).toBe(404);
    expect((await get(holdingUser, `${door}/categories`)).status).toBe(403);
  });

  test('storeCategory appends to the default set; names are unique per set', async () => {
    const res = await post(owner, `${door}/storeCategory`, { name: 'Declarații' });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: 'Declarații',
      position: DEFAULT_CATEGORIES.length,
      holding_id: null,
    });
    const dup = await post(owner, `${door}/storeCategory`, { name: 'declarații' });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toHaveProperty('name');
    expect((await post(owner, `${door}/storeCategory`, { name: '   ' })).status).toBe(422);
    expect((await post(owner, `${door}/storeCategory`, {})).status).toBe(422);
    expect((await post(owner, `${door}/storeCategory`, { name: 'x'.repeat(101) })).status).toBe(422);
    expect((await post(owner, `${door}/storeCategory`, { name: 'X', holding_id: h2 })).status).toBe(422);
    expect((await post(staff, `${door}/storeCategory`, { name: 'Staff' })).status).toBe(403);
    expect((await post(owner2, `${door}/storeCategory`, { name: 'Alt' })).status).toBe(404);
  });

  test('the first category of a holding gives it its own set: the defaults plus the new one; its clients see it', async () => {
    const res = await post(owner, `${door}/storeCategory`, { name: 'Avize', holding_id: h });
    expect(res.status).toBe(201);
    const set = (await get(owner, `${door}/categories?holding_id=${h}`)).json;
    expect(set.inherited).toBe(false);
    expect(set.data.map((c: { name: string }) => c.name)).toEqual([...DEFAULT_CATEGORIES, 'Declarații', 'Avize']);
    const view = (await post(owner, `${door}/clients/${w.alfa.id}`)).json;
    expect(view.categories_inherited).toBe(false);
    expect(view.categories.map((c: { name: string }) => c.name)).toContain('Avize');
    const gammaView = (await post(owner, `${door}/clients/${w.gamma.id}`)).json;
    expect(gammaView.categories.map((c: { name: string }) => c.name)).not.toContain('Avize');
  });

  test('update renames; another company category answers 404', async () => {
    const list = (await get(owner, `${door}/categories`)).json.data as { id: number; name: string }[];
    const target = list.find((c) => c.name === 'Declarații') as { id: number };
    const res = await post(owner, `${door}/categories/${target.id}/update`, { name: 'Declarații fiscale' });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe('Declarații fiscale');
    expect((await post(owner, `${door}/categories/${target.id}/update`, { name: 'Salarii' })).status).toBe(422);
    const [foreign] = await companyCategories(t, w.other);
    expect((await post(owner, `${door}/categories/${foreign.id}/update`, { name: 'Furat' })).status).toBe(404);
    expect((await post(owner2, `${door2}/categories/${target.id}/update`, { name: 'Furat' })).status).toBe(404);
    expect((await post(staff, `${door}/categories/${target.id}/update`, { name: 'x' })).status).toBe(403);
    const again = (await get(owner, `${door}/categories`)).json.data as { name: string }[];
    expect(again.map((c) => c.name)).not.toContain('Furat');
  });

  test('updatePosition persists the new order; the list must be exactly the set', async () => {
    const before = (await get(owner, `${door}/categories`)).json.data as { id: number }[];
    const reversed = before.map((c) => c.id).reverse();
    const res = await post(owner, `${door}/categories/updatePosition`, { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.json.data.map((c: { id: number }) => c.id)).toEqual(reversed);
    const after = (await get(owner, `${door}/categories`)).json.data as { id: number; position: number }[];
    expect(after.map((c) => c.id)).toEqual(reversed);
    expect(after.map((c) => c.position)).toEqual(after.map((_c, i) => i));
    const [foreign] = await companyCategories(t, w.other);
    for (const ids of [
      reversed.slice(1),
      [...reversed, foreign.id],
      [...reversed.slice(1), foreign.id],
      [reversed[0], ...reversed.slice(0, -1)],
    ]) {
      expect((await post(owner, `${door}/categories/updatePosition`, { ids })).status).toBe(422);
    }
    const holdingSet = (await get(owner, `${door}/categories?holding_id=${h}`)).json.data.map(
      (c: { id: number }) => c.id,
    );
    expect(
      (await post(owner, `${door}/categories/updatePosition`, { ids: [...holdingSet].reverse(), holding_id: h }))
        .status,
    ).toBe(200);
    expect((await get(owner, `${door}/categories?holding_id=${h}`)).json.data.map((c: { id: number }) => c.id)).toEqual(
      [...holdingSet].reverse(),
    );
    expect((await post(staff, `${door}/categories/updatePosition`, { ids: reversed })).status).toBe(403);
    const otherOrder = (await get(owner2, `${door2}/categories`)).json.data.map((c: { id: number }) => c.id);
    expect((await post(owner2, `${door2}/categories/updatePosition`, { ids: reversed })).status).toBe(422);
    expect((await get(owner2, `${door2}/categories`)).json.data.map((c: { id: number }) => c.id)).toEqual(otherOrder);
  });

  test('delete is soft: the category leaves the set, its documents keep it', async () => {
    const list = (await get(owner, `${door}/categories`)).json.data as { id: number; name: string }[];
    const facturi = list.find((c) => c.name === 'Facturi emise') as { id: number };
    expect((await post(staff, `${door}/categories/${facturi.id}/delete`)).status).toBe(403);
    expect((await post(owner2, `${door2}/categories/${facturi.id}/delete`)).status).toBe(404);
    const res = await post(owner, `${door}/categories/${facturi.id}/delete`);
    expect(res.status).toBe(200);
    expect((await get(owner, `${door}/categories`)).json.data.map((c: { id: number }) => c.id)).not.toContain(
      facturi.id,
    );
    const view = (await post(owner, `${door}/clients/${w.gamma.id}`)).json;
    const docs = view.documents.filter((d: { category_id: number }) => d.category_id === facturi.id);
    expect(docs).toHaveLength(2);
    expect(docs[0].category).toEqual({ id: facturi.id, name: 'Facturi emise' });
    expect((await post(owner, `${door}/categories/${facturi.id}/delete`)).status).toBe(404);
  });

  test('transferCategory copies a set to another holding without duplicates', async () => {
    const created = await post(owner, `${door}/createClient`, {
      name: 'Kappa SRL',
      cui: '89012350',
      new_holding: { name: 'Holding Kappa' },
    });
    const target = created.json.data.holding.id;
    await post(owner, `${door}/storeCategory`, { name: 'Avize', holding_id: target }); // target: defaults + Avize
    const source = (await get(owner, `${door}/categories?holding_id=${h}`)).json.data.map(
      (c: { name: string }) => c.name,
    );
    const res = await post(owner, `${door}/holdings/${h}/transferCategory`, { holding_id: target });
    expect(res.status).toBe(200);
    const names = res.json.data.map((c: { name: string }) => c.name) as string[];
    expect(new Set(names)).toEqual(
      new Set([
        ...source,
        ...(await get(owner, `${door}/categories?holding_id=${target}`)).json.data.map((c: { name: string }) => c.name),
      ]),
    );
    expect(names.length).toBe(new Set(names.map((n) => n.toLowerCase())).size);
    expect(res.json.copied).toBeGreaterThan(0);
    const again = await post(owner, `${door}/holdings/${h}/transferCategory`, { holding_id: target });
    expect(again.json.copied).toBe(0);
    expect((await post(owner, `${door}/holdings/${h}/transferCategory`, { holding_id: h })).status).toBe(422);
    expect((await post(owner, `${door}/holdings/${h}/transferCategory`, { holding_id: h2 })).status).toBe(422);
    expect((await post(owner, `${door}/holdings/${h2}/transferCategory`, { holding_id: target })).status).toBe(404);
    expect((await post(owner, `${door}/holdings/${h}/transferCategory`, {})).status).toBe(422);
    expect((await post(staff, `${door}/holdings/${h}/transferCategory`, { holding_id: target })).status).toBe(403);
    expect((await post(owner2, `${door2}/holdings/${h2}/transferCategory`, { holding_id: h })).status).toBe(422);
    expect((await post(owner2, `${door2}/holdings/${h}/transferCategory`, { holding_id: h2 })).status).toBe(404);
    const otherCompanySet = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', w.other.id)
      .where('holding_id', 'is not', null)
      .execute();
    expect(otherCompanySet).toHaveLength(0);
  });

  test("a client's view shows its holding's own set while the holding is linked, the company's default set once unlinked", async () => {
    const created = await post(owner, `${door}/createClient`, {
      name: 'Lambda SRL',
      cui: '90123459',
      new_holding: { name: 'Holding Lambda' },
    });
    const client = created.json.data;
    expect((await post(owner, `${door}/storeCategory`, { name: 'Devize', holding_id: client.holding.id })).status).toBe(
      201,
    );
    const names = (view: { categories: { name: string }[] }) => view.categories.map((c) => c.name);
    const defaults = (await get(owner, `${door}/categories`)).json.data.map((c: { name: string }) => c.name);
    const linked = (await post(owner, `${door}/clients/${client.id}`)).json;
    expect(linked).toMatchObject({ categories_inherited: false, data: { holding: client.holding } });
    expect(names(linked)).toEqual([...defaults, 'Devize']);
    expect((await post(owner, `${door}/holdings/${client.holding.id}/delete`)).status).toBe(200);
    const unlinked = (await post(owner, `${door}/clients/${client.id}`)).json;
    expect(unlinked).toMatchObject({ categories_inherited: false, data: { holding: null } });
    expect(names(unlinked)).toEqual(defaults);
    await linkHolding(t, client.holding, w.company);
    expect(names((await post(owner, `${door}/clients/${client.id}`)).json)).toContain('Devize');
  });
});
