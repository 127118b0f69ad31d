import type { Actor } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { isEmail } from '../auth/policy.js';
import { emailTaken, normalizeEmail } from '../auth/repository.js';
import { EMAIL_TAKEN } from '../auth/service.js';
import { leavesHoldingWithoutAdmin } from './policy.js';
import * as repo from './repository.js';
import { assertCanAddClient, assertCanAddUser } from '../billing/index.js';
import { prepareSetPasswordMail } from '../company/set-password.js';
import { categorySet } from '../categories/index.js';
import { clientNotFound } from '../company/clients/service.js';
import { toIso } from '../company/schemas.js';
import { userNotFound } from '../company/users/service.js';
import {
  canDeleteDocument,
  currentPeriod,
  listClientMediaPage,
  listClientPeriods,
  presentMedia,
  uploadLimits,
} from '../documents/index.js';

/** Rules of the holding calls; routes validate and present, the repository queries. */

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config'>;

export const notFound = {
  client: clientNotFound,
  user: userNotFound,
  company: () => errors.notFound('Compania'),
};

export interface ListInput<S extends string> {
  page?: number | string;
  per_page?: number | string;
  search?: string;
  sort?: S;
  direction?: repo.Direction;
}

function pageOf<S extends string>(
  input: ListInput<S> | null | undefined,
  defaultDirection: repo.Direction = 'asc',
): repo.Page {
  const search = input?.search?.trim();
  return {
    page: Math.max(1, Number(input?.page ?? 1) || 1),
    perPage: Math.min(100, Math.max(1, Number(input?.per_page ?? 20) || 20)),
    search: search ? search : undefined,
    direction: input?.direction ?? defaultDirection,
  };
}

const meta = (page: repo.Page, total: number) => ({ page: page.page, per_page: page.perPage, total });

/** The last n months (YYYY-MM), the current one first; "current" as the files module sees it (Romanian time). */
export function lastPeriods(n: number, now = new Date()): string[] {
  const [year, month] = currentPeriod(now).split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const MONTHS_SHOWN = 6;

// ---- index ---------------------------------------------------------------

export async function listClients(
  ctx: Ctx,
  actor: Actor,
  holdingId: number,
  input: (ListInput<repo.ClientSort> & { company_id?: number }) | null | undefined,
) {
  const sort = input?.sort ?? 'name';
  const page = pageOf(input, sort === 'name' ? 'asc' : 'desc');
  const since = await repo.previousSeenAt(ctx.db, actor.id);
  const periods = lastPeriods(MONTHS_SHOWN);
  const { rows, total } = await repo.listClients(ctx.db, holdingId, {
    ...page,
    sort,
    companyId: input?.company_id,
    since,
  });
  const counts = await repo.monthlyCounts(
    ctx.db,
    holdingId,
    rows.map((r) => r.id),
    periods,
  );
  const countOf = (clientId: number, period: string) =>
    counts.find((c) => c.client_id === clientId && c.period === period)?.count ?? 0;
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      cui: r.cui,
      email: r.email,
      phone: r.phone,
      company: { id: r.company_id, name: r.company_name },
      documents_count: r.documents_count,
      new_count: r.new_count,
      last_upload_at: toIso(r.last_upload_at),
      months: periods.map((period) => ({ period, count: countOf(r.id, period) })),
    })),
    meta: { ...meta(page, total), since: toIso(since), periods },
  };
}

// ---- clients -------------------------------------------------------------

function presentClient(row: repo.ClientRowWithCompany) {
  return {
    id: row.id,
    name: row.name,
    cui: row.cui,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    company: { id: row.company_id, name: row.company_name },
    created_at: toIso(row.created_at) as string,
    updated_at: toIso(row.updated_at) as string,
  };
}

async function loadClient(ctx: Ctx, holdingId: number, clientId: number): Promise<repo.ClientRowWithCompany> {
  const client = await repo.findClient(ctx.db, holdingId, clientId);
  if (!client) throw notFound.client();
  return client;
}

