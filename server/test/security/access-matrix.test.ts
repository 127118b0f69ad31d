/**
 * Access matrix: every /api route of the app's own route table,
 * called as anonymous, as each role and as the other tenant's users,
 * with ids of the other tenant. A route missing from ACCESS fails the test.
 *
 * Per (route, caller) the calls are:
 *   F  tenant and object ids of the OTHER tenant (anonymous/admin: tenant 1);
 *   M  the caller's own tenant in the path, objects of the other tenant;
 *   X  (holding routes) own holding, a client of the linked company OUTSIDE the holding;
 *   O  own tenant, objects that do not exist, a valid body: the role map itself;
 *   R  (read routes) own tenant, own real objects: 2xx, nothing of the other tenant.
 * Every answer: never 5xx, no secret, no value of the other tenant, Romanian errors.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.js';
import {
  answerProblems,
  bootWithRoutes,
  CaseLog,
  fillUrl,
  injectOptions,
  buildWorld,
  sample,
  signIn,
  signInAll,
  validates,
  validationErrors,
  type ApiRoute,
  type Caller,
  type CallerName,
  type World,
  MONTH,
} from './harness.js';
import { ACCESS, areaOf, paramKind, type ParamKind, type Rule } from './route-rules.js';

type Kind = 'F' | 'M' | 'X' | 'O' | 'R';
const NONE = '999999999';

let t: TestApp;
let routes: ApiRoute[];
let world: World;
let callers: Record<CallerName, Caller>;
const log = new CaseLog('access-matrix');
/** R answers that carried the caller's own canary (proof the reads returned real tenant data). */
let ownDataSeen = 0;

