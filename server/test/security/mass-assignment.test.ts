/**
 * Mass assignment: every create/update body (JSON or multipart) of
 * the route table gets, one at a time, fields the caller must never set —
 * role, company_id, holding_id, id, status, password_hash, deleted_at… — on
 * the caller's OWN real objects, so an update really runs. Each call is
 * followed by a database check: the injected value is nowhere it could have
 * landed. Then legit reference fields (holding_id, company_id, category_id,
 * ids…) are pointed at the OTHER tenant: refused, or at least never stored.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.js';
import { field, file, multipart } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { ACCESS, areaOf, paramKind } from './route-rules.js';
import {
  answerProblems,
  bootWithRoutes,
  CaseLog,
  fillUrl,
  freshAddress,
  buildWorld,
  EMAIL,
  PASSWORD,
  sample,
  signInAll,
  auth,
  type ApiRoute,
  type Caller,
  type CallerName,
  type World,
  ownObjects,
} from './harness.js';

let t: TestApp;
let routes: ApiRoute[];
let world: World;
let callers: Record<CallerName, Caller>;
let staffId: number;
let clientUserId: number;
let otherPlan: number;
const log = new CaseLog('mass-assignment');

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
  'payments',
  'company_requests',
  'plans',
  'campaigns',
  'access_tokens',
  'password_resets',
] as const;
type Row = Record<string, unknown>;
type Snapshot = Map<string, Row>;

beforeAll(async () => {
  ({ t, routes } = await bootWithRoutes());
  world = await buildWorld(t);
  callers = await signInAll(t);
  staffId = callers.staff.userId as number;
  clientUserId = callers.client.userId as number;
  otherPlan = (
    await t.ctx.db
      .selectFrom('plans')
      .select('id')
      .where('id', 'not in', [world.companyPlan, world.holdingPlan])
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** Every row of the watched tables. */
async function snapshot(): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const table of TABLES) {
    const rows = (await t.ctx.db.selectFrom(table).selectAll().execute()) as Row[];
    for (const row of rows)
      out.set(`${table}:${'id' in row ? String(row.id) : `${String(row.company_id)}-${String(row.holding_id)}`}`, row);
  }
  return out;
}

const norm = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? 'null' : String(v);

/** Fields a caller must never set, with the value that would betray it. */
function injections(): { field: string; value: unknown; landed: (row: Row, column: unknown) => boolean }[] {
  const o = world.tenants[2];
  const eq = (value: unknown) => (_row: Row, column: unknown) => norm(column) === norm(value);
  const year = (y: number) => (_row: Row, column: unknown) => column instanceof Date && column.getUTCFullYear() === y;
  return [
    { field: 'role', value: 1, landed: eq(1) },
    { field: 'company_id', value: o.company, landed: eq(o.company) },
    { field: 'holding_id', value: o.holding, landed: eq(o.holding) },
    { field: 'id', value: 777777, landed: eq(777777) },
    { field: 'status', value: 'suspended', landed: eq('suspended') },
    { field: 'status', value: 'paid', landed: eq('paid') },
    {
      field: 'password_hash',
      value: '$argon2id$v=19$m=1,t=1,p=1$ZXZpbA$ZXZpbA',
      landed: eq('$argon2id$v=19$m=1,t=1,p=1$ZXZpbA$ZXZpbA'),
    },
    { field: 'deleted_at', value: '2020-02-02T00:00:00.000Z', landed: year(2020) },
    { field: 'created_at', value: '2001-01-01T00:00:00.000Z', landed: year(2001) },
    { field: 'updated_at', value: '2001-01-01T00:00:00.000Z', landed: year(2001) },
    { field: 'uploaded_by', value: o.owner, landed: eq(o.owner) },
    { field: 'user_id', value: o.owner, landed: eq(o.owner) },
    { field: 'client_id', value: o.client, landed: eq(o.client) },
    { field: 'storage_key', value: '../../../etc/passwd', landed: eq('../../../etc/passwd') },
    { field: 'token_hash', value: 'f'.repeat(64), landed: eq('f'.repeat(64)) },
    { field: 'plan_id', value: otherPlan, landed: eq(otherPlan) },
    { field: 'amount_bani', value: 1, landed: eq(1) },
    { field: 'documents_count', value: 424242, landed: eq(424242) },
    { field: 'is_trial', value: true, landed: eq(true) },
    { field: 'created_by', value: o.owner, landed: eq(o.owner) },
  ];
}

/** The caller that may call the route in tenant 1 (the deepest code path). */
function callerFor(route: ApiRoute): Caller {
  const rule = ACCESS[route.key];
  const area = areaOf(route.url);
  if (area === 'admin') return callers.admin;
  if (area === 'company') return callers.owner;
  if (area === 'holding') return callers.holding;
  return rule?.who === 'public' ? callers.anonymous : callers.owner;
}

/** Own real objects of tenant 1 (users: a non-owner, so the caller can't lock itself out). */
function ownPath(route: ApiRoute, caller: Caller): string {
  const ids = ownObjects(world, route.url, caller, { companyUser: staffId, holdingUser: clientUserId });
  const values: Record<string, string | number> = {};
  for (const name of route.params) values[name] = ids[paramKind(route.url, name)];
  return fillUrl(route.url, values);
}

/** POST routes that take a body (JSON schema, multipart, or JSON without a schema). */
function bodyRoutes(): ApiRoute[] {
  return routes.filter(
    (r) =>
      r.method === 'POST' &&
      !r.url.includes('/delete') &&
      r.key !== 'POST /api/logout' &&
      (r.schema.body !== undefined || r.multipart || (r.schema.consumes ?? []).includes('application/json')),
  );
}

