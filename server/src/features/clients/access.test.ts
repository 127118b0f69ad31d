import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  acceptInvitation,
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  freshAddress,
  PASSWORD,
  type Actor,
  type Company,
} from '../../../test/factories.js';
import { ADDRESS_CHECKS_PER_TENANT_PER_HOUR } from '../users/index.js';

/**
 * "Acces portal" from a company's client page: the owner lists, invites, re-invites and revokes the
 * people who sign in for a client. The world: company A (owner, staff), company B next door.
 */

let t: TestApp;
let a: Company;
let b: Company;
let staff: Actor;

const as = (actor: Actor) => api(t).as(actor);
const door = (company: Company, path: string) => `/api/company/${company.id}/${path}`;
const FOREIGN = 'Această adresă are deja un cont Dosar. Folosește altă adresă sau cere persoanei să te contacteze.';
let n = 0;
const person = (role: 4 | 5 = 5) => {
  n += 1;
  return { name: `Ioana Pop ${n}`, email: `ioana-${n}-${Date.now()}@client.test`, role };
};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  a = await createCompany(t, { name: 'Contabilitate Alfa SRL' });
  b = await createCompany(t, { name: 'Firma Vecină Beta SRL' });
  staff = await createUser(t, a, { role: 3 });
});
afterAll(() => t.close());

test('inviting to a client without a holding creates one named after it; the person sets a password and sees the client', async () => {
  const client = await createClient(t, a, { name: 'Brutăria Ionescu SRL' });
  const empty = await as(a.owner).post(door(a, `clients/${client.id}/access`));
  expect(empty.status).toBe(200);
  expect(empty.json).toEqual({ holding: null, data: [] });

  const invitee = person(5);
  const res = await as(a.owner).post(door(a, `clients/${client.id}/invite`), invitee);
  expect(res.status).toBe(201);
  expect(res.json.data).toMatchObject({ name: invitee.name, email: invitee.email, role: 5, invited: true });
  const mail = t.mail.to(invitee.email).at(-1);
  expect(mail?.subject).toBe('Invitație în Dosar: setează parola contului tău');
  expect(mail?.html).toContain('Brutăria Ionescu SRL');

  const view = await as(a.owner).post(door(a, `clients/${client.id}`), {});
  expect(view.json.data.holding).toMatchObject({ name: 'Brutăria Ionescu SRL' });
  const holdingId = view.json.data.holding.id as number;

  const signedIn = await acceptInvitation(t, invitee.email);
  expect(signedIn).toMatchObject({ role: 5, holding_id: holdingId });
  const index = await as(signedIn).post(`/api/holding/${holdingId}/index`, {});
  expect(index.json.data.map((c: { id: number }) => c.id)).toEqual([client.id]);

  const listed = await as(a.owner).post(door(a, `clients/${client.id}/access`));
  expect(listed.json.holding).toEqual({ id: holdingId, name: 'Brutăria Ionescu SRL' });
  expect(listed.json.data).toEqual([expect.objectContaining({ email: invitee.email, role: 5, invited: false })]);

  // A second person joins the same holding, no second one is made; the role may be left out (a user).
  const { role: _role, ...withoutRole } = person(5);
  void _role;
  const second = await as(a.owner).post(door(a, `clients/${client.id}/invite`), withoutRole);
  expect(second.json.data).toMatchObject({ role: 5 });
  expect(second.status).toBe(201);
  const again = await as(a.owner).post(door(a, `clients/${client.id}`), {});
  expect(again.json.data.holding.id).toBe(holdingId);
});

test("another tenant's address is refused without naming it; a person already in is told so", async () => {
  const client = await createClient(t, a);
  const res = await as(a.owner).post(door(a, `clients/${client.id}/invite`), {
    name: 'Cineva',
    email: b.owner.email.toUpperCase(),
    role: 5,
  });
  expect(res.status).toBe(422);
  expect(res.json.errors.email).toEqual([FOREIGN]);
  expect(res.text).not.toContain(b.name);
  expect(res.text).not.toContain('Beta');

  const invitee = person(5);
  expect((await as(a.owner).post(door(a, `clients/${client.id}/invite`), invitee)).status).toBe(201);
  const twice = await as(a.owner).post(door(a, `clients/${client.id}/invite`), invitee);
  expect(twice.status).toBe(422);
  expect(twice.json.errors.email).toEqual(['Această persoană are deja acces la portalul clientului.']);
});

test("each address check spends the company's budget (then 429)", async () => {
  const c = await createCompany(t);
  const client = await createClient(t, c);
  for (let i = 0; i < ADDRESS_CHECKS_PER_TENANT_PER_HOUR; i += 1) {
    const res = await as(c.owner).post(door(c, `clients/${client.id}/invite`), {
      name: 'X',
      email: b.owner.email,
      role: 5,
    });
    expect(res.status).toBe(422);
  }
  const spent = await as(c.owner).post(door(c, `clients/${client.id}/invite`), person(5));
  expect(spent.status).toBe(429);
});

