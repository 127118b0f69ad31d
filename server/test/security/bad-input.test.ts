/**
 * Bad input: for every route with a body, a query string or path
 * parameters, generated hostile requests — malformed JSON, wrong content
 * types, wrong types, nulls, 1 MB strings, Unicode edge cases (lone
 * surrogates, RTL marks, zero-width, NUL), extra fields, arrays for objects,
 * absurd paging, sort injection, mangled ids, broken multipart, junk
 * Authorization headers — at least 50 per route.
 *
 * A case the route's own schema rejects ("invalid") must answer 4xx; a case
 * the schema allows ("odd", e.g. an RTL mark inside a name) may succeed. No
 * case may answer 5xx, and every error carries a Romanian `message`.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.js';
import { field, file, multipart } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { ACCESS, areaOf, paramKind } from './route-rules.js';
import {
  answerProblems,
  auth,
  bootWithRoutes,
  CaseLog,
  freshAddress,
  isRomanian,
  buildWorld,
  sample,
  signInAll,
  validates,
  type ApiRoute,
  type Caller,
  type CallerName,
  type JsonSchema,
  type World,
  ownObjects,
} from './harness.js';

let t: TestApp;
let routes: ApiRoute[];
let world: World;
let callers: Record<CallerName, Caller>;
let staffId: number;
let clientUserId: number;
const log = new CaseLog('bad-input');
const MIN_CASES_PER_ROUTE = 50;

beforeAll(async () => {
  ({ t, routes } = await bootWithRoutes());
  world = await buildWorld(t);
  callers = await signInAll(t);
  staffId = callers.staff.userId as number;
  clientUserId = callers.client.userId as number;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** 'invalid': must answer 4xx. 'odd': allowed by the schema, may succeed; never 5xx. */
type Expect = 'invalid' | 'odd';

interface Case {
  label: string;
  expect: Expect;
  /** Path values replacing the defaults. */
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** A JSON value sent as the body. */
  json?: unknown;
  /** A raw payload with its content type (undefined: none). */
  raw?: { payload: string | Buffer; contentType?: string };
  headers?: Record<string, string>;
  /** Send without the caller's token (Authorization comes from `headers`). */
  anonymous?: boolean;
}

const MB = 1024 * 1024;
const HUGE = 'x'.repeat(MB);

