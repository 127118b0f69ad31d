/**
 * A holding shared by two firms stays shared, not owned. Firm A made the holding (its administrator and
 * a user are the holding's own people); firm B works with it too. Each firm keeps a client in the
 * holding, with documents, a month and a utility file, and invites a person for it through „Acces
 * portal". What is attacked:
 * - the invitation: no body makes a firm's invitee the holding's administrator;
 * - the company door's people calls: a firm lists, re-invites and revokes only its own invitees — never
 *   the holding's own people, never the other firm's;
 * - the whole door route table, every route × both firms' objects (and the holding's own people) × every
 *   role of the door: a firm's invitee reaches only its firm's clients, documents, months and files; a
 *   firm only its own; the holding's own people both. A refused call answers 404 (403 for a role the
 *   route does not take), changes nothing, and no answer carries the other firm's values or the
 *   holding's people's addresses.
 */
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers.js';
import { DEMO_PASSWORD } from '../../src/seed.js';
import {
  acceptInvitation,
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  linkHolding,
  signIn,
  uploadDocument,
  type Actor,
  type Company,
} from '../factories.js';
import {
  bodyText,
  bootWithRoutes,
  CaseLog,
  fillUrl,
  injectOptions,
  isRomanian,
  MONTH,
  sample,
  secretsIn,
  type ApiRoute,
} from './harness.js';
import { areaOf, paramKind, type ParamKind } from './route-rules.js';

type Firm = 'A' | 'B';
type CallerName = 'holdingAdmin' | 'holdingUser' | 'inviteeA' | 'inviteeB' | 'ownerA' | 'staffA' | 'ownerB' | 'staffB';
/** Whose objects a call names: a firm's (its client, document, file, month, invitee) or the holding's own people. */
type Target = Firm | 'holdingAdminPerson' | 'holdingUserPerson';

interface FirmWorld {
  company: Company;
  staff: Actor;
  client: number;
  media: number;
  util: number;
  utilMedia: number;
  requirement: number;
  item: number;
  invitee: Actor;
  /** Values only this firm's side may see. */
  secrets: string[];
}

const log = new CaseLog('shared-holding');
let t: TestApp;
let routes: ApiRoute[];
let holdingId: number;
let holdingAdmin: Actor;
let holdingUser: Actor;
/** A second administrator the holding added itself: its address is the holding's, no firm's. */
let holdingAdmin2: Actor;
const firms = {} as Record<Firm, FirmWorld>;
const callers = {} as Record<CallerName, { actor: Actor; door: 'company' | 'holding'; firm: Firm | null }>;

const CANARY = { A: 'CANARY-FIRMA-A-51d0', B: 'CANARY-FIRMA-B-8e47' } as const;
const FIRM_INVITES_USERS_ONLY =
  'Firma poate invita în portal doar utilizatori; administratorii holdingului sunt numiți de holding.';

const post = (actor: Actor, url: string, body: unknown = {}) => api(t).as(actor).post(url, body);

async function buildFirm(firm: Firm, company: Company, client: number): Promise<FirmWorld> {
  const owner = company.owner;
  const staff = await createUser(t, company, { role: 3 });
  const media = (await uploadDocument(t, owner, { id: client }, { name: `Factura ${CANARY[firm]}.pdf` })).id;
  const util = await createUtilityFile(t, company, { title: `Model ${CANARY[firm]}` });
  const door = `/api/company/${company.id}`;
  const requirement = ((await post(owner, `${door}/clients/${client}/requirements`)).json.data as { id: number }[])[0]
    .id;
  const item = (
    (await post(owner, `${door}/clients/${client}/checklist`, { period: MONTH })).json.data as { id: number }[]
  )[0].id;
  const email = `invitat-${firm.toLowerCase()}-${Date.now()}@client.test`;
  const invited = await post(owner, `${door}/clients/${client}/invite`, { name: `Invitat ${firm}`, email, role: 5 });
  if (invited.status !== 201) throw new Error(`invite for ${firm}: ${invited.status} ${invited.text}`);
  const invitee = await acceptInvitation(t, email);
  const clientName = (await post(owner, `${door}/clients/${client}`)).json.data.name as string;
  return {
    company,
    staff,
    client,
    media,
    util: util.id,
    utilMedia: util.media_id,
    requirement,
    item,
    invitee,
    secrets: [CANARY[firm], company.name, clientName, email, staff.email, owner.email],
  };
}