test('422 per field, role 3 gets 403 before validation, another company 404, unverified owner refused', async () => {
  const client = await createClient(t, a);
  const bad = await as(a.owner).post(door(a, `clients/${client.id}/invite`), {
    name: ' ',
    email: 'nu-e-adresa',
    role: 5,
  });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'name']);
  expect((await as(a.owner).post(door(a, `clients/${client.id}/invite`), { ...person(), role: 3 })).status).toBe(422);
  expect((await as(staff).post(door(a, `clients/${client.id}/invite`), { junk: 1 })).status).toBe(403);
  expect((await as(staff).post(door(a, `clients/${client.id}/access`))).status).toBe(403);
  expect((await as(b.owner).post(door(b, `clients/${client.id}/invite`), person())).status).toBe(404);
  expect((await as(b.owner).post(door(b, `clients/${client.id}/access`))).status).toBe(404);

  await t.ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', a.owner.id).execute();
  try {
    const unverified = await as(a.owner).post(door(a, `clients/${client.id}/invite`), person());
    expect(unverified.status).toBe(403);
  } finally {
    await t.ctx.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', a.owner.id).execute();
  }
});

test("the holding's plan user limit applies", async () => {
  const holding = await createHolding(t, a);
  const plan = await t.ctx.db
    .insertInto('plans')
    .values({
      name: 'Mic',
      audience: 'holding',
      price_bani: 100,
      max_clients: null,
      max_users: 1,
      max_storage_bytes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('subscriptions')
    .set({ plan_id: plan.id, status: 'active', current_period_end: new Date(Date.now() + 30 * 86400000) })
    .where('holding_id', '=', holding.id)
    .execute();
  const res = await as(a.owner).post(door(a, `clients/${holding.client.id}/invite`), person(5));
  expect(res.status).toBe(402);
});

test('a firm names no holding administrator: role 4 is refused and nobody is made', async () => {
  const client = await createClient(t, a);
  const admin = person(4);
  const res = await as(a.owner).post(door(a, `clients/${client.id}/invite`), admin);
  expect(res.status).toBe(422);
  expect(res.json.errors.role).toEqual([
    'Firma poate invita în portal doar utilizatori; administratorii holdingului sunt numiți de holding.',
  ]);
  expect(t.mail.to(admin.email)).toHaveLength(0);
  const made = await t.ctx.db.selectFrom('users').select('id').where('email', '=', admin.email).execute();
  expect(made).toEqual([]);
});

test("resend and revoke: the firm's own invitees only, never the holding's own people", async () => {
  const holding = await createHolding(t, a);
  const client = holding.client;
  const user = person(5);
  const userId = (await as(a.owner).post(door(a, `clients/${client.id}/invite`), user)).json.data.id as number;
  const own = await createUser(t, holding, { role: 5 });

  // The list shows the firm's invitee, not the holding's administrator nor its own user.
  const listed = await as(a.owner).post(door(a, `clients/${client.id}/access`));
  expect(listed.json.data.map((p: { id: number }) => p.id)).toEqual([userId]);
  expect(listed.text).not.toContain(own.email);
  expect(listed.text).not.toContain((holding.admin as Actor).email);

  const before = t.mail.to(user.email).length;
  const resent = await as(a.owner).post(door(a, `clients/${client.id}/access/${userId}/resend`));
  expect(resent.status).toBe(200);
  expect(resent.json.message).toBe('Invitația a fost retrimisă.');
  expect(t.mail.to(user.email)).toHaveLength(before + 1);
  const person5 = await acceptInvitation(t, user.email);
  const done = await as(a.owner).post(door(a, `clients/${client.id}/access/${userId}/resend`));
  expect(done.status).toBe(422);
  expect(done.json.errors.id[0]).toMatch(/și-a setat deja parola/);

  // Another client without that person, another company, a staff member: 404, 404, 403.
  const other = await createClient(t, a);
  expect((await as(a.owner).post(door(a, `clients/${other.id}/access/${userId}/resend`))).status).toBe(404);
  expect((await as(b.owner).post(door(b, `clients/${client.id}/access/${userId}/revoke`))).status).toBe(404);
  expect((await as(staff).post(door(a, `clients/${client.id}/access/${userId}/revoke`))).status).toBe(403);

  // The holding's own administrator and user are the holding's: not found from the firm's side.
  for (const id of [(holding.admin as Actor).id, own.id]) {
    expect((await as(a.owner).post(door(a, `clients/${client.id}/access/${id}/revoke`))).status).toBe(404);
    expect((await as(a.owner).post(door(a, `clients/${client.id}/access/${id}/resend`))).status).toBe(404);
  }
  expect((await as(own).post(`/api/holding/${holding.id}/index`, {})).status).toBe(200);

  const revoked = await as(a.owner).post(door(a, `clients/${client.id}/access/${userId}/revoke`));
  expect(revoked.status).toBe(200);
  expect(revoked.json.message).toBe('Accesul a fost revocat.');
  expect((await as(person5).post(`/api/holding/${holding.id}/index`, {})).status).toBe(401);
  const login = await api(t).post(
    '/api/login',
    { email: user.email, password: PASSWORD },
    { remoteAddress: freshAddress() },
  );
  expect(login.status).not.toBe(200);
  expect((await as(a.owner).post(door(a, `clients/${client.id}/access`))).json.data).toEqual([]);
});
