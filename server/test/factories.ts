// Test factories: each call makes a fresh tenant (or a thing inside one) with unique names, through the
// HTTP API the product offers, so a test states what it needs instead of finding it in the demo world.
// Only what the API has no door for is written straight in a table that migrations define (linking an
// existing holding to another company). Every factory answers ids and signed-in actors ready for api().
// JSON answers are read the way fastify's res.json() gives them: as any.
/* eslint-disable @typescript-eslint/no-explicit-any */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.js';
import { file, multipart, type MultipartPart } from './multipart.js';
import { tinyPdf } from '../src/seed.js';
import { hashPassword } from '../src/infra/passwords.js';

export const PASSWORD = 'Factura2026!';

// ---------------------------------------------------------------- the request helper

/** Anyone who can send a request: a signed-in actor (token) or nobody. */
export interface Caller {
  token?: string | null;
}

export interface Answer<T = any> {
  status: number;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: T;
  text: string;
  headers: LightMyRequestResponse['headers'];
  res: LightMyRequestResponse;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** The caller's address (each factory-made sign-in has its own, so rate limits meet only tests about them). */
  remoteAddress?: string;
}

export interface Api {
  as(caller: Caller | string | null | undefined): Api;
  get<T = any>(url: string, options?: RequestOptions): Promise<Answer<T>>;
  post<T = any>(url: string, body?: unknown, options?: RequestOptions): Promise<Answer<T>>;
  /** multipart/form-data: fields first, then the files (the order the server reads them in). */
  upload<T = any>(url: string, parts: MultipartPart[], options?: RequestOptions): Promise<Answer<T>>;
}

function answer<T>(res: LightMyRequestResponse): Answer<T> {
  let json: T;
  try {
    json = res.json() as T;
  } catch {
    json = undefined as T;
  }
  return { status: res.statusCode, json, text: res.body, headers: res.headers, res };
}

/** `api(t).as(user).post('/api/…', body)` → `{status, json, text, headers}`. */
export function api(t: Pick<TestApp, 'app'>, token: string | null = null): Api {
  const headers = (options?: RequestOptions): Record<string, string> => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...options?.headers,
  });
  const address = (options?: RequestOptions) =>
    options?.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  return {
    as: (caller) => api(t, typeof caller === 'string' ? caller : (caller?.token ?? null)),
    get: async (url, options) =>
      answer(await t.app.inject({ method: 'GET', url, headers: headers(options), ...address(options) })),
    post: async (url, body, options) =>
      answer(
        await t.app.inject({
          method: 'POST',
          url,
          headers: headers(options),
          ...address(options),
          ...(body === undefined ? {} : { payload: body as object }),
        }),
      ),
    upload: async (url, parts, options) => {
      const form = multipart(parts);
      return answer(
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers(options), ...form.headers },
          payload: form.payload,
          ...address(options),
        }),
      );
    },
  };
}

/** Throws with the status and body unless the answer is the expected one (factories never go on silently). */
export function expectStatus<T>(res: Answer<T>, status: number, what: string): Answer<T> {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

// ---------------------------------------------------------------- unique names

let counter = 0;
const runTag = crypto.randomBytes(3).toString('hex');

/** A short tag unique in this test file (and, by its random part, across files on one PostgreSQL server). */
export function unique(): string {
  counter += 1;
  return `${runTag}${counter}`;
}

const CUI_KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];
/** A valid Romanian CUI (control digit) from up to 9 base digits. */
export function cuiFrom(base: string | number): string {
  const digits = String(base).padStart(9, '0').slice(-9).split('').map(Number);
  const control = ((digits.reduce((acc, d, i) => acc + d * CUI_KEY[i], 0) * 10) % 11) % 10;
  return `${Number(digits.join(''))}${control}`;
}
/** A fresh valid CUI, different on every call. */
export const uniqueCui = (): string => cuiFrom(crypto.randomInt(10_000_000, 999_999_999));