beforeAll(async () => {
  ({ t, routes } = await bootWithRoutes());
  world = await buildWorld(t);
  callers = await signInAll(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const other = (n: 1 | 2): 1 | 2 => (n === 1 ? 2 : 1);

/** The id for one parameter: `tenant` objects, or NONE. */
function idFor(
  kind: ParamKind,
  tenant: 1 | 2 | 'none',
  caller: Caller,
  options: { outside?: boolean; holdingArea?: boolean } = {},
): string | number {
  if (kind === 'hash') return 'a'.repeat(64);
  if (kind === 'plan') return tenant === 'none' ? NONE : options.holdingArea ? world.holdingPlan : world.companyPlan;
  if (kind === 'campaign') return tenant === 'none' ? NONE : world.campaign;
  // Sessions are the caller's own tokens: any id the world knows is someone else's or none (404).
  if (kind === 'session') return NONE;
  // The world has no CUI claim: an unknown one (404 for the administrator).
  if (kind === 'cuiClaim') return NONE;
  // A month is nobody's object: the same month whoever calls (the client in the path decides).
  if (kind === 'period') return MONTH;
  if (kind === 'obligationCode') return 'D300';
  // The world imports no e-Factura invoice: an unknown one (404); invoices.test.ts crosses firms with real ones.
  if (kind === 'unsortedInvoice') return NONE;
  if (kind === 'selfUser' || kind === 'payer') {
    if (tenant === 'none' || (kind === 'payer' && tenant === caller.tenant)) return caller.userId ?? NONE;
    return world.tenants[tenant].owner;
  }
  if (tenant === 'none') return NONE;
  const w = world.tenants[tenant];
  switch (kind) {
    case 'company':
      return w.company;
    case 'holding':
      return w.holding;
    case 'client':
      return options.outside ? w.clientOutside : w.client;
    case 'media':
      return options.outside ? w.mediaOutside : w.media;
    case 'category':
      return w.category;
    case 'util':
      return w.util;
    case 'utilMedia':
      return w.utilMedia;
    case 'companyUser':
      return w.owner;
    case 'holdingUser':
      return w.holdingAdmin;
    case 'companyPayment':
      return w.companyPayment;
    case 'holdingPayment':
      return w.holdingPayment;
    case 'requirementDefault':
      return w.requirementDefault;
    case 'requirement':
      return w.requirement;
    case 'item':
      return w.item;
  }
}

const isTenantParam = (route: ApiRoute, name: string): boolean =>
  (name === 'companyId' && areaOf(route.url) === 'company') ||
  (name === 'holdingId' && areaOf(route.url) === 'holding');
const objectParams = (route: ApiRoute): string[] =>
  route.params.filter(
    (p) => !isTenantParam(route, p) && !['hash', 'subscriptionId'].includes(p) && paramKind(route.url, p) !== 'payer',
  );

/** Path values for one call kind. */
function pathFor(route: ApiRoute, caller: Caller, kind: Kind): string {
  const own = caller.tenant ?? 1;
  const area = areaOf(route.url);
  const values: Record<string, string | number> = {};
  for (const name of route.params) {
    const pk = paramKind(route.url, name);
    const tenantParam = isTenantParam(route, name);
    let tenant: 1 | 2 | 'none';
    if (area === 'admin') tenant = kind === 'R' ? 1 : kind === 'O' ? 'none' : 1;
    else if (kind === 'F') tenant = caller.tenant ? other(caller.tenant) : 1;
    else if (kind === 'M') tenant = tenantParam ? own : other(own);
    else if (kind === 'X' || kind === 'R') tenant = own;
    else tenant = tenantParam ? own : 'none';
    // The payer is always the caller itself, except in F (everything of the other tenant).
    if (pk === 'payer' && kind !== 'F') tenant = own;
    values[name] = idFor(pk, tenant, caller, { outside: kind === 'X', holdingArea: area === 'holding' });
  }
  return fillUrl(route.url, values);
}

/** Whether this caller may call the route at all (in its own tenant). */
function allowed(rule: Rule, caller: Caller): boolean {
  if (rule.who === 'public') return true;
  if (caller.role === 0) return false;
  if (rule.who === 'signed-in') return true;
  return (rule.who as number[]).includes(caller.role);
}

function expectation(
  rule: Rule,
  route: ApiRoute,
  caller: Caller,
  kind: Kind,
): { ok: (status: number) => boolean; text: string } {
  if (rule.who === 'public') return { ok: (s) => s < 500, text: '<500' };
  if (caller.role === 0) return { ok: (s) => s === 401, text: '401' };
  const area = areaOf(route.url);
  const mayCall = allowed(rule, caller);
  const foreign = (kind === 'F' && route.params.length > 0 && area !== 'admin') || kind === 'M' || kind === 'X';
  if (!mayCall) {
    return kind === 'F'
      ? { ok: (s) => s === 403 || s === 404, text: '403/404' }
      : { ok: (s) => s === 403, text: '403' };
  }
  if (foreign) return { ok: (s) => s === 404, text: '404' };
  if (kind === 'R') return { ok: (s) => s >= 200 && s < 300, text: '2xx' };
  return { ok: (s) => s !== 401 && s !== 403 && s < 500, text: 'not 401/403/5xx' };
}

function kindsFor(route: ApiRoute, rule: Rule, caller: Caller): Kind[] {
  const area = areaOf(route.url);
  if (caller.role === 0 || rule.who === 'public') return ['F'];
  if (area === 'admin') return caller.role === 1 ? (rule.read ? ['R', 'O'] : ['O']) : ['F'];
  const kinds: Kind[] = ['F'];
  if (area === 'company' || area === 'holding') {
    if (!caller.tenant) return kinds;
    if (objectParams(route).length > 0) kinds.push('M');
    const hasClient = route.params.some((p) => paramKind(route.url, p) === 'client');
    if (area === 'holding' && hasClient && (caller.role === 4 || caller.role === 5)) kinds.push('X');
    kinds.push('O');
  } else if (route.params.length > 0) {
    kinds.push('O');
  }
  if (rule.read) kinds.push('R');
  return kinds;
}

/** A body that passes the route's schema (so the answer is decided by the rules, not by validation). */
function bodyFor(route: ApiRoute): unknown {
  if (route.method === 'GET' || route.multipart) return undefined;
  return route.schema.body ? sample(route.schema.body) : undefined;
}

async function call(route: ApiRoute, caller: Caller, kind: Kind, body: unknown): Promise<LightMyRequestResponse> {
  let effective = caller;
  // Signing out revokes the token: each logout call gets a token of its own.
  if (route.key === 'POST /api/logout' && caller.email)
    effective = { ...caller, token: (await signIn(t, caller.email)).token };
  const url = pathFor(route, caller, kind);
  const query =
    route.method === 'GET' && route.schema.querystring
      ? (sample(route.schema.querystring) as Record<string, string>)
      : undefined;
  return t.app.inject(injectOptions(route, effective, url, body, query && Object.keys(query).length ? { query } : {}));
}

/** Rows as text, for "nothing of a tenant changed" (volatile columns left out). */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = [
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
  ] as const;
  const out = new Map<string, string>();
  for (const table of tables) {
    const rows = (await t.ctx.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const { last_seen_at: _a, previous_seen_at: _b, ...rest } = row;
      const key = `${table}:${'id' in row ? String(row.id) : `${String(row.company_id)}-${String(row.holding_id)}`}`;
      out.set(key, JSON.stringify(rest));
    }
  }
  return out;
}

const TENANT_COLUMNS = ['company_id', 'holding_id'] as const;

test('every /api route is in the expectation table, and every entry is a route', () => {
  const keys = routes.map((r) => r.key);
  const missing = keys.filter((k) => !ACCESS[k]);
  const stale = Object.keys(ACCESS).filter((k) => !keys.includes(k));
  for (const k of missing) log.fail(`route missing from ACCESS: ${k}`);
  for (const k of stale) log.fail(`ACCESS entry without a route: ${k}`);
  expect(missing).toEqual([]);
  expect(stale).toEqual([]);
  // every parameter is understood
  for (const route of routes) for (const p of route.params) expect(() => paramKind(route.url, p)).not.toThrow();
});

test('generated bodies pass each route schema', () => {
  const bad: string[] = [];
  for (const route of routes) {
    const body = bodyFor(route);
    if (route.schema.body && !validates(route.schema.body, body))
      bad.push(`${route.key}: ${validationErrors(route.schema.body, body)}`);
  }
  expect(bad).toEqual([]);
});

async function sweep(kinds: readonly Kind[]): Promise<void> {
  for (const route of routes) {
    const rule = ACCESS[route.key];
    if (!rule) continue;
    for (const caller of Object.values(callers)) {
      for (const kind of kindsFor(route, rule, caller).filter((k) => kinds.includes(k))) {
        const body = bodyFor(route);
        const res = await call(route, caller, kind, body);
        const expected = expectation(rule, route, caller, kind);
        const problems = answerProblems(res, world, { tenant: caller.tenant, anonymous: caller.role === 0 });
        if (kind === 'R' && caller.tenant && res.body.includes(world.tenants[caller.tenant].secrets[0]))
          ownDataSeen += 1;
        if (!expected.ok(res.statusCode))
          problems.unshift(`expected ${expected.text}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        log.check(
          problems.length === 0,
          () =>
            `${kind} ${caller.name.padEnd(9)} ${route.method} ${pathFor(route, caller, kind)}: ${problems.join('; ')}`,
        );
      }
    }
  }
}

test('other-tenant ids (F, M, X): refused with 401/403/404, nothing changes, nothing leaks', async () => {
  const start = log.failures.length;
  const before = await fingerprint();
  await sweep(['F', 'M', 'X']);
  const after = await fingerprint();
  const tenantIds = {
    company_id: [1, 2].map((n) => world.tenants[n as 1 | 2].company),
    holding_id: [1, 2].map((n) => world.tenants[n as 1 | 2].holding),
  };
  for (const [key, row] of before) {
    log.check(
      after.get(key) === row,
      () => `row changed by refused calls: ${key}\n  before ${row}\n  after  ${after.get(key) ?? '(gone)'}`,
    );
  }
  for (const [key, row] of after) {
    if (before.has(key)) continue;
    const parsed = JSON.parse(row) as Record<string, unknown>;
    const touchesTenant = TENANT_COLUMNS.some((c) => tenantIds[c].includes(parsed[c] as number));
    log.check(!touchesTenant, () => `new row in a tenant from refused calls: ${key} ${row}`);
  }
  expect(log.failures.slice(start, start + 60)).toEqual([]);
}, 600_000);

test('own tenant (O, R): the role map holds, reads answer 2xx without the other tenant', async () => {
  const start = log.failures.length;
  await sweep(['O', 'R']);
  expect(log.failures.slice(start, start + 60)).toEqual([]);
}, 600_000);

test('the detectors work: a tenant-1 answer shown to tenant 2 is flagged; reads carried real data', async () => {
  const w = world.tenants[1];
  const own = await t.app.inject({
    method: 'POST',
    url: `/api/company/${w.company}/clients/${w.client}`,
    headers: { authorization: `Bearer ${callers.owner.token}` },
    payload: {},
  });
  expect(own.statusCode).toBe(200);
  expect(answerProblems(own, world, { tenant: 1, anonymous: false })).toEqual([]);
  expect(answerProblems(own, world, { tenant: 2, anonymous: false }).some((p) => p.includes('leaks'))).toBe(true);
  expect(answerProblems(own, world, { tenant: null, anonymous: true }).some((p) => p.includes('leaks'))).toBe(true);
  expect(ownDataSeen).toBeGreaterThan(20);
});

test('summary', () => {
  log.report(`${routes.length} routes × ${Object.keys(callers).length} callers`);
  expect(log.failures).toEqual([]);
});