/** Strings of the right type (JSON string) but hostile content. */
const ODD_STRINGS: [string, string][] = [
  ['empty', ''],
  ['spaces', '   '],
  ['NUL', '\u0000'],
  ['NUL inside', 'ab\u0000cd'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', 'x\udfffy'],
  ['RTL override', 'factura\u202Efdp.exe'],
  ['RTL mark', '\u200Fnume'],
  ['zero-width', 'nu\u200Bme\u2060'],
  ['BOM', '\uFEFFnume'],
  ['emoji', 'Firmă 😀 👩🏽‍💻'],
  ['combining', 'S\u0326a\u0306'],
  ['control chars', 'a\u0001\u0007\u001b[31m'],
  ['html', '<script>alert(1)</script>'],
  ['sql', "'; drop table users; --"],
  ['path', '../../../../etc/passwd'],
  ['jndi', '${jndi:ldap://127.0.0.1/x}'],
  ['200 KB', 'ă'.repeat(100 * 1024)],
];

/** Values of a wrong JSON type, nulls and absurd numbers. */
const WRONG_VALUES: [string, unknown][] = [
  ['null', null],
  ['number', 12345],
  ['negative', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['1e12', 1e12],
  ['true', true],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['nested', { $gt: '' }],
  ['1 MB string', HUGE],
];

const MALFORMED_JSON: [string, string][] = [
  ['unclosed object', '{'],
  ['cut value', '{"a":'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['bare word', 'nul'],
  ['unclosed array', '[1,2'],
  ['extra brace', '{"a":1}}'],
  ['bad escape', '{"a":"\\x41"}'],
  ['NUL byte', '\u0000'],
  ['only spaces', '   '],
  ['proto pollution', '{"__proto__":{"role":1}}'],
  ['constructor pollution', '{"constructor":{"prototype":{"role":1}}}'],
  ['deep nesting', `${'['.repeat(20000)}${']'.repeat(20000)}`],
];
/** Tolerated: a UTF-8 BOM before JSON (RFC 8259 lets parsers ignore it). */
const BOM_JSON = '\uFEFF{}';

const BAD_IDS: [string, string][] = [
  ['negative', '-1'],
  ['letters', 'abc'],
  ['float', '1.5'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['leading space', '%201'],
  ['NUL', '%00'],
  ['NUL after digits', '1%00'],
  ['dot dot slash', '..%2F..%2Fetc'],
  ['RTL', '%E2%80%AE1'],
  ['30 digits', '9'.repeat(30)],
  ['sql', '1%3Bdrop%20table%20users'],
  ['quote', "1'"],
  ['fullwidth digit', '%EF%BC%91'],
  ['null word', 'null'],
  ['brackets', '%5B%5D'],
  ['emoji', '%F0%9F%98%80'],
  ['overlong utf-8', '%C0%AF'],
  ['broken escape', '%E2%80'],
  ['5000 chars', 'a'.repeat(5000)],
];

/** Ids the pattern allows but no object has: 404, never an effect. */
const ODD_IDS: [string, string][] = [
  ['zero', '0'],
  ['nine zeros', '000000000'],
  ['max', '999999999'],
];

const BAD_AUTH: [string, string][] = [
  ['empty bearer', 'Bearer '],
  ['no bar', 'Bearer abcdef'],
  ['no secret', 'Bearer 1|'],
  ['wrong secret', `Bearer 1|${'a'.repeat(40)}`],
  ['huge id', `Bearer 99999999999999999999|${'a'.repeat(40)}`],
  ['negative id', `Bearer -1|${'a'.repeat(40)}`],
  ['sql id', `Bearer 1 or 1=1|${'a'.repeat(40)}`],
  ['10 KB secret', `Bearer 1|${'a'.repeat(10_000)}`],
  ['basic', 'Basic YWRtaW46YWRtaW4='],
  ['lowercase scheme', `bearer 1|${'a'.repeat(40)}`],
];

/** Absurd paging: always refused. */
const PAGING: [string, Record<string, unknown>][] = [
  ['page -1', { page: -1 }],
  ['page 1e12', { page: 1e12 }],
  ['page text', { page: 'abc' }],
  ['per_page 1e9', { per_page: 1e9 }],
  ['per_page -5', { per_page: -5 }],
  ['sort injection', { sort: 'name; drop table users' }],
  ['sort unknown column', { sort: 'password_hash' }],
  ['direction sideways', { direction: 'sideways' }],
  ['direction injection', { direction: 'asc; select 1' }],
];

// ---------------------------------------------------------------- route context

function callerFor(route: ApiRoute): Caller {
  const area = areaOf(route.url);
  if (area === 'admin') return callers.admin;
  if (area === 'company') return callers.owner;
  if (area === 'holding') return callers.holding;
  return ACCESS[route.key]?.who === 'public' ? callers.anonymous : callers.owner;
}

/** Real ids of the caller's own tenant for reads and updates; deletes and state changes get a missing id. */
function defaultParams(route: ApiRoute, caller: Caller): Record<string, string> {
  const destructive =
    /\/(delete|suspend|reactivate|change|revoke|restore)$/.test(route.url) ||
    /\/payment\/|\/subscriptions\//.test(route.url);
  const out: Record<string, string> = {};
  for (const name of route.params) {
    const kind = paramKind(route.url, name);
    const real: Record<string, number | string> = {
      ...ownObjects(world, route.url, caller, { companyUser: staffId, holdingUser: clientUserId }),
      plan: world.companyPlan,
      cuiClaim: 999999999,
    };
    const tenantParam =
      (name === 'companyId' && areaOf(route.url) === 'company') ||
      (name === 'holdingId' && areaOf(route.url) === 'holding');
    out[name] = destructive && !tenantParam && kind !== 'payer' ? '999999999' : String(real[kind]);
  }
  return out;
}

const fill = (url: string, values: Record<string, string>): string =>
  url.replace(/:([A-Za-z_]+)/g, (_, n: string) => values[n]);

const bodySchemaOf = (route: ApiRoute): JsonSchema | undefined => route.schema.body;
/** The object branch of a body schema (bodies may be `object | null`). */
function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf)?.find((b) => b.properties);
}

/** Every hostile case for a route. */
function casesFor(route: ApiRoute): Case[] {
  const cases: Case[] = [];
  const schema = bodySchemaOf(route);
  const objSchema = objectSchema(schema);
  const base = (schema ? sample(schema) : {}) as Record<string, unknown> | null;
  const jsonExpect = (body: unknown): Expect =>
    schema && validates(schema, body) ? 'odd' : schema ? 'invalid' : 'odd';

  // path parameters, one at a time
  for (const name of route.params) {
    for (const [label, value] of BAD_IDS) {
      // the hash is free text up to 200 characters: only the over-long one is invalid by schema
      const expect: Expect = name === 'hash' ? (value.length > 200 ? 'invalid' : 'odd') : 'invalid';
      cases.push({ label: `:${name} ${label}`, expect, params: { [name]: value } });
    }
    for (const [label, value] of ODD_IDS)
      cases.push({ label: `:${name} ${label}`, expect: 'odd', params: { [name]: value } });
  }

  // junk Authorization headers: the caller is then anonymous
  const isPublic = ACCESS[route.key]?.who === 'public';
  for (const [label, value] of BAD_AUTH) {
    cases.push({
      label: `auth ${label}`,
      expect: isPublic ? 'odd' : 'invalid',
      anonymous: true,
      headers: { authorization: value },
      json: route.method === 'POST' && !route.multipart ? (base ?? {}) : undefined,
    });
  }

  if (route.method === 'GET') {
    const qs = route.schema.querystring;
    if (qs) {
      const qsExpect = (q: Record<string, unknown>): Expect => (validates(qs, q) ? 'odd' : 'invalid');
      const listLike = Boolean(qs.properties && ('page' in qs.properties || 'per_page' in qs.properties));
      if (listLike) {
        for (const [label, q] of PAGING) {
          const query = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
          cases.push({ label: `query ${label}`, expect: 'invalid', query });
        }
        // zero: refused, or (when the schema lets it through) clamped — never an error
        for (const q of [{ page: '0' }, { per_page: '0' }] as Record<string, string>[])
          cases.push({ label: `query ${Object.keys(q)[0]} 0`, expect: qsExpect(q), query: q });
      }
      for (const prop of Object.keys(qs.properties ?? {})) {
        for (const [label, value] of ODD_STRINGS) {
          const v = value.length > 50_000 ? value.slice(0, 50_000) : value;
          cases.push({ label: `query ${prop} ${label}`, expect: qsExpect({ [prop]: v }), query: { [prop]: v } });
        }
        cases.push({ label: `query ${prop} repeated`, expect: 'odd', query: { [prop]: ['1', '2'] } });
      }
    }
    // junk any GET may receive, whether or not it reads a query string
    const qsOk = (q: Record<string, string>): Expect => (qs ? (validates(qs, q) ? 'odd' : 'invalid') : 'odd');
    const junk: [string, Record<string, string | string[]>][] = [
      ['unknown parameter', { zzz: '1' }],
      ['__proto__', { __proto__: 'x', constructor: 'y' } as Record<string, string>],
      ['nested brackets', { 'a[b][c]': '1' }],
      ['page -1', { page: '-1' }],
      ['page 1e12', { page: '1000000000000' }],
      ['per_page 1e9', { per_page: '1000000000' }],
      ['sort injection', { sort: 'name; drop table users' }],
      ['search NUL', { search: 'a\u0000b' }],
      ['search lone surrogate', { search: '\ud800' }],
      ['search RTL', { search: '\u202eabc' }],
      ['search 50 KB', { search: 'ș'.repeat(25_000) }],
      ['search like wildcards', { search: '%_\\' }],
      ['repeated page', { page: ['1', '2'] }],
      ['empty name', { '': 'x' }],
      ['status injection', { status: "active' or '1'='1" }],
      ['from date garbage', { from: '2026-02-31' }],
      ['to date injection', { to: "2026-01-01'; --" }],
      ['company_id foreign', { company_id: String(world.tenants[2].company) }],
      ['100 parameters', Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, String(i)]))],
    ];
    for (const [label, q] of junk) {
      const flat = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
      const absurd =
        /page|sort injection|status injection|garbage|to date/.test(label) &&
        qs?.properties &&
        Object.keys(q).some((k) => k in (qs.properties ?? {}));
      cases.push({ label: `query junk ${label}`, expect: absurd ? 'invalid' : qsOk(flat), query: q });
    }
    return cases;
  }

  // POST: malformed JSON and wrong content types
  for (const [label, payload] of MALFORMED_JSON) {
    const parsed = (() => {
      try {
        return { ok: true, value: JSON.parse(payload) as unknown };
      } catch {
        return { ok: false, value: undefined };
      }
    })();
    const expect: Expect = route.multipart
      ? 'invalid'
      : parsed.ok && label !== 'proto pollution' && label !== 'constructor pollution'
        ? jsonExpect(parsed.value)
        : 'invalid';
    cases.push({ label: `json ${label}`, expect, raw: { payload, contentType: 'application/json' } });
  }
  cases.push({
    label: 'json BOM + {}',
    expect: route.multipart ? 'invalid' : jsonExpect({}),
    raw: { payload: BOM_JSON, contentType: 'application/json' },
  });
  const asText = JSON.stringify(base ?? {});
  const contentTypes: [string, string | undefined, Expect][] = [
    ['text/plain', 'text/plain', schema || route.multipart ? 'invalid' : 'odd'],
    ['xml', 'application/xml', 'invalid'],
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'invalid'],
    ['json utf-16', 'application/json; charset=utf-16', 'odd'],
    ['no content type', undefined, schema || route.multipart ? 'invalid' : 'odd'],
    ['made-up type', 'application/x-dosar', 'invalid'],
  ];
  for (const [label, type, expect] of contentTypes)
    cases.push({ label: `content-type ${label}`, expect, raw: { payload: asText, contentType: type } });
  cases.push({
    label: 'body 2 MB',
    expect: 'invalid',
    raw: { payload: JSON.stringify({ name: 'x'.repeat(2 * MB) }), contentType: 'application/json' },
  });

  if (route.multipart) {
    cases.push(...multipartCases());
    return cases;
  }

  // wrong shapes for the whole body
  const shapes: [string, unknown][] = [
    ['array', [base ?? {}]],
    ['empty array', []],
    ['string', 'text'],
    ['number', 42],
    ['boolean', true],
  ];
  for (const [label, value] of shapes) cases.push({ label: `body ${label}`, expect: jsonExpect(value), json: value });
  // A JSON `null` body is "no payload": routes whose payload is optional may take it as {}.
  cases.push({
    label: 'body null',
    expect: jsonExpect({}) === 'odd' || jsonExpect(null) === 'odd' ? 'odd' : 'invalid',
    json: null,
  });

  // extra fields
  const extras: [string, Record<string, unknown>][] = [
    ['extra field', { zzz: 1 }],
    ['extra role', { role: 1 }],
    ['extra company_id', { company_id: world.tenants[2].company }],
    ['extra nested', { meta: { role: 1 } }],
  ];
  for (const [label, extra] of extras) {
    if (objSchema?.properties && Object.keys(extra).every((k) => k in (objSchema.properties ?? {}))) continue;
    const body = { ...(base ?? {}), ...extra };
    cases.push({ label: `body ${label}`, expect: jsonExpect(body), json: body });
  }

  // each property: wrong values and hostile strings
  for (const [prop, propSchema] of Object.entries(objSchema?.properties ?? {})) {
    for (const [label, value] of WRONG_VALUES) {
      const body = { ...(base ?? {}), [prop]: value };
      cases.push({ label: `${prop} ${label}`, expect: jsonExpect(body), json: body });
    }
    if (propSchema.type === 'string' || (Array.isArray(propSchema.type) && propSchema.type.includes('string'))) {
      for (const [label, value] of ODD_STRINGS) {
        const body = { ...(base ?? {}), [prop]: value };
        cases.push({ label: `${prop} ${label}`, expect: jsonExpect(body), json: body });
      }
    }
  }
  // paging fields of list bodies, even when the schema names them differently
  if (objSchema?.properties && ('page' in objSchema.properties || 'per_page' in objSchema.properties)) {
    for (const [label, q] of PAGING)
      cases.push({ label: `paging ${label}`, expect: 'invalid', json: { ...(base ?? {}), ...q } });
    for (const q of [{ page: 0 }, { per_page: 0 }])
      cases.push({
        label: `paging ${Object.keys(q)[0]} 0`,
        expect: jsonExpect({ ...(base ?? {}), ...q }),
        json: { ...(base ?? {}), ...q },
      });
  }
  // not a JSON route at all: multipart to a JSON call
  const mp = multipart([field('name', 'x')]);
  // A route whose body is optional may ignore a multipart body; one that needs fields must refuse it.
  const optional = !schema || validates(schema, null) || validates(schema, {});
  cases.push({
    label: 'multipart to a JSON route',
    expect: optional ? 'odd' : 'invalid',
    raw: { payload: mp.payload, contentType: mp.headers['content-type'] },
  });
  return cases;
}