async function send(
  route: ApiRoute,
  caller: Caller,
  url: string,
  extra: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method: 'POST', url, headers: { ...auth(caller) }, remoteAddress: freshAddress() };
  if (route.multipart) {
    const parts = [
      field('title', 'Titlu'),
      field('period', '2026-03'),
      ...Object.entries(extra).map(([k, v]) => field(k, typeof v === 'string' ? v : JSON.stringify(v))),
      file('files[]', 'act.pdf', tinyPdf('act'), 'application/pdf'),
    ];
    const body = multipart(parts);
    options.payload = body.payload;
    Object.assign(options.headers as object, body.headers);
  } else {
    const base = (route.schema.body ? sample(route.schema.body) : {}) as Record<string, unknown> | null;
    options.payload = { ...(base ?? {}), ...extra };
  }
  return t.app.inject(options);
}

const legit = (route: ApiRoute, name: string): boolean =>
  Boolean(route.schema.body?.properties && name in route.schema.body.properties);

test('injected fields are ignored or refused: the database never holds them', async () => {
  type Injection = ReturnType<typeof injections>[number];
  for (const route of bodyRoutes()) {
    const caller = callerFor(route);
    const url = ownPath(route, caller);
    const list = injections().filter((inj) => !legit(route, inj.field)); // a real field of the call (role in storeUser…) is not mass assignment
    // The database is compared after every accepted call and at the end of the route, for every field sent since the last look.
    let base = await snapshot();
    let pending: { inj: Injection; label: string; problems: string[] }[] = [];
    const look = async () => {
      const after = await snapshot();
      for (const p of pending) {
        for (const [key, row] of after) {
          if (!(p.inj.field in row)) continue;
          const old = base.get(key);
          const column = row[p.inj.field];
          if (old && norm(old[p.inj.field]) === norm(column)) continue;
          if (p.inj.landed(row, column))
            p.problems.push(`${key}.${p.inj.field} = ${norm(column)} (${old ? 'changed' : 'new row'})`);
        }
        if (p.inj.field === 'id' && [...after.keys()].some((k) => k.endsWith(':777777')))
          p.problems.push('a row with id 777777 exists');
        log.check(p.problems.length === 0, () => `${p.label}: ${p.problems.join('; ')}`);
      }
      pending = [];
      base = after;
    };
    for (const [i, inj] of list.entries()) {
      const res = await send(route, caller, url, { [inj.field]: inj.value });
      const problems = answerProblems(res, world, { tenant: caller.tenant, anonymous: caller.role === 0 });
      pending.push({
        inj,
        label: `${route.key} +${inj.field}=${JSON.stringify(inj.value)} → ${res.statusCode}`,
        problems,
      });
      if ((res.statusCode >= 200 && res.statusCode < 300) || i === list.length - 1) await look();
    }
  }
  expect(log.sample()).toEqual([]);
}, 900_000);

test('reference fields pointing at the other tenant are refused or never stored', async () => {
  const start = log.failures.length;
  const o = world.tenants[2];
  const foreign: Record<string, unknown> = {
    holding_id: o.holding,
    company_id: o.company,
    category_id: o.category,
    client_id: o.client,
    media_id: o.utilMedia,
    user_id: o.owner,
    ids: [o.category, o.media],
  };
  const watched = ['holding_id', 'company_id', 'category_id', 'client_id'] as const;
  const foreignValue: Record<(typeof watched)[number], number> = {
    holding_id: o.holding,
    company_id: o.company,
    category_id: o.category,
    client_id: o.client,
  };
  for (const route of bodyRoutes()) {
    const caller = callerFor(route);
    if (caller.tenant !== 1) continue;
    const url = ownPath(route, caller);
    for (const [name, value] of Object.entries(foreign)) {
      if (!legit(route, name)) continue;
      const before = await snapshot();
      const res = await send(route, caller, url, { [name]: value });
      const after = await snapshot();
      const problems = answerProblems(res, world, { tenant: 1, anonymous: false });
      for (const [key, row] of after) {
        const old = before.get(key);
        for (const column of watched) {
          if (!(column in row) || norm(row[column]) !== String(foreignValue[column])) continue;
          if (old && norm(old[column]) === norm(row[column])) continue;
          // tenant 2's own rows may reference tenant 2; a row of tenant 1 (or a new one made by tenant 1) may not
          problems.push(`${key}.${column} now points at tenant 2 (${norm(row[column])})`);
        }
      }
      log.check(
        problems.length === 0,
        () => `${route.key} ${name}=${JSON.stringify(value)} → ${res.statusCode}: ${problems.join('; ')}`,
      );
    }
  }
  expect(log.failures.slice(start, start + 60)).toEqual([]);
}, 900_000);

test('no answer of any list or detail carries a hash or a secret', async () => {
  const start = log.failures.length;
  // Reads of every kind, as the richest caller of each area.
  for (const route of routes) {
    const rule = ACCESS[route.key];
    if (!rule?.read) continue;
    const caller = callerFor(route);
    const url = ownPath(route, caller);
    const res = await t.app.inject({
      method: route.method as InjectOptions['method'],
      url,
      headers: auth(caller),
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });
    const problems = answerProblems(res, world, { tenant: caller.tenant, anonymous: caller.role === 0 });
    log.check(problems.length === 0, () => `${route.key}: ${problems.join('; ')}`);
  }
  // The session answers (login, register, current user) too.
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: EMAIL.owner, password: PASSWORD },
    remoteAddress: freshAddress(),
  });
  log.check(
    answerProblems(login, world, { tenant: 1, anonymous: false }).length === 0 && login.statusCode === 200,
    () => `login answer: ${login.body}`,
  );
  expect(log.failures.slice(start, start + 60)).toEqual([]);
}, 300_000);

test('summary', () => {
  log.report();
  expect(log.failures).toEqual([]);
});
