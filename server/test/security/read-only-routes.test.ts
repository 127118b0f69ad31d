/**
 * The read-only state of an expired tenant, over the app's whole door route table: tenant 1's company
 * and holding have an ended subscription period, and every route under /api/company/:companyId and
 * /api/holding/:holdingId is called by a caller its policy allows, with tenant 1's own objects and a
 * body its schema accepts. A route whose action is declared a write answers 402 with the read-only
 * message and changes nothing; a read still answers (never 402) and changes nothing either; the
 * renewals (paying, changing the plan) stay open, since they are the way out. A route without a
 * declared effect, a write that is let through, a read that is refused, or any route that changes the
 * database fails the test.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.js';
import {
  bootWithRoutes,
  buildWorld,
  CaseLog,
  fillUrl,
  injectOptions,
  MONTH,
  ownObjects,
  reportSummary,
  sample,
  signInAll,
  type ApiRoute,
  type Caller,
  type CallerName,
  type World,
} from './harness.js';
import { makeMonthWhole } from '../factories.js';
import { areaOf, paramKind } from './route-rules.js';
import { ACTIVITY_POLICY } from '../../src/features/activity/policy.js';
import { BILLING_POLICY } from '../../src/features/billing/policy.js';
import { CATEGORIES_POLICY } from '../../src/features/categories/policy.js';
import { CLIENT_POLICY } from '../../src/features/clients/policy.js';
import { COMPANY_REQUEST_POLICY } from '../../src/features/company-requests/policy.js';
import { DOCUMENTS_POLICY } from '../../src/features/documents/policy.js';
import { HANDOVER_POLICY } from '../../src/features/handover/policy.js';
import { LINK_POLICY } from '../../src/features/links/policy.js';
import { MONTH_POLICY } from '../../src/features/month/policy.js';
import { OBLIGATIONS_POLICY } from '../../src/features/obligations/policy.js';
import { NOTIFICATIONS_POLICY } from '../../src/features/notifications/policy.js';
import { SECURITY_POLICY } from '../../src/features/security/policy.js';
import { USERS_POLICY } from '../../src/features/users/policy.js';
import { UTILITY_FILES_POLICY } from '../../src/features/utility-files/policy.js';

const READ_ONLY = 'Abonamentul a expirat: contul este doar în citire până la plata unui abonament.';

let t: TestApp;
let routes: ApiRoute[];
let world: World;
let callers: Record<CallerName, Caller>;
const log = new CaseLog('read-only-routes');

beforeAll(async () => {
  ({ t, routes } = await bootWithRoutes());
  world = await buildWorld(t);
  callers = await signInAll(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const doorRoutes = (): ApiRoute[] => routes.filter((r) => ['company', 'holding'].includes(areaOf(r.url)));

/** Ends (or restores) the subscription period of tenant 1's company and holding. */
async function setExpired(expired: boolean): Promise<void> {
  const w = world.tenants[1];
  const end = new Date(Date.now() + (expired ? -1000 : 30 * 86_400_000));
  await t.ctx.db
    .updateTable('subscriptions')
    .set({ current_period_end: end })
    .where('company_id', '=', w.company)
    .execute();
  await t.ctx.db
    .updateTable('subscriptions')
    .set({ current_period_end: end })
    .where('holding_id', '=', w.holding)
    .execute();
}

/**
 * Every table a tenant's call could change, as text. Left out: the history of reads and acts
 * (activity_events: a download logs who read it) and the sign-in bookkeeping of the callers' own
 * sessions (tokens, devices, challenges), which every authenticated call may touch.
 */
const TABLES = [
  'users',
  'companies',
  'holdings',
  'company_holding',
  'clients',
  'client_counts',
  'categories',
  'media',
  'storage_ledger',
  'utility_files',
  'subscriptions',
  'payments',
  'plans',
  'campaigns',
  'mail_outbox',
  'email_tokens',
  'password_resets',
  'company_requests',
  'requirement_defaults',
  'requirements',
  'checklist_items',
  'client_periods',
] as const;
const VOLATILE = new Set(['last_seen_at', 'previous_seen_at', 'last_used_at']);

async function snapshot(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of TABLES) {
    const rows = (await t.ctx.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    const kept = rows.map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !VOLATILE.has(column))));
    out.set(table, JSON.stringify(kept.sort()));
  }
  return out;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  TABLES.filter((table) => before.get(table) !== after.get(table));