export async function showClient(
  ctx: Ctx,
  actor: Actor,
  holdingId: number,
  clientId: number,
  filter: { period?: string; category_id?: number } | null | undefined,
) {
  const client = await loadClient(ctx, holdingId, clientId);
  const ids = { companyId: client.company_id, clientId };
  // The files module lists (company_id + client_id filtered); the client is already in the holding's scope.
  const [set, periods, documents] = await Promise.all([
    categorySet(ctx.db, client.company_id, holdingId),
    listClientPeriods(ctx.db, ids),
    listClientMediaPage(ctx.db, { ...ids, period: filter?.period ?? null, categoryId: filter?.category_id ?? null }),
  ]);
  return {
    client: { ...presentClient(client), documents_count: periods.reduce((sum, p) => sum + p.count, 0) },
    categories: set.categories,
    categories_inherited: set.inherited,
    periods: periods.map((p) => p.period),
    documents: documents.rows.map((row) => ({ ...presentMedia(row), can_delete: canDeleteDocument(actor, row) })),
    // More than DOCUMENTS_SHOWN matched: the newest are listed; a month or category filter shows the rest.
    documents_truncated: documents.truncated,
    upload_limits: uploadLimits(ctx.config.uploadMaxBytes),
  };
}

export interface ClientInput {
  company_id?: number;
  name?: string;
  cui?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

/** Trims the fields, turns blank optional ones into null and checks CUI and e-mail. */
function cleanClientInput(input: ClientInput): repo.ClientFields {
  const out: repo.ClientFields = {};
  const problems: FieldErrors = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) problems.name = ['Numele clientului este obligatoriu.'];
  }
  if (input.cui !== undefined) {
    out.cui = normalizeCui(input.cui);
    if (!isValidCui(out.cui)) problems.cui = ['CUI-ul nu este valid (cifra de control nu corespunde).'];
  }
  for (const field of ['email', 'phone', 'notes'] as const) {
    if (input[field] === undefined) continue;
    const value = input[field]?.trim() ?? '';
    out[field] = value === '' ? null : value;
  }
  if (out.email) {
    out.email = out.email.toLowerCase();
    if (!isEmail(out.email)) problems.email = ['Adresa de e-mail nu este validă.'];
  }
  if (out.phone && !/^[+0-9 ().-]{6,40}$/.test(out.phone)) problems.phone = ['Numărul de telefon nu este valid.'];
  if (Object.keys(problems).length) throw errors.validation(problems);
  return out;
}

const duplicateCui = () => errors.field('cui', 'Există deja un client cu acest CUI la compania aleasă.');

export async function storeClient(
  ctx: Ctx,
  holdingId: number,
  input: ClientInput & { company_id: number; name: string; cui: string },
) {
  const fields = cleanClientInput(input);
  if (!(await repo.isCompanyLinked(ctx.db, holdingId, input.company_id))) {
    throw errors.field('company_id', 'Compania aleasă nu colaborează cu grupul.');
  }
  if (await repo.clientCuiTaken(ctx.db, holdingId, input.company_id, fields.cui as string)) throw duplicateCui();
  await assertCanAddClient(ctx.db, { holdingId });
  const id = await repo.insertClient(ctx.db, holdingId, input.company_id, {
    ...fields,
    name: fields.name as string,
    cui: fields.cui as string,
  });
  return { message: 'Clientul a fost creat.', client: presentClient(await loadClient(ctx, holdingId, id)) };
}

export async function updateClient(ctx: Ctx, holdingId: number, clientId: number, input: ClientInput) {
  const client = await loadClient(ctx, holdingId, clientId);
  const fields = cleanClientInput(input);
  if (fields.cui && (await repo.clientCuiTaken(ctx.db, holdingId, client.company_id, fields.cui, clientId))) {
    throw duplicateCui();
  }
  await repo.updateClient(ctx.db, holdingId, clientId, fields);
  return { message: 'Clientul a fost actualizat.', client: presentClient(await loadClient(ctx, holdingId, clientId)) };
}

export async function deleteClient(ctx: Ctx, holdingId: number, clientId: number) {
  await loadClient(ctx, holdingId, clientId);
  await repo.softDeleteClient(ctx.db, holdingId, clientId);
  return { message: 'Clientul a fost șters.' };
}

// ---- linked companies ----------------------------------------------------

export async function listCompanies(ctx: Ctx, holdingId: number, input: ListInput<'name' | 'linked_at'> | undefined) {
  const page = pageOf(input);
  const { rows, total } = await repo.listCompanies(ctx.db, holdingId, { ...page, sort: input?.sort ?? 'name' });
  return {
    data: rows.map((r) => ({ ...r, linked_at: toIso(r.linked_at) as string })),
    meta: meta(page, total),
  };
}

