import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  uniqueCui,
  uploadDocument,
  type Actor,
  type Company,
  type Holding,
} from '../../../test/factories.js';

/**
 * A client's record on the company door: editing it, archiving it (gone from the lists and from its
 * holding, documents kept, the counters right), the archived filter and restoring one within the
 * plan. The world: company A (owner, staff), its holding, company B next door.
 */

let t: TestApp;
let a: Company;
let b: Company;
let staff: Actor;
let holding: Holding;
let companyPlan = 0;

const as = (actor: Actor) => api(t).as(actor);
const door = (company: Company, path: string) => `/api/company/${company.id}/${path}`;
const list = async (body: object = {}) =>
  (await as(a.owner).post(door(a, 'clients'), { per_page: 100, ...body })).json as {
    data: { id: number; name: string; archived_at: string | null }[];
    meta: { total: number };
  };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  a = await createCompany(t);
  b = await createCompany(t);
  staff = await createUser(t, a, { role: 3 });
  holding = await createHolding(t, a);
  const plan = await t.ctx.db
    .insertInto('plans')
    .values({
      name: 'Test A',
      audience: 'company',
      price_bani: 1000,
      max_clients: null,
      max_users: null,
      max_storage_bytes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  companyPlan = plan.id;
  await t.ctx.db
    .updateTable('subscriptions')
    .set({ plan_id: plan.id, status: 'active', current_period_end: new Date(Date.now() + 30 * 86400000) })
    .where('company_id', '=', a.id)
    .execute();
});
afterAll(() => t.close());