/** Hostile uploads: broken multipart, hostile fields, wrong parts. */
function multipartCases(): Case[] {
  const pdf = tinyPdf('fisier');
  const cases: Case[] = [];
  const mp = (label: string, expect: Expect, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    cases.push({
      label: `multipart ${label}`,
      expect,
      raw: { payload: body.payload, contentType: body.headers['content-type'] },
    });
  };
  const good = multipart([field('title', 'T'), file('files[]', 'a.pdf', pdf, 'application/pdf')]);
  const boundary = good.headers['content-type'].split('boundary=')[1];
  cases.push({
    label: 'multipart without boundary',
    expect: 'invalid',
    raw: { payload: good.payload, contentType: 'multipart/form-data' },
  });
  cases.push({
    label: 'multipart wrong boundary',
    expect: 'invalid',
    raw: { payload: good.payload, contentType: 'multipart/form-data; boundary=nope' },
  });
  cases.push({
    label: 'multipart cut in half',
    expect: 'invalid',
    raw: {
      payload: good.payload.subarray(0, Math.floor(good.payload.length / 2)),
      contentType: good.headers['content-type'],
    },
  });
  cases.push({
    label: 'multipart no closing boundary',
    expect: 'invalid',
    raw: {
      payload: good.payload.subarray(0, good.payload.length - boundary.length - 6),
      contentType: good.headers['content-type'],
    },
  });
  cases.push({
    label: 'multipart garbage',
    expect: 'invalid',
    raw: { payload: Buffer.from('\u0000\u0001garbage'.repeat(100)), contentType: good.headers['content-type'] },
  });
  cases.push({
    label: 'multipart empty',
    expect: 'invalid',
    raw: { payload: Buffer.alloc(0), contentType: good.headers['content-type'] },
  });
  mp('fields only', 'invalid', [field('title', 'T'), field('period', '2026-01')]);
  mp('empty file', 'invalid', [field('title', 'T'), file('files[]', 'gol.pdf', Buffer.alloc(0), 'application/pdf')]);
  mp('html file', 'invalid', [
    field('title', 'T'),
    file('files[]', 'pagina.pdf', '<html><script>alert(1)</script></html>', 'application/pdf'),
  ]);
  mp('exe file', 'invalid', [
    field('title', 'T'),
    file('files[]', 'a.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), 'application/pdf'),
  ]);
  mp('100 KB period field', 'invalid', [
    field('title', 'T'),
    field('period', `2026-01${' '.repeat(100 * 1024)}x`),
    file('files[]', 'a.pdf', pdf),
  ]);
  mp('100 KB title field', 'odd', [field('title', 'x'.repeat(100 * 1024)), file('files[]', 'a.pdf', pdf)]);
  mp('60 fields', 'invalid', [
    ...Array.from({ length: 60 }, (_, i) => field(`f${i}`, 'x')),
    file('files[]', 'a.pdf', pdf),
  ]);
  mp('101 files', 'invalid', [
    field('title', 'T'),
    ...Array.from({ length: 101 }, (_, i) => file('files[]', `f${i}.pdf`, pdf)),
  ]);
  for (const [label, value] of [
    ['period 2026-13', '2026-13'],
    ['period text', 'ianuarie'],
    ['period NUL', '2026-01\u0000'],
    ['period path', '../../2026-01'],
    ['period 1999', '1999-01'],
    ['period 3000', '3000-01'],
  ] as const) {
    mp(label, 'invalid', [field('title', 'T'), field('period', value), file('files[]', 'a.pdf', pdf)]);
  }
  for (const [label, value] of [
    ['category_id text', 'abc'],
    ['category_id -1', '-1'],
    ['category_id 1e12', '1000000000000'],
    ['category_id other tenant', String(world.tenants[2].category)],
    ['category_id missing', '999999999'],
    ['category_id sql', '1 or 1=1'],
  ] as const) {
    mp(label, 'invalid', [field('title', 'T'), field('category_id', value), file('files[]', 'a.pdf', pdf)]);
  }
  for (const [label, value] of ODD_STRINGS.slice(0, 14)) {
    mp(`title ${label}`, 'odd', [field('title', value), field('description', value), file('files[]', 'a.pdf', pdf)]);
  }
  for (const [label, name] of [
    ['file name ../', '../../etc/passwd'],
    ['file name NUL', 'a\u0000.pdf'],
    ['file name 300 chars', `${'n'.repeat(300)}.pdf`],
    ['file name RTL', 'x\u202Efdp.exe'],
    ['file name empty', ''],
    ['file name dots', '...'],
  ] as const) {
    mp(label, 'odd', [field('title', 'T'), file('files[]', name, pdf, 'application/pdf')]);
  }
  return cases;
}

async function run(route: ApiRoute, c: Case): Promise<LightMyRequestResponse> {
  const caller = callerFor(route);
  const params = { ...defaultParams(route, caller), ...(c.params ?? {}) };
  const headers: Record<string, string> = { ...(c.anonymous ? {} : auth(caller)), ...(c.headers ?? {}) };
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: fill(route.url, params),
    headers,
    remoteAddress: freshAddress(),
  };
  if (c.query) options.query = c.query;
  if (route.method !== 'GET') {
    if (c.raw) {
      options.payload = c.raw.payload;
      if (c.raw.contentType) headers['content-type'] = c.raw.contentType;
    } else if (c.json !== undefined) {
      options.payload = JSON.stringify(c.json);
      headers['content-type'] = 'application/json';
    } else if (route.multipart) {
      const body = multipart([field('title', 'T'), file('files[]', 'a.pdf', tinyPdf('a'), 'application/pdf')]);
      options.payload = body.payload;
      headers['content-type'] = body.headers['content-type'];
    } else {
      const schema = bodySchemaOf(route);
      options.payload = JSON.stringify(schema ? sample(schema) : {});
      headers['content-type'] = 'application/json';
    }
  }
  return t.app.inject(options);
}

