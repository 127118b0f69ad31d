import type { Role } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  linkHolding,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import {
  canDeleteDocument,
  canEditDocument,
  clientVisibleTo,
  loadScopedClient,
  visibleDocumentIds,
  visibleUtilityFileIds,
  worksWithCompany,
  type Tenant,
} from './index.js';

// The access rules against the module itself, on a small world: a firm (A) and the holding it made (H),
// H also linked to B (suspended later), C (unlinked later) and D (deleted later); E is a stranger.
let t: TestApp;
let a: Company;
let holding: Holding & { client: Client };
const people: Record<'owner' | 'staff' | 'admin' | 'user', Actor> = {} as Record<
  'owner' | 'staff' | 'admin' | 'user',
  Actor
>;
const clients: Record<string, number> = {};
const utils: Record<string, number> = {};
const docs: Record<string, number> = {};
const companies: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  a = await createCompany(t);
  const [b, c, d, e] = [await createCompany(t), await createCompany(t), await createCompany(t), await createCompany(t)];
  holding = await createHolding(t, a);
  Object.assign(companies, { b: b.id, c: c.id, d: d.id, e: e.id });
  people.owner = a.owner;
  people.staff = await createUser(t, a, { role: 3 });
  people.admin = holding.admin as Actor;
  people.user = await createUser(t, holding, { role: 5 });
  for (const other of [b, c, d]) await linkHolding(t, holding, other);

  clients.own = (await createClient(t, a)).id;
  clients.linked = holding.client.id;
  clients.suspended = (await createClient(t, holding, { company_id: b.id })).id;
  clients.unlinked = (await createClient(t, holding, { company_id: c.id })).id;
  clients.deletedCompany = (await createClient(t, holding, { company_id: d.id })).id;
  clients.deleted = (await createClient(t, a, { holding_id: holding.id })).id;
  clients.stranger = (await createClient(t, e)).id;

  utils.own = (await createUtilityFile(t, a)).id;
  utils.suspended = (await createUtilityFile(t, b)).id;
  utils.unlinked = (await createUtilityFile(t, c)).id;
  utils.deletedCompany = (await createUtilityFile(t, d)).id;
  utils.stranger = (await createUtilityFile(t, e)).id;

  docs.byOwner = (await uploadDocument(t, people.owner, { id: clients.linked })).id;
  docs.byAdmin = (await uploadDocument(t, people.admin, { id: clients.linked })).id;
  docs.byUser = (await uploadDocument(t, people.user, { id: clients.linked })).id;
  docs.trashed = (await uploadDocument(t, people.admin, { id: clients.linked })).id;
  docs.suspended = (await uploadDocument(t, people.admin, { id: clients.suspended })).id;
  docs.own = (await uploadDocument(t, people.owner, { id: clients.own })).id;
  const trash = await api(t)
    .as(people.admin)
    .post(`/api/holding/${holding.id}/clients/${clients.linked}/media/${docs.trashed}/delete`, {});
  expect(trash.status).toBe(200);

  const { db } = t.ctx;
  await db.updateTable('companies').set({ status: 'suspended' }).where('id', '=', b.id).execute();
  await db.deleteFrom('company_holding').where('company_id', '=', c.id).where('holding_id', '=', holding.id).execute();
  await db.updateTable('companies').set({ deleted_at: new Date() }).where('id', '=', d.id).execute();
  await db.updateTable('clients').set({ deleted_at: new Date() }).where('id', '=', clients.deleted).execute();
});
afterAll(() => t.close());

type Person = keyof typeof people;
const ROLES: Person[] = ['owner', 'staff', 'admin', 'user'];
const tenantOf = (person: Person): Tenant =>
  person === 'owner' || person === 'staff'
    ? { kind: 'company', id: a.id, firm: null }
    : { kind: 'holding', id: holding.id, firm: null };
const FIRM: Person[] = ['owner', 'staff'];
const HOLDING: Person[] = ['admin', 'user'];

describe('clients (role × client)', () => {
  const SEEN_BY: [string, Person[]][] = [
    ['own', FIRM],
    ['linked', [...FIRM, ...HOLDING]],
    ['suspended', []],
    ['unlinked', []],
    ['deletedCompany', []],
    ['deleted', []],
    ['stranger', []],
  ];
  test.each(SEEN_BY.flatMap(([client, seers]) => ROLES.map((role) => [role, client, seers.includes(role)] as const)))(
    '%s sees the %s client: %p',
    async (role, client, seen) => {
      const loaded = loadScopedClient(t.ctx, tenantOf(role), clients[client]);
      if (seen) await expect(loaded).resolves.toMatchObject({ id: clients[client] });
      else
        await expect(loaded).rejects.toMatchObject({ statusCode: 404, message: expect.stringContaining('Clientul') });
    },
  );

  test('the condition is written with parameters only', () => {
    const tenant: Tenant = { kind: 'holding', id: 987654, firm: 123456 };
    const query = t.ctx.db.selectFrom('clients as c').select('c.id').where(clientVisibleTo(tenant, 'c')).compile();
    expect(query.sql).not.toContain('987654');
    expect(query.sql).not.toContain('123456');
    expect(query.sql).not.toContain("'active'");
    expect(query.parameters).toEqual(expect.arrayContaining([987654, 123456, 'active']));
  });
});

test.each(ROLES)('%s may put rows only at a company it works with', async (role) => {
  const tenant = tenantOf(role);
  const at = async (companyId: number) => worksWithCompany(t.ctx.db, tenant, companyId);
  expect(await at(a.id)).toBe(true);
  for (const other of [companies.b, companies.c, companies.d, companies.e]) expect(await at(other)).toBe(false);
});