beforeAll(async () => {
  ({ t, routes } = await bootWithRoutes());
  const a = await createCompany(t, { name: 'Contabilitate Alfa SRL' });
  const b = await createCompany(t, { name: 'Contabilitate Beta SRL' });
  const holding = await createHolding(t, a, { client: { name: 'Alfa Client Holding SRL', notes: `Note ${CANARY.A}` } });
  holdingId = holding.id;
  holdingAdmin = holding.admin as Actor;
  holdingUser = await createUser(t, holding, { role: 5 });
  holdingAdmin2 = await createUser(t, holding, { role: 4 });
  await linkHolding(t, holding, b);
  // A plan without a user limit: the suite invites more people than a trial holds.
  const plan = await t.ctx.db
    .insertInto('plans')
    .values({
      name: 'Holding mare',
      audience: 'holding',
      price_bani: 100,
      max_clients: null,
      max_users: null,
      max_storage_bytes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('subscriptions')
    .set({ plan_id: plan.id, status: 'active', current_period_end: new Date(Date.now() + 30 * 86_400_000) })
    .where('holding_id', '=', holding.id)
    .execute();
  const clientB = await createClient(t, b, {
    name: 'Beta Client Holding SRL',
    holding_id: holding.id,
    notes: `Note ${CANARY.B}`,
  });
  firms.A = await buildFirm('A', a, holding.client.id);
  firms.B = await buildFirm('B', b, clientB.id);
  Object.assign(callers, {
    holdingAdmin: { actor: holdingAdmin, door: 'holding', firm: null },
    holdingUser: { actor: holdingUser, door: 'holding', firm: null },
    inviteeA: { actor: firms.A.invitee, door: 'holding', firm: 'A' },
    inviteeB: { actor: firms.B.invitee, door: 'holding', firm: 'B' },
    ownerA: { actor: a.owner, door: 'company', firm: 'A' },
    staffA: { actor: firms.A.staff, door: 'company', firm: 'A' },
    ownerB: { actor: b.owner, door: 'company', firm: 'B' },
    staffB: { actor: firms.B.staff, door: 'company', firm: 'B' },
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const companyDoor = (firm: Firm, path: string) => `/api/company/${firms[firm].company.id}/${path}`;
const holdingDoor = (path: string) => `/api/holding/${holdingId}/${path}`;

describe('the invitation never yields a holding administrator', () => {
  test.each([
    ['role 4', { role: 4 }],
    ['role "4" as text', { role: '4' }],
    ['role 1', { role: 1 }],
    ['a holding id of its choosing', { role: 5, holding_id: 1 }],
    ['its own inviter field', { role: 5, invited_by_company_id: null }],
  ])('firm B invites with %s: refused, nobody is made', async (_what, extra) => {
    const email = `ar-fi-admin-${Date.now()}-${Math.random().toString(36).slice(2)}@client.test`;
    const res = await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/invite`), {
      name: 'Vrea Administrator',
      email,
      ...extra,
    });
    expect(res.status).toBe(422);
    expect(isRomanian(res.json.message)).toBe(true);
    const made = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(made).toEqual([]);
  });

  test('role 4 is refused with the reason', async () => {
    const res = await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/invite`), {
      name: 'Vrea Administrator',
      email: `admin-${Date.now()}@client.test`,
      role: 4,
    });
    expect(res.json.errors.role).toEqual([FIRM_INVITES_USERS_ONLY]);
  });

  test("each firm's invitee is a user of the holding, and its administrators are the holding's own", async () => {
    for (const firm of ['A', 'B'] as const)
      expect(firms[firm].invitee).toMatchObject({ role: 5, holding_id: holdingId });
    const admins = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('holding_id', '=', holdingId)
      .where('role', '=', 4)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(admins.map((r) => r.id)).toEqual([holdingAdmin.id, holdingAdmin2.id].sort((x, y) => x - y));
    // The invitee is no administrator at the holding door either: the holding's people and plan stay shut.
    for (const path of ['users', 'subscription'])
      expect((await api(t).as(firms.B.invitee).get(holdingDoor(path))).status).toBe(403);
    expect((await post(firms.B.invitee, holdingDoor(`company/${firms.A.company.id}/delete`))).status).toBe(403);
    expect((await post(firms.B.invitee, holdingDoor(`users/${holdingAdmin.id}/delete`))).status).toBe(403);
  });
});

describe('a firm manages only the people it invited', () => {
  test("firm B's list shows its invitee only: not the holding's people, not firm A's", async () => {
    const res = await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/access`));
    expect(res.status).toBe(200);
    expect(res.json.data.map((p: { id: number }) => p.id)).toEqual([firms.B.invitee.id]);
    for (const person of [holdingAdmin, holdingUser, holdingAdmin2, firms.A.invitee]) {
      expect(res.text).not.toContain(person.email);
      expect(res.text).not.toContain(person.name);
    }
  });

  test.each([
    ['the holding administrator', () => holdingAdmin],
    ["the holding's second administrator", () => holdingAdmin2],
    ["the holding's own user", () => holdingUser],
    ["firm A's invitee", () => firms.A.invitee],
  ])('firm B cannot resend to or revoke %s (404), and they keep their access', async (_who, whom) => {
    const person = whom();
    for (const action of ['resend', 'revoke']) {
      const res = await post(
        firms.B.company.owner,
        companyDoor('B', `clients/${firms.B.client}/access/${person.id}/${action}`),
      );
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(person.email);
    }
    expect((await post(person, holdingDoor('index'))).status).toBe(200);
  });

  test("an address of the holding's own people reads as any other account's", async () => {
    const res = await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/invite`), {
      name: 'Cineva',
      email: holdingUser.email,
      role: 5,
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.email[0]).toMatch(/are deja un cont Dosar/);
  });

  test("a holding administrator who promotes a firm's invitee takes them as its own", async () => {
    const email = `promovat-${Date.now()}@client.test`;
    const invited = await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/invite`), {
      name: 'Promovat',
      email,
    });
    expect(invited.status).toBe(201);
    const id = invited.json.data.id as number;
    const promoted = await post(holdingAdmin, holdingDoor(`users/${id}/update`), { role: 4 });
    expect(promoted.status).toBe(200);
    const listed = await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/access`));
    expect(listed.text).not.toContain(email);
    expect(
      (await post(firms.B.company.owner, companyDoor('B', `clients/${firms.B.client}/access/${id}/revoke`))).status,
    ).toBe(404);
    expect((await post(holdingAdmin, holdingDoor(`users/${id}/delete`))).status).toBe(200);
  });
});

describe("a firm's invitee sees that firm's side of the holding", () => {
  test('its lists hold its firm only', async () => {
    const invitee = firms.B.invitee;
    const index = await post(invitee, holdingDoor('index'));
    expect(index.json.data.map((c: { id: number }) => c.id)).toEqual([firms.B.client]);
    const utils = await api(t).as(invitee).get(holdingDoor('utils'));
    expect(utils.json.data.map((u: { id: number }) => u.id)).toEqual([firms.B.util]);
    const companies = await api(t).as(invitee).get(holdingDoor('companies'));
    expect(companies.json.data.map((c: { id: number }) => c.id)).toEqual([firms.B.company.id]);
    // The holding's own user still sees both firms.
    const all = await post(holdingUser, holdingDoor('index'));
    expect(all.json.data.map((c: { id: number }) => c.id).sort()).toEqual([firms.A.client, firms.B.client].sort());
  });

  test("it uploads to its firm's client, never to firm A's", async () => {
    const own = await uploadDocument(t, firms.B.invitee, { id: firms.B.client }, { name: 'Extras B.pdf' });
    expect(own.id).toBeGreaterThan(0);
    await expect(uploadDocument(t, firms.B.invitee, { id: firms.A.client })).rejects.toThrow(/expected 201, got 404/);
  });
});

// ---------------------------------------------------------------- the route table

/** What a path parameter names when it is one of a firm's objects in the holding, or one of its people. */
const FIRM_OBJECTS = new Set<ParamKind>(['client', 'media', 'util', 'utilMedia', 'requirement', 'item', 'holdingUser']);

/**
 * Reads whose object this world never holds, so the caller's own side answers 404 too: its documents are
 * no e-Factura invoices (invoices.test.ts crosses firms with real ones) and the sample CUI is in no ANAF
 * registry (anaf.test.ts looks up real fixtures). They are still walked for roles and leaks.
 */
const ABSENT_IN_THIS_WORLD = new Set([
  'POST /api/company/:companyId/clients/:clientId/media/:mediaId/invoice',
  'POST /api/holding/:holdingId/clients/:clientId/media/:mediaId/invoice',
  'POST /api/company/:companyId/cui-lookup',
]);

const TABLES = [
  'users',
  'companies',
  'holdings',
  'company_holding',
  'clients',
  'categories',
  'media',
  'utility_files',
  'subscriptions',
  'company_requests',
  'requirements',
  'checklist_items',
  'client_periods',
  'email_tokens',
  'password_resets',
] as const;
const VOLATILE = new Set(['last_seen_at', 'previous_seen_at', 'last_used_at']);

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const rows = (await t.ctx.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    parts.push(
      JSON.stringify(rows.map((row) => JSON.stringify(Object.entries(row).filter(([c]) => !VOLATILE.has(c)))).sort()),
    );
  }
  return parts.join('\n');
}

