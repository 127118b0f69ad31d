/**
 * Shared machinery of the attack suites: the app's own route table, two
 * tenants built with the test factories (ids, callers, secrets), bodies generated from each
 * route's JSON schema, the response checks (no other-tenant value, no
 * secret, Romanian messages) and the one-line summary per category.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { createTestApp, type TestApp } from '../helpers.js';
import { field, file, multipart } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { CANARY } from '../canary.js';
import { currentMonth } from '../../src/lib/ro-calendar.js';
import {
  api,
  createAdmin,
  createClient,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  PASSWORD,
  uploadDocument,
  type Actor,
  type Company,
} from '../factories.js';
import type { Config } from '../../src/config.js';

// ---------------------------------------------------------------- summary lines

/**
 * One line per category, e.g. `[access-matrix] cases: 1234, failures: 0`, on
 * stdout and appended to $DOSAR_SUMMARY_FILE (scripts/test.mjs prints that
 * file after each jest run, whose own output it keeps for failures only).
 */
export function reportSummary(category: string, cases: number, failures: number, note = ''): string {
  const line = `[${category}] cases: ${cases}, failures: ${failures}${note ? `, ${note}` : ''}`;
  // process.stdout, not console.log: jest --silent swallows the console, not the workers' stdout.
  process.stdout.write(`${line}\n`);
  const target = process.env.DOSAR_SUMMARY_FILE;
  if (target) {
    const db = process.env.TEST_DATABASE_URL ? ' (postgresql)' : '';
    fs.appendFileSync(target, `${line}${db}\n`);
  }
  return line;
}

/** Collects failures of many generated cases; the test asserts the list is empty at the end. */
export class CaseLog {
  cases = 0;
  readonly failures: string[] = [];
  constructor(readonly category: string) {}
  check(ok: boolean, describe: () => string): boolean {
    this.cases += 1;
    if (!ok) this.failures.push(describe());
    return ok;
  }
  fail(message: string): void {
    this.failures.push(message);
  }
  report(note = ''): string {
    // SECURITY_DUMP_DIR=/tmp/x keeps every failure of the run, one file per category (for digging in).
    const dump = process.env.SECURITY_DUMP_DIR;
    if (dump) fs.writeFileSync(`${dump}/${this.category}.txt`, this.failures.join('\n') + '\n');
    return reportSummary(this.category, this.cases, this.failures.length, note);
  }
  /** The first failures, for the assertion message. */
  sample(n = 40): string[] {
    return this.failures.slice(0, n);
  }
}

// ---------------------------------------------------------------- the route table

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  [key: string]: unknown;
}

export interface RouteSchema {
  body?: JsonSchema;
  params?: JsonSchema;
  querystring?: JsonSchema;
  consumes?: string[];
  security?: unknown[];
  hide?: boolean;
}

export interface ApiRoute {
  /** `METHOD /api/path/:param` — the key of the expectation maps. */
  key: string;
  method: string;
  url: string;
  schema: RouteSchema;
  params: string[];
  multipart: boolean;
  /** A door route's config (`allow()`): who may call it and what its action does to the tenant's data. */
  config: { roles?: readonly number[]; effect?: 'read' | 'write' | 'renew' };
}

export function routeFromOptions(route: RouteOptions): ApiRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const url = route.url;
  const schema = (route.schema ?? {}) as RouteSchema;
  const params = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const consumes = schema.consumes ?? [];
  return methods
    .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
    .map((method) => ({
      key: `${method} ${url}`,
      method,
      url,
      schema,
      params,
      multipart: consumes.includes('multipart/form-data') && !consumes.includes('application/json'),
      config: (route.config ?? {}) as ApiRoute['config'],
    }));
}

// ---------------------------------------------------------------- the two tenants

export interface TenantWorld {
  n: 1 | 2;
  company: number;
  holding: number;
  /** A client of the company inside the holding. */
  client: number;
  /** A client of the company outside any holding. */
  clientOutside: number;
  media: number;
  /** A document of clientOutside. */
  mediaOutside: number;
  category: number;
  util: number;
  utilMedia: number;
  owner: number;
  holdingAdmin: number;
  companyPayment: number;
  holdingPayment: number;
  /** The month: one of the firm's default set, one of the client's requirements, one checklist item. */
  requirementDefault: number;
  requirement: number;
  item: number;
  /** Strings that only this tenant's answers may contain (the first is its canary). */
  secrets: string[];
}