/** The caller of tenant 1 the route's roles allow, the door's privileged role first. */
function callerFor(route: ApiRoute): Caller | null {
  const roles = route.config.roles ?? [];
  const order: CallerName[] = areaOf(route.url) === 'company' ? ['owner', 'staff'] : ['holding', 'client'];
  const name = order.find((n) => roles.includes(callers[n].role));
  return name ? callers[name] : null;
}

/** Tenant 1's own objects for the route's path parameters. */
function urlFor(route: ApiRoute, caller: Caller): string {
  const w = world.tenants[1];
  const ids: Record<string, string | number> = {
    ...ownObjects(world, route.url, caller, { companyUser: w.owner, holdingUser: w.holdingAdmin }),
    cuiClaim: 0,
    // The world imports no e-Factura invoice: an unknown one (the read-only guard answers before it is looked up).
    unsortedInvoice: 0,
  };
  const values: Record<string, string | number> = {};
  for (const name of route.params) values[name] = ids[paramKind(route.url, name)];
  return fillUrl(route.url, values);
}

async function call(route: ApiRoute, caller: Caller): Promise<LightMyRequestResponse> {
  const body = route.method === 'GET' || route.multipart || !route.schema.body ? undefined : sample(route.schema.body);
  const query =
    route.method === 'GET' && route.schema.querystring
      ? (sample(route.schema.querystring) as Record<string, string>)
      : undefined;
  const extra = query && Object.keys(query).length ? { query } : {};
  return t.app.inject(injectOptions(route, caller, urlFor(route, caller), body, extra));
}