describe('utility files (role × company)', () => {
  const SEEN_BY: [string, Person[]][] = [
    ['own', [...FIRM, ...HOLDING]],
    ['suspended', []],
    ['unlinked', []],
    ['deletedCompany', []],
    ['stranger', []],
  ];
  test.each(SEEN_BY.flatMap(([util, seers]) => ROLES.map((role) => [role, util, seers.includes(role)] as const)))(
    '%s sees the %s utility file: %p',
    async (role, util, seen) => {
      const visible = await visibleUtilityFileIds(t.ctx.db, tenantOf(role), [utils[util]]);
      expect(visible.has(utils[util])).toBe(seen);
    },
  );
});

describe('documents (role × document)', () => {
  const LIVE: [string, Person[]][] = [
    ['byOwner', [...FIRM, ...HOLDING]],
    ['byUser', [...FIRM, ...HOLDING]],
    ['trashed', []],
    ['suspended', []],
    ['own', FIRM],
  ];
  test.each(LIVE.flatMap(([doc, seers]) => ROLES.map((role) => [role, doc, seers.includes(role)] as const)))(
    '%s sees the live document %s: %p',
    async (role, doc, seen) => {
      expect((await visibleDocumentIds(t.ctx.db, tenantOf(role), [docs[doc]])).has(docs[doc])).toBe(seen);
    },
  );

  test.each(ROLES)('%s finds the trashed document among the trash of a client it sees', async (role) => {
    const tenant = tenantOf(role);
    expect((await visibleDocumentIds(t.ctx.db, tenant, [docs.trashed], 'removed')).has(docs.trashed)).toBe(true);
    expect((await visibleDocumentIds(t.ctx.db, tenant, [docs.byOwner], 'removed')).size).toBe(0);
  });

  // Who may delete / move each document: the firm's owner any; its staff moves but never deletes; the
  // holding's administrator deletes any and moves its side's; its user only what it uploaded.
  const RULES: [Person, string, { delete: boolean; edit: boolean }][] = [
    ['owner', 'byOwner', { delete: true, edit: true }],
    ['owner', 'byUser', { delete: true, edit: true }],
    ['staff', 'byOwner', { delete: false, edit: true }],
    ['staff', 'byUser', { delete: false, edit: true }],
    ['admin', 'byOwner', { delete: true, edit: false }],
    ['admin', 'byUser', { delete: true, edit: true }],
    ['admin', 'byAdmin', { delete: true, edit: true }],
    ['user', 'byUser', { delete: true, edit: true }],
    ['user', 'byAdmin', { delete: false, edit: false }],
    ['user', 'byOwner', { delete: false, edit: false }],
  ];
  test.each(RULES)('%s on the document %s', async (person, doc, expected) => {
    const row = await t.ctx.db
      .selectFrom('media as m')
      .leftJoin('users as u', 'u.id', 'm.uploaded_by')
      .select(['m.uploaded_by', 'u.holding_id as uploader_holding_id'])
      .where('m.id', '=', docs[doc])
      .executeTakeFirstOrThrow();
    const actor = people[person];
    const scope = { ...tenantOf(person), actor: { id: actor.id, role: actor.role as Role } };
    expect({ delete: canDeleteDocument(scope.actor, row), edit: canEditDocument(scope, row) }).toEqual(expected);
  });
});

// A holding shared by two firms: A (which made it) and F. A person a firm invited (the scope's `firm`)
// reaches that firm's side only; the holding's own people reach both.
describe("a firm's person in a shared holding (firm × object)", () => {
  let f: Company;
  const shared: Record<'clientA' | 'clientF' | 'docA' | 'docF' | 'utilA' | 'utilF', number> = {} as never;
  beforeAll(async () => {
    f = await createCompany(t);
    await linkHolding(t, holding, f);
    const clientF = await createClient(t, holding, { company_id: f.id });
    Object.assign(shared, {
      clientA: clients.linked,
      clientF: clientF.id,
      docA: docs.byOwner,
      docF: (await uploadDocument(t, people.admin, { id: clientF.id })).id,
      utilA: utils.own,
      utilF: (await createUtilityFile(t, f)).id,
    });
  });
  const tenant = (firm: 'A' | 'F' | null): Tenant => ({
    kind: 'holding',
    id: holding.id,
    firm: firm === null ? null : firm === 'A' ? a.id : f.id,
  });
  test.each([
    ['A', 'A', true],
    ['A', 'F', false],
    ['F', 'F', true],
    ['F', 'A', false],
    [null, 'A', true],
    [null, 'F', true],
  ] as const)(
    "firm %p's person reaches firm %s's client, document, utility file and company: %p",
    async (firm, side, seen) => {
      const scope = tenant(firm);
      const client = side === 'A' ? shared.clientA : shared.clientF;
      const doc = side === 'A' ? shared.docA : shared.docF;
      const util = side === 'A' ? shared.utilA : shared.utilF;
      const loaded = loadScopedClient(t.ctx, scope, client);
      if (seen) await expect(loaded).resolves.toMatchObject({ id: client });
      else await expect(loaded).rejects.toMatchObject({ statusCode: 404 });
      expect((await visibleDocumentIds(t.ctx.db, scope, [doc])).has(doc)).toBe(seen);
      expect((await visibleUtilityFileIds(t.ctx.db, scope, [util])).has(util)).toBe(seen);
      expect(await worksWithCompany(t.ctx.db, scope, side === 'A' ? a.id : f.id)).toBe(seen);
    },
  );
});