export interface World {
  tenants: Record<1 | 2, TenantWorld>;
  companyPlan: number;
  holdingPlan: number;
  campaign: number;
}

/**
 * The sign-in e-mail of each caller, filled by buildWorld (the suites use them for the flows they
 * drive by hand: sign-in throttles, resets, suspension).
 */
export const EMAIL = {} as Record<Exclude<CallerName, 'anonymous'>, string>;
export { PASSWORD };

/** The month the suites name in period paths (the current one: the world's clients owe it). */
export const MONTH = currentMonth();

/**
 * Tenant 1's real object for each kind of path parameter, as a caller `caller` would name it: the plan of
 * the route's door, the caller itself as payer or self, and `users` for the company and holding user ids
 * (a test picks whom it may act on without locking itself out).
 */
export function ownObjects(
  world: World,
  url: string,
  caller: { userId?: number | null },
  users: { companyUser: number; holdingUser: number },
): Record<string, string | number> {
  const w = world.tenants[1];
  return {
    company: w.company,
    holding: w.holding,
    client: w.client,
    media: w.media,
    category: w.category,
    util: w.util,
    utilMedia: w.utilMedia,
    ...users,
    selfUser: caller.userId ?? 0,
    payer: caller.userId ?? 0,
    companyPayment: w.companyPayment,
    holdingPayment: w.holdingPayment,
    requirementDefault: w.requirementDefault,
    requirement: w.requirement,
    item: w.item,
    period: MONTH,
    obligationCode: 'D300',
    plan: url.startsWith('/api/holding/:holdingId') ? world.holdingPlan : world.companyPlan,
    campaign: world.campaign,
    hash: 'a'.repeat(64),
    session: 0,
    // The world files no e-Factura without a client: an id nobody has (its own suite assigns real ones).
    unsortedInvoice: 0,
  };
}

/** Never in any answer, whoever asks. */
export const SECRET_MARKERS = ['password_hash', 'token_hash', '$argon2', 'storage_key'];

/**
 * A secret in an answer: one of the columns as a key carrying a value (a 422
 * naming the refused field — `"password_hash": ["Câmpul … nu este permis."]` —
 * is not one), or a real argon2 hash (the suites' decoy uses m=1).
 */