/** The caller's own firm, for the objects a target of the holding's people does not name. */
const homeFirm = (caller: CallerName): Firm => callers[caller].firm ?? 'A';

function paramsFor(route: ApiRoute, caller: CallerName, target: Target): Record<string, string | number> {
  const firm: Firm = target === 'A' || target === 'B' ? target : homeFirm(caller);
  const w = firms[firm];
  const { door } = callers[caller];
  const person =
    target === 'holdingAdminPerson' ? holdingAdmin2 : target === 'holdingUserPerson' ? holdingUser : w.invitee;
  const ids: Partial<Record<ParamKind, string | number>> = {
    company: door === 'company' ? firms[homeFirm(caller)].company.id : w.company.id,
    holding: holdingId,
    client: w.client,
    media: w.media,
    util: w.util,
    utilMedia: w.utilMedia,
    requirement: w.requirement,
    item: w.item,
    holdingUser: person.id,
    period: MONTH,
  };
  const values: Record<string, string | number> = {};
  for (const name of route.params) {
    const kind = paramKind(route.url, name);
    const value = ids[kind];
    if (value === undefined) throw new Error(`${route.key}: no value for :${name} (${kind})`);
    values[name] = value;
  }
  return values;
}

/** Whether the caller may reach the target's objects (the route's roles aside). */
function reaches(caller: CallerName, target: Target): boolean {
  const { firm } = callers[caller];
  if (firm === null) return true; // the holding's own people: both firms' clients, all of its people
  return target === firm;
}

