/**
 * Shared machinery of the attack suites (issue 7): the app's own route table,
 * the demo world's ids per tenant, the callers, bodies generated from each
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
import { CANARY, DEMO_PASSWORD, tinyPdf } from '../../src/seed.js';
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
    }));
}

// ---------------------------------------------------------------- the demo world

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
  /** Strings that only this tenant's answers may contain. */
  secrets: string[];
}

export interface World {
  tenants: Record<1 | 2, TenantWorld>;
  companyPlan: number;
  holdingPlan: number;
  campaign: number;
}

const TENANT_STRINGS: Record<1 | 2, string[]> = {
  1: [
    CANARY.demo,
    'Contabil Demo SRL',
    'Grup Demo',
    'owner@demo.ro',
    'staff@demo.ro',
    'holding@demo.ro',
    'client@demo.ro',
    'office@contabil-demo.ro',
    'contact@grup-demo.ro',
    'Alfa Distribuție',
    'Beta Construct',
    'Gamma Consultanță',
    'RO12345674',
    'RO23456783',
  ],
  2: [
    CANARY.other,
    'Alt Contabil SRL',
    'Alt Grup',
    'owner2@demo.ro',
    'holding2@demo.ro',
    'office@alt-contabil.ro',
    'contact@alt-grup.ro',
    'Delta Transport',
    'Epsilon Agro',
    'RO67890120',
    'RO78901233',
  ],
};

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

export async function loadWorld(t: TestApp): Promise<World> {
  const { db } = t.ctx;
  const byName = async (table: 'companies' | 'holdings', name: string) =>
    (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const clientId = async (prefix: string) =>
    (await db.selectFrom('clients').select('id').where('name', 'like', `${prefix}%`).executeTakeFirstOrThrow()).id;
  const companyPlan = (
    await db
      .selectFrom('plans')
      .select('id')
      .where('audience', '=', 'company')
      .where('is_trial', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const holdingPlan = (
    await db
      .selectFrom('plans')
      .select('id')
      .where('audience', '=', 'holding')
      .where('is_trial', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const plan = await db
    .selectFrom('plans')
    .select(['id', 'name', 'price_bani'])
    .where('id', '=', companyPlan)
    .executeTakeFirstOrThrow();

  const tenant = async (n: 1 | 2): Promise<TenantWorld> => {
    const company = await byName('companies', n === 1 ? 'Contabil Demo SRL' : 'Alt Contabil SRL');
    const holding = await byName('holdings', n === 1 ? 'Grup Demo' : 'Alt Grup');
    const client = await clientId(n === 1 ? 'Alfa' : 'Delta');
    const clientOutside = await clientId(n === 1 ? 'Gamma' : 'Epsilon');
    const media = (
      await db
        .selectFrom('media')
        .select('id')
        .where('client_id', '=', client)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const mediaOutside = (
      await db
        .selectFrom('media')
        .select('id')
        .where('client_id', '=', clientOutside)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const category = (
      await db
        .selectFrom('categories')
        .select('id')
        .where('company_id', '=', company)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const util = await db
      .selectFrom('utility_files')
      .select(['id', 'media_id'])
      .where('company_id', '=', company)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const owner = await userId(n === 1 ? 'owner@demo.ro' : 'owner2@demo.ro');
    const holdingAdmin = await userId(n === 1 ? 'holding@demo.ro' : 'holding2@demo.ro');
    const payment = (values: { company_id: number | null; holding_id: number | null; user_id: number }) =>
      db
        .insertInto('payments')
        .values({
          ...values,
          plan_id: plan.id,
          plan_name: plan.name,
          amount_bani: plan.price_bani,
          provider: 'sandbox',
          provider_ref: `sec_${n}_${crypto.randomUUID()}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const companyPayment = (await payment({ company_id: company, holding_id: null, user_id: owner })).id;
    const holdingPayment = (await payment({ company_id: null, holding_id: holding, user_id: holdingAdmin })).id;
    return {
      n,
      company,
      holding,
      client,
      clientOutside,
      media,
      mediaOutside,
      category,
      util: util.id,
      utilMedia: util.media_id,
      owner,
      holdingAdmin,
      companyPayment,
      holdingPayment,
      secrets: TENANT_STRINGS[n],
    };
  };
  const admin = await userId('admin@demo.ro');
  const campaign = (
    await db
      .insertInto('campaigns')
      .values({
        subject: 'Anunț de test',
        html: '<p>Salut</p>',
        text: 'Salut',
        audience: 'company_owners',
        tenants: JSON.stringify({ company_ids: [], holding_ids: [] }),
        created_by: admin,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { tenants: { 1: await tenant(1), 2: await tenant(2) }, companyPlan, holdingPlan, campaign };
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

export const CALLER_SPECS: Omit<Caller, 'token' | 'userId'>[] = [
  { name: 'anonymous', email: null, role: 0, tenant: null },
  { name: 'admin', email: 'admin@demo.ro', role: 1, tenant: null },
  { name: 'owner', email: 'owner@demo.ro', role: 2, tenant: 1 },
  { name: 'staff', email: 'staff@demo.ro', role: 3, tenant: 1 },
  { name: 'holding', email: 'holding@demo.ro', role: 4, tenant: 1 },
  { name: 'client', email: 'client@demo.ro', role: 5, tenant: 1 },
  { name: 'owner2', email: 'owner2@demo.ro', role: 2, tenant: 2 },
  { name: 'holding2', email: 'holding2@demo.ro', role: 4, tenant: 2 },
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
  password = DEMO_PASSWORD,
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
    if (!spec.email) {
      out[spec.name] = { ...spec, token: null, userId: null };
      continue;
    }
    const { token, userId } = await signIn(t, spec.email);
    out[spec.name] = { ...spec, token, userId };
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
    current_password: DEMO_PASSWORD,
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

/** Boots one seeded app and records its route table (every /api route). */
export async function bootWithRoutes(config: Partial<Config> = {}): Promise<{ t: TestApp; routes: ApiRoute[] }> {
  const all: ApiRoute[] = [];
  const t = await createTestApp({ config, onRoute: (route) => all.push(...routeFromOptions(route)) });
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