export function secretsIn(text: string): string[] {
  const found: string[] = [];
  const key = /"(password_hash|token_hash|storage_key)"\s*:\s*(?!\[)/g;
  for (const m of text.matchAll(key)) found.push(m[1]);
  if (/\$argon2(id|i|d)\$v=\d+\$m=(?!1,)\d+/.test(text)) found.push('$argon2');
  for (const marker of ['password_hash', 'token_hash', 'storage_key']) {
    // outside JSON (CSV, zip, text): the bare column name followed by a separator and a value
    if (new RegExp(`${marker}[=;,\t]`).test(text)) found.push(marker);
  }
  return [...new Set(found)];
}

/**
 * Two tenants made with the factories, shaped like the product's smallest real use: each a company
 * with a holding, a client inside it and one outside (two documents each, in the company's first
 * category), a utility file, and sandbox payments; the first also has staff and a holding member.
 * Every value a tenant owns carries its canary (client notes, document names, the utility file), and
 * its names, e-mails and CUIs are its secrets: no answer to the other tenant may contain them.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const { db } = t.ctx;
  const admin = await createAdmin(t);
  EMAIL.admin = admin.email;
  const plan = async (audience: 'company' | 'holding') =>
    await db
      .selectFrom('plans')
      .select(['id', 'name', 'price_bani'])
      .where('audience', '=', audience)
      .where('is_trial', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const companyPlan = await plan('company');
  const holdingPlan = await plan('holding');

  const tenant = async (n: 1 | 2): Promise<TenantWorld> => {
    const canary = n === 1 ? CANARY.demo : CANARY.other;
    const notes = `Observații client ${canary}`;
    const company: Company = await createCompany(t);
    const holding = await createHolding(t, company, { client: { notes } });
    const holdingAdmin = holding.admin as Actor;
    const clientOutside = await createClient(t, company, { notes });
    const extra = n === 1 ? await createClient(t, company, { holding_id: holding.id, notes }) : null;
    const people: Actor[] = [company.owner, holdingAdmin];
    if (n === 1) {
      const staff = await createUser(t, company, { role: 3 });
      const member = await createUser(t, holding, { role: 5 });
      people.push(staff, member);
      Object.assign(EMAIL, { owner: company.owner.email, staff: staff.email, holding: holdingAdmin.email });
      EMAIL.client = member.email;
    } else {
      Object.assign(EMAIL, { owner2: company.owner.email, holding2: holdingAdmin.email });
    }
    const owner = api(t).as(company.owner);
    const categories = expectStatus(await owner.get(`/api/company/${company.id}/categories`), 200, 'categories');
    const [category, second] = (categories.json.data as { id: number }[]).map((c) => c.id);
    // Four documents per client, as a month of real use looks: two months × two categories.
    const documents = async (client: { id: number; name: string }, uploader: Actor) => {
      const ids: number[] = [];
      for (const period of ['2026-02', '2026-01'])
        for (const [k, categoryId] of [category, second].entries())
          ids.push(
            (
              await uploadDocument(t, uploader, client, {
                name: `${k === 0 ? 'Factura' : 'Extras'} ${client.id} ${period} ${canary}.pdf`,
                period,
                category_id: categoryId,
              })
            ).id,
          );
      return ids;
    };
    const [media] = await documents(holding.client, company.owner);
    const [mediaOutside] = await documents(clientOutside, company.owner);
    if (extra) await documents(extra, holdingAdmin);
    const util = expectStatus(
      await owner.upload(`/api/company/${company.id}/storeUtil`, [
        field('title', 'Model contract'),
        field('description', `Model ${canary}`),
        file('file', 'Model contract.txt', `Model de contract ${canary}\nCompletați datele firmei.\n`, 'text/plain'),
      ]),
      201,
      'utility file',
    ).json.data as { id: number; media_id: number };

    const payment = (values: { company_id: number | null; holding_id: number | null; user_id: number }) =>
      db
        .insertInto('payments')
        .values({
          ...values,
          plan_id: companyPlan.id,
          plan_name: companyPlan.name,
          amount_bani: companyPlan.price_bani,
          provider: 'sandbox',
          provider_ref: `sec_${n}_${crypto.randomUUID()}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const companyPayment = (await payment({ company_id: company.id, holding_id: null, user_id: company.owner.id })).id;
    const holdingPayment = (await payment({ company_id: null, holding_id: holding.id, user_id: holdingAdmin.id })).id;
    const clients = [holding.client, clientOutside, ...(extra ? [extra] : [])];
    const requirementDefault = (
      expectStatus(await owner.post(`/api/company/${company.id}/requirement-defaults`, {}), 200, 'defaults').json
        .data as { id: number }[]
    )[0].id;
    const requirement = (
      expectStatus(
        await owner.post(`/api/company/${company.id}/clients/${holding.client.id}/requirements`, {}),
        200,
        'requirements',
      ).json.data as { id: number }[]
    )[0].id;
    const item = (
      expectStatus(
        await owner.post(`/api/company/${company.id}/clients/${holding.client.id}/checklist`, { period: MONTH }),
        200,
        'checklist',
      ).json.data as { id: number }[]
    )[0].id;
    return {
      requirementDefault,
      requirement,
      item,
      n,
      company: company.id,
      holding: holding.id,
      client: holding.client.id,
      clientOutside: clientOutside.id,
      media,
      mediaOutside,
      category,
      util: util.id,
      utilMedia: util.media_id,
      owner: company.owner.id,
      holdingAdmin: holdingAdmin.id,
      companyPayment,
      holdingPayment,
      secrets: [
        canary,
        company.name,
        holding.name,
        holding.email,
        ...people.map((p) => p.email),
        ...clients.map((c) => c.name),
        ...clients.map((c) => c.cui),
        company.cui,
        holding.cui,
      ],
    };
  };
  const campaign = (
    await db
      .insertInto('campaigns')
      .values({
        subject: 'Anunț de test',
        html: '<p>Salut</p>',
        text: 'Salut',
        audience: 'company_owners',
        tenants: JSON.stringify({ company_ids: [], holding_ids: [] }),
        created_by: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return {
    tenants: { 1: await tenant(1), 2: await tenant(2) },
    companyPlan: companyPlan.id,
    holdingPlan: holdingPlan.id,
    campaign,
  };
}

// ---------------------------------------------------------------- callers

export type CallerName = 'anonymous' | 'admin' | 'owner' | 'staff' | 'holding' | 'client' | 'owner2' | 'holding2';

export interface Caller {
  name: CallerName;
  email: string | null;
  role: 0 | 1 | 2 | 3 | 4 | 5;
  /** The caller's tenant (admin and anonymous: none). */
  tenant: 1 | 2 | null;
  token: string | null;
  userId: number | null;
}