const messageOf = (res: LightMyRequestResponse): unknown => {
  try {
    return (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
};

test('an expired tenant: every declared write is refused (402) and changes nothing; every read answers', async () => {
  const counts = { walked: 0, writesRefused: 0, readsAnswered: 0, readsOk: 0, renewals: 0 };
  const table = doorRoutes();
  // Both doors, from the app's own table: a walk over a fraction of it would prove nothing.
  expect(table.filter((r) => areaOf(r.url) === 'company').length).toBeGreaterThan(50);
  expect(table.filter((r) => areaOf(r.url) === 'holding').length).toBeGreaterThan(20);
  await setExpired(true);
  let before = await snapshot();
  const renewals: ApiRoute[] = [];
  for (const route of table) {
    const { effect } = route.config;
    log.check(effect !== undefined, () => `${route.key}: no declared effect`);
    const caller = callerFor(route);
    if (!caller) {
      log.fail(`${route.key}: no caller of tenant 1 among roles ${JSON.stringify(route.config.roles)}`);
      continue;
    }
    // Paying may lift the state under test: the renewals are called after everything else.
    if (effect === 'renew') {
      renewals.push(route);
      continue;
    }
    counts.walked += 1;
    const res = await call(route, caller);
    const after = await snapshot();
    const changed = changedTables(before, after);
    const seen = `${route.method} ${urlFor(route, caller)} (${effect}, ${caller.name})`;
    log.check(changed.length === 0, () => `${seen}: changed ${changed.join(', ')} — answered ${res.statusCode}`);
    before = after;
    if (effect === 'write') {
      const refused = log.check(
        res.statusCode === 402 && messageOf(res) === READ_ONLY,
        () => `${seen}: a write answered ${res.statusCode} ${res.body.slice(0, 160)}, not the read-only 402`,
      );
      if (refused) counts.writesRefused += 1;
    } else {
      const answered = log.check(
        res.statusCode !== 402 && res.statusCode < 500,
        () => `${seen}: a read answered ${res.statusCode} ${res.body.slice(0, 160)}`,
      );
      if (answered) counts.readsAnswered += 1;
      if (res.statusCode < 300) counts.readsOk += 1;
    }
  }
  for (const route of renewals) {
    const caller = callerFor(route) as Caller;
    const res = await call(route, caller);
    counts.renewals += 1;
    log.check(
      messageOf(res) !== READ_ONLY && res.statusCode < 500,
      () => `${route.key}: a renewal answered ${res.statusCode} ${res.body.slice(0, 160)}`,
    );
  }
  await setExpired(false);

  const walked = `${counts.walked} routes walked, ${counts.writesRefused} writes refused, ${counts.readsAnswered} reads answered (${counts.readsOk} 2xx), ${counts.renewals} renewals open`;
  reportSummary('read-only-routes', counts.walked + counts.renewals, log.failures.length, walked);
  expect(log.sample()).toEqual([]);
  const declared = table.filter((r) => r.config.effect === 'write').length;
  expect(counts.writesRefused).toBe(declared);
  expect(counts.readsAnswered).toBe(table.filter((r) => r.config.effect === 'read').length);
  // Most reads answer with data: the walk used real objects, not ids that 404.
  expect(counts.readsOk).toBeGreaterThan(counts.readsAnswered * 0.8);
  expect(counts.renewals).toBe(table.filter((r) => r.config.effect === 'renew').length);
  expect(counts.renewals).toBeGreaterThan(0);
}, 600_000);

test('an expired company cannot close a month: 402, and the month stays open', async () => {
  const w = world.tenants[1];
  const url = `/api/company/${w.company}/clients/${w.client}/periods/${MONTH}/close`;
  const close = () =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${callers.owner.token}` }, payload: {} });
  const closedAt = async () =>
    (
      await t.ctx.db
        .selectFrom('client_periods')
        .select('closed_at')
        .where('client_id', '=', w.client)
        .where('period', '=', MONTH)
        .executeTakeFirst()
    )?.closed_at ?? null;
  expect(await closedAt()).toBeNull();
  // Whole, so only the read-only state can keep it open (a month closes only whole).
  await makeMonthWhole(t, { token: callers.owner.token, company_id: w.company }, w.client, MONTH);

  await setExpired(true);
  const refused = await close();
  expect(refused.statusCode).toBe(402);
  expect(messageOf(refused)).toBe(READ_ONLY);
  expect(await closedAt()).toBeNull();

  // The same call of a tenant that is not read-only closes the month: the 402 was the read-only state.
  await setExpired(false);
  expect((await close()).statusCode).toBe(200);
  expect(await closedAt()).not.toBeNull();
});

test('every policy action declares what it does to the tenant data, as reviewed', () => {
  const policies: Record<string, Readonly<Record<string, 'read' | 'write' | 'renew'>>> = {
    activity: ACTIVITY_POLICY.effects,
    billing: BILLING_POLICY.effects,
    categories: CATEGORIES_POLICY.effects,
    clients: CLIENT_POLICY.effects,
    companyRequests: COMPANY_REQUEST_POLICY.effects,
    documents: DOCUMENTS_POLICY.effects,
    handover: HANDOVER_POLICY.effects,
    links: LINK_POLICY.effects,
    month: MONTH_POLICY.effects,
    obligations: OBLIGATIONS_POLICY.effects,
    notifications: NOTIFICATIONS_POLICY.effects,
    security: SECURITY_POLICY.effects,
    users: USERS_POLICY.effects,
    utilityFiles: UTILITY_FILES_POLICY.effects,
  };
  const byEffect = { read: [] as string[], write: [] as string[], renew: [] as string[] };
  for (const effects of Object.values(policies))
    for (const [action, effect] of Object.entries(effects)) byEffect[effect].push(action);
  expect(byEffect.renew.sort()).toEqual(['payments.pay', 'subscription.change']);
  expect(byEffect.read.sort()).toEqual(
    [
      'activity.export',
      'activity.list',
      'categories.list',
      'checklist.read',
      'clients.access',
      'clients.list',
      'clients.view',
      'companyRequests.list',
      'defaults.read',
      'documents.collection',
      'documents.get',
      'documents.trash',
      'handover.download',
      'links.list',
      'notifications.list',
      'notifications.seen',
      'obligations.client',
      'obligations.firm',
      'payments.view',
      'portfolio',
      'requirements.read',
      'review.queue',
      'security.view',
      'settings.read',
      'subscription.view',
      'uploads.limits',
      'users.list',
      'utils.get',
      'utils.list',
    ].sort(),
  );
  expect(byEffect.write.sort()).toEqual(
    [
      'categories.create',
      'categories.delete',
      'categories.reorder',
      'categories.transfer',
      'categories.update',
      'clients.accessManage',
      'clients.create',
      'clients.delete',
      'clients.notify',
      'clients.restore',
      'clients.update',
      'companyRequests.create',
      'defaults.write',
      'documents.bulk',
      'documents.delete',
      'documents.restore',
      'documents.update',
      'documents.upload',
      'items.mark',
      'links.delete',
      'links.notify',
      'obligations.file',
      'obligations.unfile',
      'periods.close',
      'periods.done',
      'requirements.write',
      'review.decide',
      'security.update',
      'settings.update',
      'users.create',
      'users.delete',
      'users.update',
      'utils.create',
      'utils.delete',
      'utils.update',
    ].sort(),
  );
});