// Calls that take no input at all (no body, no parameters) have nothing hostile to send.
const NO_INPUT = ['POST /api/logout', 'POST /api/sessions/revoke-others', 'POST /api/email/verification-notification'];
const inScope = (route: ApiRoute): boolean => !NO_INPUT.includes(route.key) && !route.url.startsWith('/api/docs');

test('every hostile request answers 4xx (or, when the schema allows it, succeeds) with a Romanian message; never 5xx', async () => {
  const perRoute: string[] = [];
  for (const route of routes.filter(inScope)) {
    const cases = casesFor(route);
    const hasInput = route.params.length > 0 || route.method === 'POST' || route.schema.querystring !== undefined;
    if (hasInput && cases.length < MIN_CASES_PER_ROUTE) perRoute.push(`${route.key}: only ${cases.length} cases`);
    const caller = callerFor(route);
    for (const c of cases) {
      let res: LightMyRequestResponse;
      try {
        res = await run(route, c);
      } catch (error) {
        log.check(false, () => `${route.key} [${c.label}]: inject threw ${(error as Error).message}`);
        continue;
      }
      const problems = answerProblems(res, world, {
        tenant: c.anonymous ? null : caller.tenant,
        anonymous: Boolean(c.anonymous) || caller.role === 0,
      });
      if (c.expect === 'invalid' && (res.statusCode < 400 || res.statusCode >= 500))
        problems.unshift(`expected 4xx, got ${res.statusCode}`);
      if (
        res.statusCode >= 400 &&
        res.statusCode < 500 &&
        !isRomanian((safeJson(res) as { message?: unknown } | null)?.message)
      ) {
        // (answerProblems already reports it; keep one line per case)
      }
      log.check(
        problems.length === 0,
        () => `${route.key} [${c.label}] → ${res.statusCode}: ${problems.join('; ')} ${res.body.slice(0, 140)}`,
      );
    }
  }
  expect(perRoute).toEqual([]);
  expect(log.sample(80)).toEqual([]);
}, 1_200_000);

function safeJson(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return null;
  }
}

test('summary', () => {
  const covered = routes.filter(inScope).length;
  log.report(`${covered} routes`);
  expect(log.failures).toEqual([]);
});