export const CALLER_SPECS: Omit<Caller, 'token' | 'userId' | 'email'>[] = [
  { name: 'anonymous', role: 0, tenant: null },
  { name: 'admin', role: 1, tenant: null },
  { name: 'owner', role: 2, tenant: 1 },
  { name: 'staff', role: 3, tenant: 1 },
  { name: 'holding', role: 4, tenant: 1 },
  { name: 'client', role: 5, tenant: 1 },
  { name: 'owner2', role: 2, tenant: 2 },
  { name: 'holding2', role: 4, tenant: 2 },
];

let addressCounter = 0;
/** A distinct loopback-ish address per call, so login throttles keyed by IP never trip the harness itself. */
export const freshAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

export async function signIn(
  t: TestApp,
  email: string,
  password = PASSWORD,
): Promise<{ token: string; userId: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

export async function signInAll(t: TestApp): Promise<Record<CallerName, Caller>> {
  const out = {} as Record<CallerName, Caller>;
  for (const spec of CALLER_SPECS) {
    if (spec.name === 'anonymous') {
      out[spec.name] = { ...spec, email: null, token: null, userId: null };
      continue;
    }
    const email = EMAIL[spec.name];
    if (!email) throw new Error(`signInAll: no ${spec.name} (buildWorld first)`);
    const { token, userId } = await signIn(t, email);
    out[spec.name] = { ...spec, email, token, userId };
  }
  return out;
}

export const auth = (caller: Pick<Caller, 'token'>): Record<string, string> =>
  caller.token ? { authorization: `Bearer ${caller.token}` } : {};

// ---------------------------------------------------------------- bodies from schemas

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
(formats as unknown as { default: (a: Ajv) => void }).default(ajv);

let uniqueCounter = 0;
const unique = (): number => ++uniqueCounter;

const VALID_CUIS = ['18547290', '34567892', '45678900', 'RO14399840'];

/** Values tried (in order) for a string field with a pattern. */
const PATTERN_CANDIDATES = [
  '1',
  '2026-01',
  '2026-01-15',
  'RO12345674',
  '12345674',
  'abc',
  'a',
  'asc',
  crypto.randomBytes(32).toString('hex'),
  '0712345678',
];

function pickType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  return schema.type;
}

/** A minimal instance of schema (only required properties), named after `name` where that helps. */
export function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const branch = branches.find((b) => pickType(b) !== 'null') ?? branches[0];
    return sample({ ...schema, anyOf: undefined, oneOf: undefined, ...branch }, name);
  }
  const type = pickType(schema) ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, key);
      // minProperties beyond the required ones: add optional properties, `name` first.
      const optional = Object.keys(schema.properties ?? {})
        .filter((k) => !(k in out))
        .sort((a, b) => Number(b === 'name') - Number(a === 'name'));
      const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      while (Object.keys(out).length < minProperties && optional.length) {
        const key = optional.shift() as string;
        out[key] = sample(schema.properties?.[key] ?? {}, key);
      }
      return out;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      return Array.from({ length: n }, () => sample(schema.items ?? { type: 'integer' }, name));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema, name);
    default:
      return undefined;
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  const n = unique();
  const fits = (value: string): boolean =>
    (schema.minLength === undefined || value.length >= schema.minLength) &&
    (schema.maxLength === undefined || value.length <= schema.maxLength) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
    ajv.validate(schema, value);
  const byName: Record<string, string> = {
    email: `sec${n}-${crypto.randomBytes(3).toString('hex')}@example.ro`,
    password: 'ParolaNoua123!',
    password_confirmation: 'ParolaNoua123!',
    current_password: PASSWORD,
    cui: VALID_CUIS[n % VALID_CUIS.length],
    period: '2026-01',
    from: '2026-01-01',
    to: '2026-12-31',
    name: `Test securitate ${n}`,
    company_name: `Firma test ${n} SRL`,
    subject: 'Subiect de test',
    message: 'Mesaj de test.',
    body: 'Conținut de test.',
    html: '<p>Conținut de test.</p>',
    text: 'Conținut de test.',
    phone: '0712345678',
    token: crypto.randomBytes(32).toString('hex'),
    hash: crypto.randomBytes(32).toString('hex'),
  };
  const candidates = [
    byName[name],
    schema.format === 'email' ? byName.email : undefined,
    ...PATTERN_CANDIDATES,
    `Text ${n}`,
  ].filter((v): v is string => v !== undefined);
  for (const c of candidates) if (fits(c)) return c;
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.ro/';
  const min = schema.minLength ?? 1;
  return 'x'.repeat(Math.max(min, 1));
}