/** What the caller must never read: the other firm's values and the holding's own people's addresses. */
function forbiddenFor(caller: CallerName): string[] {
  const { firm } = callers[caller];
  if (firm === null) return [];
  const other: Firm = firm === 'A' ? 'B' : 'A';
  return [...firms[other].secrets, holdingUser.email, holdingAdmin2.email];
}

async function call(route: ApiRoute, caller: CallerName, target: Target): Promise<LightMyRequestResponse> {
  const url = fillUrl(route.url, { companyId: 0, holdingId: 0, ...paramsFor(route, caller, target) });
  const body = route.method === 'GET' || route.multipart || !route.schema.body ? undefined : sample(route.schema.body);
  const query =
    route.method === 'GET' && route.schema.querystring
      ? (sample(route.schema.querystring) as Record<string, string>)
      : undefined;
  const token = callers[caller].actor.token;
  return t.app.inject(injectOptions(route, { token }, url, body, query && Object.keys(query).length ? { query } : {}));
}

function leaks(res: LightMyRequestResponse, caller: CallerName): string[] {
  const text = bodyText(res);
  const found = forbiddenFor(caller).filter((s) => text.includes(s));
  return [...found, ...secretsIn(text)];
}

test('every door route × both firms × every role: a firm and its invitee reach only their own side', async () => {
  const counts = {
    routes: 0,
    walked: 0,
    calls: 0,
    refused404: 0,
    refused403: 0,
    reachedReads: 0,
    allowedWritesNotCalled: 0,
  };
  const doorRoutes = routes.filter((r) => ['company', 'holding'].includes(areaOf(r.url)));
  expect(doorRoutes.filter((r) => areaOf(r.url) === 'holding').length).toBeGreaterThan(20);
  const names = Object.keys(callers) as CallerName[];
  for (const route of doorRoutes) {
    counts.routes += 1;
    const door = areaOf(route.url) as 'company' | 'holding';
    const kinds = route.params.map((p) => paramKind(route.url, p));
    // A route that also names ids of the caller's own tenant alone (its categories, users, plans,
    // payments) is the isolation suites' business. One naming no firm object (the lists, the holding's
    // own calls) is called once per caller, its answer checked for the other side's values.
    const firmObjects = kinds.some((k) => FIRM_OBJECTS.has(k));
    if (kinds.some((k) => !FIRM_OBJECTS.has(k) && !['company', 'holding', 'period'].includes(k))) continue;
    counts.walked += 1;
    const targets: Target[] = !firmObjects
      ? ['A']
      : kinds.includes('holdingUser')
        ? ['A', 'B', 'holdingAdminPerson', 'holdingUserPerson']
        : ['A', 'B'];
    for (const caller of names.filter((n) => callers[n].door === door)) {
      const allowed = (route.config.roles ?? []).includes(callers[caller].actor.role as never);
      for (const target of targets) {
        const reach = !firmObjects || reaches(caller, target);
        const seen = `${route.key} as ${caller} on ${target}`;
        const write = route.config.effect !== 'read';
        if (allowed && reach && write) {
          counts.allowedWritesNotCalled += 1;
          continue;
        }
        const before = write ? await snapshot() : '';
        const res = await call(route, caller, target);
        counts.calls += 1;
        if (write) log.check(before === (await snapshot()), () => `${seen}: a refused write changed the database`);
        const leaked = leaks(res, caller);
        log.check(leaked.length === 0, () => `${seen}: answer ${res.statusCode} carries ${leaked.join(', ')}`);
        if (!allowed) {
          if (log.check(res.statusCode === 403, () => `${seen}: role refused with ${res.statusCode}`))
            counts.refused403 += 1;
        } else if (!reach) {
          const ok = log.check(
            res.statusCode === 404 && isRomanian((res.json() as { message?: unknown }).message),
            () => `${seen}: answered ${res.statusCode} ${res.body.slice(0, 160)}, not 404`,
          );
          if (ok) counts.refused404 += 1;
        } else {
          const ok = log.check(
            ABSENT_IN_THIS_WORLD.has(route.key)
              ? res.statusCode === 404
              : ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500,
            () => `${seen}: its own side answered ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
          if (ok) counts.reachedReads += 1;
        }
      }
    }
  }
  const note = `${counts.walked} of ${counts.routes} door routes walked, ${counts.calls} calls: ${counts.refused404} refused 404, ${counts.refused403} refused 403 by role, ${counts.reachedReads} own-side reads answered, ${counts.allowedWritesNotCalled} own-side writes not called`;
  log.report(note);
  expect(log.sample()).toEqual([]);
  // The walk covered the holding door's routes on firm A's objects for both invitees.
  expect(counts.refused404).toBeGreaterThan(60);
  expect(counts.reachedReads).toBeGreaterThan(30);
}, 600_000);

describe('the demo accounts: Alt Contabil (owner2@demo.ro) linked to Grup Demo', () => {
  let demo: TestApp;
  const demoApi = () => api(demo);
  beforeAll(async () => {
    demo = await createTestApp({ seed: true });
  }, 120_000);
  afterAll(async () => {
    await demo?.close();
  });

  test('owner2 neither names an administrator of Grup Demo, nor sees or revokes its people, nor reaches Contabil Demo', async () => {
    const { db } = demo.ctx;
    const id = async (table: 'companies' | 'holdings', name: string) =>
      (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const grupDemo = await id('holdings', 'Grup Demo');
    const altContabil = await id('companies', 'Alt Contabil SRL');
    const contabilDemo = await id('companies', 'Contabil Demo SRL');
    await db.insertInto('company_holding').values({ company_id: altContabil, holding_id: grupDemo }).execute();
    const owner2 = await signIn(demo, 'owner2@demo.ro', DEMO_PASSWORD);
    const holdingPeople = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('holding_id', '=', grupDemo)
      .execute();
    expect(holdingPeople.map((p) => p.email).sort()).toEqual(['client@demo.ro', 'holding@demo.ro']);

    const door = `/api/company/${altContabil}`;
    const created = await demoApi()
      .as(owner2)
      .post(`${door}/createClient`, { name: 'Omega Servicii SRL', cui: '18547290', holding_id: grupDemo });
    expect(created.status).toBe(201);
    const client = created.json.data.id as number;

    const admin = await demoApi()
      .as(owner2)
      .post(`${door}/clients/${client}/invite`, { name: 'Preluare', email: 'preluare@alt-contabil.ro', role: 4 });
    expect(admin.status).toBe(422);
    const listed = await demoApi().as(owner2).post(`${door}/clients/${client}/access`);
    expect(listed.json.data).toEqual([]);
    for (const person of holdingPeople) {
      expect(listed.text).not.toContain(person.email);
      for (const action of ['resend', 'revoke'])
        expect(
          (await demoApi().as(owner2).post(`${door}/clients/${client}/access/${person.id}/${action}`)).status,
        ).toBe(404);
    }

    const invited = await demoApi()
      .as(owner2)
      .post(`${door}/clients/${client}/invite`, { name: 'Ana Omega', email: 'ana@omega.ro' });
    expect(invited.status).toBe(201);
    const ana = await acceptInvitation(demo, 'ana@omega.ro');
    expect(ana).toMatchObject({ role: 5, holding_id: grupDemo });
    const index = await demoApi().as(ana).post(`/api/holding/${grupDemo}/index`, {});
    expect(index.json.data.map((c: { id: number }) => c.id)).toEqual([client]);
    const demoClients = await db.selectFrom('clients').select('id').where('company_id', '=', contabilDemo).execute();
    for (const { id: other } of demoClients) {
      expect((await demoApi().as(ana).post(`/api/holding/${grupDemo}/clients/${other}`, {})).status).toBe(404);
      const documents = await db.selectFrom('media').select('id').where('client_id', '=', other).limit(1).execute();
      for (const { id: media } of documents)
        expect(
          (await demoApi().as(ana).post(`/api/holding/${grupDemo}/clients/${other}/media/${media}/delete`, {})).status,
        ).toBe(404);
    }
    // Grup Demo's own people still see both firms' clients.
    const holdingAdmin = await signIn(demo, 'holding@demo.ro', DEMO_PASSWORD);
    const all = await demoApi().as(holdingAdmin).post(`/api/holding/${grupDemo}/index`, {});
    expect(all.json.data.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([client]));
    expect(all.json.data.length).toBeGreaterThan(1);
  });
});