describe('clients/{id}/update', () => {
  test('changes the fields and moves the client into a linked holding and out again', async () => {
    const client = await createClient(t, a);
    const res = await as(a.owner).post(door(a, `clients/${client.id}/update`), {
      name: '  Brutăria Nouă SRL ',
      email: 'Contabil@Brutaria.test',
      phone: '+40 721 000 111',
      notes: 'Plătește trimestrial.',
      holding_id: holding.id,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Clientul a fost actualizat.');
    expect(res.json.data).toMatchObject({
      id: client.id,
      name: 'Brutăria Nouă SRL',
      email: 'contabil@brutaria.test',
      notes: 'Plătește trimestrial.',
      holding: { id: holding.id, name: holding.name },
    });
    const seen = await as(holding.admin as Actor).post(`/api/holding/${holding.id}/clients/${client.id}`, {});
    expect(seen.status).toBe(200);
    const out = await as(a.owner).post(door(a, `clients/${client.id}/update`), { holding_id: null });
    expect(out.json.data.holding).toBeNull();
    expect((await as(holding.admin as Actor).post(`/api/holding/${holding.id}/clients/${client.id}`, {})).status).toBe(
      404,
    );
  });

  test('the create rules answer 422 per field, every problem at once', async () => {
    const client = await createClient(t, a);
    const res = await as(a.owner).post(door(a, `clients/${client.id}/update`), {
      name: '   ',
      cui: '12345678',
      email: 'nu-e-adresa',
      phone: 'abc',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['cui', 'email', 'name', 'phone']);
    expect(res.json.errors.cui[0]).toBe('CUI-ul nu este valid (verifică cifra de control).');
  });

  test("the CUI stays unique among the company's live clients; the holding must be linked", async () => {
    const first = await createClient(t, a);
    const second = await createClient(t, a);
    const taken = await as(a.owner).post(door(a, `clients/${second.id}/update`), { cui: first.cui });
    expect(taken.status).toBe(422);
    expect(taken.json.errors.cui).toEqual(['Există deja un client cu acest CUI.']);
    const foreign = await createHolding(t, b, { admin: false });
    const unlinked = await as(a.owner).post(door(a, `clients/${second.id}/update`), { holding_id: foreign.id });
    expect(unlinked.status).toBe(422);
    expect(unlinked.json.errors.holding_id).toEqual(['Holdingul ales nu este asociat companiei.']);
  });

  test('staff (role 3) get 403 before the body is read; another company gets 404', async () => {
    const client = await createClient(t, a);
    const refused = await as(staff).post(door(a, `clients/${client.id}/update`), { name: 7, nope: true });
    expect(refused.status).toBe(403);
    expect((await as(b.owner).post(door(b, `clients/${client.id}/update`), { name: 'X SRL' })).status).toBe(404);
    expect((await as(b.owner).post(door(a, `clients/${client.id}/update`), { name: 'X SRL' })).status).toBe(404);
  });
});

describe('archive (clients/{id}/delete) and restore', () => {
  test('an archived client leaves the lists, the counters and its holding; its documents stay', async () => {
    const client = await createClient(t, a, { holding_id: holding.id });
    const doc = await uploadDocument(t, a.owner, client);
    const before = await list();
    const res = await as(a.owner).post(door(a, `clients/${client.id}/delete`));
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Clientul a fost arhivat.');

    const after = await list();
    expect(after.meta.total).toBe(before.meta.total - 1);
    expect(after.data.map((c) => c.id)).not.toContain(client.id);
    const filtered = await list({ holding_id: holding.id });
    expect(filtered.data.map((c) => c.id)).not.toContain(client.id);
    expect((await as(a.owner).post(door(a, `clients/${client.id}`), {})).status).toBe(404);

    const admin = holding.admin as Actor;
    const index = await as(admin).post(`/api/holding/${holding.id}/index`, { per_page: 100 });
    expect(index.json.data.map((c: { id: number }) => c.id)).not.toContain(client.id);
    expect((await as(admin).post(`/api/holding/${holding.id}/clients/${client.id}`, {})).status).toBe(404);

    const archived = await list({ archived: true });
    const row = archived.data.find((c) => c.id === client.id);
    expect(row?.archived_at).toEqual(expect.any(String));
    expect(archived.meta.total).toBe(archived.data.length);
    const media = await t.ctx.db
      .selectFrom('media')
      .select('deleted_at')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(media.deleted_at).toBeNull();

    const restored = await as(a.owner).post(door(a, `clients/${client.id}/restore`));
    expect(restored.status).toBe(200);
    expect(restored.json.data).toMatchObject({ id: client.id, documents_count: 1 });
    expect(restored.json.data).not.toHaveProperty('archived_at');
    expect((await list()).meta.total).toBe(before.meta.total);
    const back = await as(admin).post(`/api/holding/${holding.id}/index`, { per_page: 100 });
    expect(back.json.data.map((c: { id: number }) => c.id)).toContain(client.id);
  });

  test('restore re-checks the CUI among live clients and the plan limit', async () => {
    const cui = uniqueCui();
    const old = await createClient(t, a, { cui });
    await as(a.owner).post(door(a, `clients/${old.id}/delete`));
    const newer = await createClient(t, a, { cui });
    const clash = await as(a.owner).post(door(a, `clients/${old.id}/restore`));
    expect(clash.status).toBe(422);
    expect(clash.json.errors.cui[0]).toMatch(/^Există deja un client activ cu acest CUI/);

    await as(a.owner).post(door(a, `clients/${newer.id}/delete`));
    const live = (await list()).meta.total;
    await t.ctx.db.updateTable('plans').set({ max_clients: live }).where('id', '=', companyPlan).execute();
    try {
      const full = await as(a.owner).post(door(a, `clients/${old.id}/restore`));
      expect(full.status).toBe(402);
      await t.ctx.db
        .updateTable('plans')
        .set({ max_clients: live + 1 })
        .where('id', '=', companyPlan)
        .execute();
      expect((await as(a.owner).post(door(a, `clients/${old.id}/restore`))).status).toBe(200);
    } finally {
      await t.ctx.db.updateTable('plans').set({ max_clients: null }).where('id', '=', companyPlan).execute();
    }
    // A live client is not "archived": nothing to restore.
    expect((await as(a.owner).post(door(a, `clients/${old.id}/restore`))).status).toBe(404);
  });

  test('staff get 403 and another company 404 on archive, restore and the archived list stays its own', async () => {
    const client = await createClient(t, a);
    expect((await as(staff).post(door(a, `clients/${client.id}/delete`))).status).toBe(403);
    expect((await as(b.owner).post(door(b, `clients/${client.id}/delete`))).status).toBe(404);
    await as(a.owner).post(door(a, `clients/${client.id}/delete`));
    expect((await as(staff).post(door(a, `clients/${client.id}/restore`))).status).toBe(403);
    expect((await as(b.owner).post(door(b, `clients/${client.id}/restore`))).status).toBe(404);
    const theirs = await as(b.owner).post(door(b, 'clients'), { archived: true });
    expect(theirs.json.data).toEqual([]);
  });
});