let addressCounter = 0;
/** A fresh caller address: per-IP limits (registration, sign-in) never meet a factory. */
export const freshAddress = (): string => {
  addressCounter += 1;
  return `10.${200 + (addressCounter >> 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

// ---------------------------------------------------------------- actors

export interface Actor {
  id: number;
  name: string;
  email: string;
  role: number;
  company_id: number | null;
  holding_id: number | null;
  token: string;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<Actor> {
  const res = expectStatus(
    await api(t).post('/api/login', { email, password }, { remoteAddress: freshAddress() }),
    200,
    `sign-in ${email}`,
  );
  const { user, token } = res.json as { user: Omit<Actor, 'token'>; token: string };
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    company_id: user.company_id ?? null,
    holding_id: user.holding_id ?? null,
    token,
  };
}

/** An invited account sets its password with the link of its invitation e-mail, then signs in. */
export async function acceptInvitation(t: TestApp, email: string, password = PASSWORD): Promise<Actor> {
  const mails = t.mail.to(email);
  const html = mails.map((m) => m.html).reverse();
  const link = html.map((h) => /reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(h)).find(Boolean);
  if (!link) throw new Error(`no invitation e-mail for ${email} (${mails.length} message(s))`);
  expectStatus(
    await api(t).post(
      '/api/password/reset',
      { token: link[1], email, password, password_confirmation: password },
      { remoteAddress: freshAddress() },
    ),
    200,
    `set the password of ${email}`,
  );
  return signIn(t, email, password);
}

/**
 * A platform administrator (role 1), signed in. Administrators are made by the CLI (admin:create), not
 * over HTTP, so the row is written in users with a hashed password.
 */
export async function createAdmin(t: TestApp, fields: { name?: string; email?: string } = {}): Promise<Actor> {
  const tag = unique();
  const email = fields.email ?? `admin-${tag}@dosar.test`;
  await t.ctx.db
    .insertInto('users')
    .values({
      name: fields.name ?? `Administrator ${tag}`,
      email,
      password_hash: await hashPassword(PASSWORD),
      role: 1,
      company_id: null,
      holding_id: null,
    })
    .execute();
  return signIn(t, email, PASSWORD);
}

// ---------------------------------------------------------------- tenants

export interface Company {
  id: number;
  name: string;
  cui: string;
  /** The owner (role 2) who registered it, signed in. */
  owner: Actor;
}

/** A new company registered through the public form: active, on its trial plan, its owner signed in. */
export async function createCompany(
  t: TestApp,
  fields: { name?: string; cui?: string; email?: string; ownerName?: string; ownerEmail?: string } = {},
): Promise<Company> {
  const tag = unique();
  const name = fields.name ?? `Firma ${tag} SRL`;
  const cui = fields.cui ?? uniqueCui();
  const email = fields.ownerEmail ?? `owner-${tag}@firma.test`;
  const res = expectStatus(
    await api(t).post(
      '/api/company/create',
      {
        company_name: name,
        cui,
        company_email: fields.email ?? `office-${tag}@firma.test`,
        name: fields.ownerName ?? `Proprietar ${tag}`,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
      { remoteAddress: freshAddress() },
    ),
    201,
    `register ${name}`,
  );
  const { user, token } = res.json as { user: Omit<Actor, 'token'> & { company: { id: number } }; token: string };
  const owner: Actor = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    company_id: user.company_id ?? user.company.id,
    holding_id: null,
    token,
  };
  await verifyEmail(t, email);
  return { id: owner.company_id as number, name, cui, owner };
}

/** Opens the newest link of a mail to `email` whose URL matches `path` ('verify-email', 'confirm-email', 'undo-email'). */
export function mailedToken(t: TestApp, email: string, path: string): string {
  const pattern = new RegExp(`${path}/([A-Za-z0-9_-]+)`);
  const found = t.mail
    .to(email)
    .map((m) => pattern.exec(m.html))
    .reverse()
    .find(Boolean);
  if (!found) throw new Error(`no ${path} link mailed to ${email}`);
  return found[1];
}

/** Proves an address the way its owner does: the verification link of the newest such mail, opened. */
export async function verifyEmail(t: TestApp, email: string): Promise<void> {
  expectStatus(
    await api(t).post(
      '/api/email/verify',
      { token: mailedToken(t, email, 'verify-email') },
      { remoteAddress: freshAddress() },
    ),
    200,
    `verify ${email}`,
  );
}

export interface Holding {
  id: number;
  name: string;
  cui: string;
  email: string;
  /** The company that created it (always linked). */
  company: Company;
  /** Its administrator (role 4), invited by the company and signed in; absent with `{admin: false}`. */
  admin: Actor | null;
}

export interface Client {
  id: number;
  name: string;
  cui: string;
  company_id: number;
  holding_id: number | null;
}

/**
 * A new holding, born the way the product makes them: a company creates a client with `new_holding`.
 * Answers that first client too. Its administrator (role 4) is invited through the company's
 * notify call and signs in, unless `{admin: false}`.
 */
export async function createHolding(
  t: TestApp,
  company: Company,
  options: {
    name?: string;
    cui?: string;
    email?: string;
    admin?: boolean;
    /** Fields of the first client (the one that brings the holding in). */
    client?: { name?: string; cui?: string; notes?: string; email?: string };
  } = {},
): Promise<Holding & { client: Client }> {
  const tag = unique();
  const name = options.name ?? `Holding ${tag}`;
  const cui = options.cui ?? uniqueCui();
  const email = options.email ?? `holding-${tag}@holding.test`;
  const client = await createClient(t, company, { ...options.client, new_holding: { name, cui, email } });
  const holdingId = client.holding_id as number;
  let admin: Actor | null = null;
  if (options.admin !== false) {
    expectStatus(
      await api(t)
        .as(company.owner)
        .post(`/api/company/${company.id}/holdings/${holdingId}/notify`, { message: 'Bun venit' }),
      200,
      `invite the administrator of ${name}`,
    );
    admin = await acceptInvitation(t, email);
  }
  return { id: holdingId, name, cui, email, company, admin, client };
}

/**
 * Links an existing holding to another company. The product links a holding to a company only when
 * one is born from the other (a client's `new_holding`, a company request); there is no call that
 * joins two existing tenants, so the link row is written directly.
 */
export async function linkHolding(
  t: TestApp,
  holding: Pick<Holding, 'id'>,
  company: Pick<Company, 'id'>,
): Promise<void> {
  await t.ctx.db
    .insertInto('company_holding')
    .values({ company_id: company.id, holding_id: holding.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A new client of a company (created by its owner), optionally inside a holding linked to it; or, given
 * a holding, created on the holding's side for one of its companies (default: the one that made it).
 */
export async function createClient(
  t: TestApp,
  tenant: Company | Holding,
  fields: {
    name?: string;
    cui?: string;
    email?: string | null;
    phone?: string | null;
    notes?: string | null;
    holding_id?: number | null;
    new_holding?: { name: string; cui?: string | null; email?: string | null };
    company_id?: number;
  } = {},
): Promise<Client> {
  const tag = unique();
  const { company_id: companyId, ...rest } = fields;
  const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as typeof rest;
  const body = { name: `Client ${tag} SRL`, cui: uniqueCui(), email: `client-${tag}@client.test`, ...given };
  if ('owner' in tenant) {
    const res = expectStatus(
      await api(t).as(tenant.owner).post(`/api/company/${tenant.id}/createClient`, body),
      201,
      `create client ${body.name}`,
    );
    const data = res.json.data as { id: number; holding: { id: number } | null };
    return {
      id: data.id,
      name: body.name,
      cui: body.cui,
      company_id: tenant.id,
      holding_id: data.holding?.id ?? null,
    };
  }
  if (!tenant.admin) throw new Error(`createClient: holding ${tenant.name} has no signed-in administrator`);
  const { holding_id: _ignored, new_holding: _none, ...holdingBody } = body;
  void _ignored;
  void _none;
  const company = companyId ?? tenant.company.id;
  const res = expectStatus(
    await api(t)
      .as(tenant.admin)
      .post(`/api/holding/${tenant.id}/clients/store`, { company_id: company, ...holdingBody }),
    201,
    `create client ${body.name} on holding ${tenant.name}`,
  );
  // The holding side answers {message, client}.
  const data = (res.json.client ?? res.json.data) as { id: number };
  return { id: data.id, name: body.name, cui: body.cui, company_id: company, holding_id: tenant.id };
}

/**
 * A new user of a company (roles 2, 3; added by the owner) or of a holding (roles 4, 5; added by its
 * administrator), who accepts the invitation e-mail and signs in.
 */
export async function createUser(
  t: TestApp,
  tenant: Company | Holding,
  fields: { role?: number; name?: string; email?: string } = {},
): Promise<Actor> {
  const tag = unique();
  const isCompany = 'owner' in tenant;
  const role = fields.role ?? (isCompany ? 3 : 5);
  const email = fields.email ?? `user-${tag}@${isCompany ? 'firma' : 'holding'}.test`;
  const body = { name: fields.name ?? `Utilizator ${tag}`, email, role };
  const by = isCompany ? tenant.owner : tenant.admin;
  if (!by) throw new Error(`createUser: holding ${tenant.name} has no signed-in administrator`);
  const url = isCompany ? `/api/company/${tenant.id}/storeUser` : `/api/holding/${tenant.id}/storeUser`;
  expectStatus(await api(t).as(by).post(url, body), 201, `add user ${email}`);
  return acceptInvitation(t, email);
}

export interface Document {
  id: number;
  name: string;
  size: number;
  sha256: string;
  period: string | null;
  category_id: number | null;
}

/** Uploads one document for a client through the uploader's door (company or holding). */
export async function uploadDocument(
  t: TestApp,
  uploader: Actor,
  client: Pick<Client, 'id'>,
  options: { name?: string; body?: Buffer; mime?: string; period?: string; category_id?: number | null } = {},
): Promise<Document> {
  const door = uploader.holding_id ? `holding/${uploader.holding_id}` : `company/${uploader.company_id}`;
  const name = options.name ?? `document-${unique()}.pdf`;
  const body = options.body ?? tinyPdf(name);
  const parts: MultipartPart[] = [];
  if (options.category_id) parts.push({ name: 'category_id', value: String(options.category_id) });
  if (options.period) parts.push({ name: 'period', value: options.period });
  parts.push(file('files[]', name, body, options.mime ?? 'application/pdf'));
  const res = expectStatus(
    await api(t).as(uploader).upload(`/api/${door}/clients/${client.id}/storeFiles`, parts),
    201,
    `upload ${name}`,
  );
  const row = (res.json.data as (Document & { size: number })[])[0];
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    sha256: row.sha256,
    period: row.period,
    category_id: row.category_id,
  };
}

// ---------------------------------------------------------------- categories and utility files
// (added with the company-users, users, clients and documents suites moving to factories)

export interface Category {
  id: number;
  name: string;
  position: number;
  holding_id: number | null;
}

/**
 * A company's category set as its owner sees it (GET categories): the company's own set, or with
 * `holdingId` the set its clients in that holding see (the company's, until the holding has its own).
 * Registration gives every company the default set, so this is where a test finds category ids.
 */
export async function companyCategories(t: TestApp, company: Company, holdingId?: number): Promise<Category[]> {
  const query = holdingId === undefined ? '' : `?holding_id=${holdingId}`;
  const res = expectStatus(
    await api(t).as(company.owner).get(`/api/company/${company.id}/categories${query}`),
    200,
    `categories of ${company.name}`,
  );
  return res.json.data as Category[];
}

/** A company's document categories, in their order (a new company gets the default ones). */
export async function categoriesOf(t: TestApp, company: Company): Promise<Category[]> {
  return companyCategories(t, company);
}

export interface UtilityFile {
  id: number;
  /** The id its download uses (utils/{mediaId}). */
  media_id: number;
  title: string;
  description: string | null;
}

/** A utility file of a company (a form, a contract model), stored by its owner through storeUtil. */
export async function createUtilityFile(
  t: TestApp,
  company: Company,
  options: { title?: string; description?: string; name?: string; body?: Buffer | string; mime?: string } = {},
): Promise<UtilityFile> {
  const title = options.title ?? `Model ${unique()}`;
  const name = options.name ?? `${title}.txt`;
  const parts: MultipartPart[] = [{ name: 'title', value: title }];
  if (options.description !== undefined) parts.push({ name: 'description', value: options.description });
  parts.push(file('file', name, options.body ?? `${title}\nCompletați datele firmei.\n`, options.mime ?? 'text/plain'));
  const res = expectStatus(
    await api(t).as(company.owner).upload(`/api/company/${company.id}/storeUtil`, parts),
    201,
    `utility file ${title}`,
  );
  const data = res.json.data as { id: number; media_id: number };
  return { id: data.id, media_id: data.media_id, title, description: options.description ?? null };
}

/**
 * Invites the administrator of a holding made with `{admin: false}` (the company's notify call); the
 * administrator sets a password and signs in. For tests whose administrator must sign in for the first
 * time after the world is built (documents count as new since the previous sign-in).
 */
export async function inviteHoldingAdmin(
  t: TestApp,
  holding: Omit<Holding, 'admin'>,
): Promise<Omit<Holding, 'admin'> & { admin: Actor }> {
  const { company } = holding;
  expectStatus(
    await api(t)
      .as(company.owner)
      .post(`/api/company/${company.id}/holdings/${holding.id}/notify`, { message: 'Bun venit' }),
    200,
    `invite the administrator of ${holding.name}`,
  );
  return { ...holding, admin: await acceptInvitation(t, holding.email) };
}

/** A company's category ids by name (registration gives every company the default set). */
export async function categoryIdsByName(t: TestApp, company: Company): Promise<Record<string, number>> {
  return Object.fromEntries((await categoriesOf(t, company)).map((c) => [c.name, c.id]));
}

// ---------------------------------------------------------------- the month as a whole

/**
 * Makes a client's month whole as its firm would before closing it (docs/api/month.md, "Months as a
 * whole"): every item not accepted is marked „Nu se aplică” (documents of it awaiting review kept outside
 * the checklist), then every document of the month still awaiting review (of an item already marked, or
 * outside the checklist) is accepted. `owner` is one of
 * the firm's people (role 2 or 3).
 */
export async function makeMonthWhole(
  t: TestApp,
  owner: { token: string | null; company_id: number | null },
  clientId: number,
  period: string,
): Promise<void> {
  const clientUrl = `/api/company/${owner.company_id}/clients/${clientId}`;
  const read = async () =>
    expectStatus(await api(t).as(owner).post(`${clientUrl}/checklist`, { period }), 200, `checklist ${period}`)
      .json as {
      data: { id: number; status: string; documents: { id: number; review_status: string }[] }[];
      extra: { id: number; review_status: string }[];
    };
  for (const item of (await read()).data) {
    if (item.status === 'accepted' || item.status === 'not_applicable') continue;
    expectStatus(
      await api(t)
        .as(owner)
        .post(`${clientUrl}/checklist/${item.id}/not-applicable`, { note: 'Nu se aplică', pending_documents: 'keep' }),
      200,
      `not applicable ${item.id}`,
    );
  }
  const month = await read();
  const pending = [...month.data.flatMap((item) => item.documents), ...month.extra]
    .filter((d) => d.review_status === 'pending')
    .map((d) => d.id);
  if (pending.length) {
    expectStatus(
      await api(t).as(owner).post(`/api/company/${owner.company_id}/review`, { ids: pending, status: 'accepted' }),
      200,
      'accept the month’s other documents',
    );
  }
}

/** Makes the month whole (makeMonthWhole) and closes it as the firm's owner. */
export async function closeWholeMonth(t: TestApp, owner: Actor, clientId: number, period: string): Promise<void> {
  await makeMonthWhole(t, owner, clientId, period);
  expectStatus(
    await api(t).as(owner).post(`/api/company/${owner.company_id}/clients/${clientId}/periods/${period}/close`),
    200,
    `close ${period}`,
  );
}