/** Whether value satisfies schema (undefined schema: anything goes). */
export function validates(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema) return true;
  return ajv.validate(schema, value) as boolean;
}

export function validationErrors(schema: JsonSchema, value: unknown): string {
  ajv.validate(schema, value);
  return ajv.errorsText(ajv.errors);
}

// ---------------------------------------------------------------- requests

export interface CallSpec {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  /** Raw payload (bypasses JSON encoding). */
  raw?: { payload: string | Buffer; contentType?: string };
}

export function fillUrl(url: string, values: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(String(v));
  });
}

export const uploadBody = (name = 'document.pdf', extra: Record<string, string> = {}) =>
  multipart([
    ...Object.entries({ title: 'Titlu test', description: 'Descriere', ...extra }).map(([k, v]) => field(k, v)),
    file('files[]', name, tinyPdf(`test ${name}`), 'application/pdf'),
  ]);

/** Builds app.inject options: JSON for bodies, multipart for upload routes, raw when asked. */
export function injectOptions(
  route: ApiRoute,
  caller: Pick<Caller, 'token'>,
  url: string,
  body: unknown,
  extra: Partial<InjectOptions> = {},
): InjectOptions {
  const headers: Record<string, string> = { ...auth(caller) };
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url,
    headers,
    remoteAddress: freshAddress(),
    ...extra,
  };
  if (route.method === 'GET') return options;
  if (route.multipart) {
    const mp = uploadBody();
    options.payload = mp.payload;
    Object.assign(headers, mp.headers);
    return options;
  }
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  return options;
}

/** Boots one app (no demo world: buildWorld makes the tenants) and records its route table (every /api route). */
export async function bootWithRoutes(config: Partial<Config> = {}): Promise<{ t: TestApp; routes: ApiRoute[] }> {
  const all: ApiRoute[] = [];
  const t = await createTestApp({ seed: false, config, onRoute: (route) => all.push(...routeFromOptions(route)) });
  const seen = new Set<string>();
  const routes = all.filter((r) => {
    if (!r.url.startsWith('/api/') || seen.has(r.key)) return false;
    seen.add(r.key);
    return true;
  });
  return { t, routes };
}

// ---------------------------------------------------------------- response checks

const ROMANIAN = /[ăâîșțşţĂÂÎȘȚ]|\b(nu|este|sunt|sa|să|trebuie|fii|esti|ești|prea|cel|cererea|câmpul|fișierul)\b/i;
const ENGLISH =
  /\b(must|should|required|expected|unexpected|cannot|invalid|error|not found|bad request|unsupported|body|property|failed)\b/i;

/** A Romanian message (the SPEC-quoted strings lack diacritics, hence the word list). */
export function isRomanian(message: unknown): boolean {
  return (
    typeof message === 'string' &&
    message.trim().length > 0 &&
    ROMANIAN.test(message) &&
    !ENGLISH.test(message.replace(/JSON|CSV|CUI|ZIP/g, ''))
  );
}

export function bodyText(res: LightMyRequestResponse): string {
  return res.rawPayload.toString('utf8');
}

/** Problems of one answer: 5xx, secrets, other-tenant values (for a caller of `tenant`; null = any tenant's). */
export function answerProblems(
  res: LightMyRequestResponse,
  world: World,
  viewer: { tenant: 1 | 2 | null; anonymous: boolean },
): string[] {
  const problems: string[] = [];
  const text = bodyText(res);
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}: ${text.slice(0, 200)}`);
  for (const marker of secretsIn(text)) problems.push(`answer carries ${marker}`);
  const forbidden: string[] = [];
  if (viewer.tenant === 1) forbidden.push(...world.tenants[2].secrets);
  else if (viewer.tenant === 2) forbidden.push(...world.tenants[1].secrets);
  else if (viewer.anonymous) forbidden.push(...world.tenants[1].secrets, ...world.tenants[2].secrets);
  for (const s of forbidden) if (text.includes(s)) problems.push(`answer leaks "${s}"`);
  if (res.statusCode >= 400) {
    let message: unknown;
    try {
      message = (JSON.parse(text) as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (!isRomanian(message)) problems.push(`error without a Romanian message: ${text.slice(0, 160)}`);
  }
  return problems;
}