export async function unlinkCompany(ctx: Ctx, holdingId: number, companyId: number) {
  if (!(await repo.unlinkCompany(ctx.db, holdingId, companyId))) throw notFound.company();
  return { message: 'Compania a fost eliminată din grup. Clienții și documentele rămân păstrate.' };
}

// ---- users ---------------------------------------------------------------

function presentUser(row: repo.HoldingUserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    has_password: row.has_password,
    last_seen_at: toIso(row.last_seen_at),
    created_at: toIso(row.created_at) as string,
  };
}

export async function listUsers(
  ctx: Ctx,
  holdingId: number,
  input: ListInput<'name' | 'email' | 'role' | 'created_at'> | undefined,
) {
  const page = pageOf(input);
  const { rows, total } = await repo.listUsers(ctx.db, holdingId, { ...page, sort: input?.sort ?? 'name' });
  return { data: rows.map(presentUser), meta: meta(page, total) };
}

interface UserInput {
  name?: string;
  email?: string;
  role?: 4 | 5;
}

function cleanUserInput(input: UserInput): UserInput {
  const out: UserInput = { ...input };
  const problems: FieldErrors = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) problems.name = ['Numele este obligatoriu.'];
  }
  if (input.email !== undefined) {
    out.email = normalizeEmail(input.email);
    if (!isEmail(out.email)) problems.email = ['Adresa de e-mail nu este validă.'];
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
  return out;
}

const emailInUse = () => errors.field('email', EMAIL_TAKEN);

/** Two requests racing for one e-mail: the unique index (users_email_unique) decides, the loser gets 422. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailInUse();
    throw error;
  }
}

export async function storeUser(ctx: Ctx, actor: Actor, holdingId: number, input: Required<UserInput>) {
  const fields = cleanUserInput(input) as Required<UserInput>;
  if (await emailTaken(ctx.db, fields.email)) throw emailInUse();
  await assertCanAddUser(ctx.db, { holdingId });
  const { id, mail } = await uniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertUser(trx, holdingId, fields);
      const holding = await trx
        .selectFrom('holdings')
        .select('name')
        .where('id', '=', holdingId)
        .executeTakeFirstOrThrow();
      const mail = await prepareSetPasswordMail(
        trx,
        ctx.config,
        { id, email: fields.email, name: fields.name },
        `${actor.name} ți-a creat un cont în portalul Dosar al grupului „${holding.name}”.`,
      );
      return { id, mail };
    }),
  );
  await ctx.mailer.send(mail);
  const user = await repo.findUser(ctx.db, holdingId, id);
  return {
    message: 'Utilizatorul a fost creat și a primit un e-mail pentru setarea parolei.',
    user: presentUser(user as repo.HoldingUserRow),
  };
}

export async function updateUser(ctx: Ctx, holdingId: number, userId: number, input: UserInput) {
  const fields = cleanUserInput(input);
  await uniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      const admins = await repo.lockAdmins(trx, holdingId);
      const target = await repo.findUser(trx, holdingId, userId);
      if (!target) throw notFound.user();
      if (leavesHoldingWithoutAdmin(admins, target, { role: fields.role })) {
        throw errors.field('role', 'Grupul trebuie să păstreze cel puțin un administrator (rolul 4).');
      }
      if (
        fields.email &&
        fields.email !== target.email.toLowerCase() &&
        (await emailTaken(trx, fields.email, userId))
      ) {
        throw emailInUse();
      }
      await repo.updateUser(trx, holdingId, userId, fields);
    }),
  );
  const user = await repo.findUser(ctx.db, holdingId, userId);
  return { message: 'Utilizatorul a fost actualizat.', user: presentUser(user as repo.HoldingUserRow) };
}

export async function deleteUser(ctx: Ctx, holdingId: number, userId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdmins(trx, holdingId);
    const target = await repo.findUser(trx, holdingId, userId);
    if (!target) throw notFound.user();
    if (leavesHoldingWithoutAdmin(admins, target, { deleted: true })) {
      throw errors.conflict('Nu poți șterge ultimul administrator (rolul 4) al grupului.');
    }
    await repo.softDeleteUser(trx, holdingId, userId);
  });
  return { message: 'Utilizatorul a fost șters.' };
}
