import type { FastifyReply } from 'fastify';
import type { Actor } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { AppError, errors, type FieldErrors } from '../../infra/errors.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { isEmail } from '../auth/policy.js';
import { canDeleteDocument } from './policy.js';
import * as repo from './repository.js';
import { assertCanAddClient } from '../billing/index.js';
import { effectiveSet } from '../company/categories/repository.js';
import { presentCategory } from '../company/categories/presenter.js';
import { clientNotFound } from '../company/clients/service.js';
import { toIso } from '../company/schemas.js';
import {
  currentPeriod,
  documentNotFound,
  fileMissing,
  findClientMedia,
  listClientMediaPage,
  listClientPeriods,
  presentMedia,
  sendFile,
  uploadLimits,
} from '../files/index.js';

/** Rules of the holding calls; routes validate and present, the repository queries. */

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config'>;

export const notFound = {
  client: clientNotFound,
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
    effectiveSet(ctx.db, client.company_id, holdingId),
    listClientPeriods(ctx.db, ids),
    listClientMediaPage(ctx.db, { ...ids, period: filter?.period ?? null, categoryId: filter?.category_id ?? null }),
  ]);
  return {
    client: { ...presentClient(client), documents_count: periods.reduce((sum, p) => sum + p.count, 0) },
    categories: set.categories.map(presentCategory),
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

/** A live document of a client of the holding that the actor may delete, or 404/403. */
export async function authorizeDocumentDelete(
  ctx: Ctx,
  actor: Actor,
  client: repo.ClientRowWithCompany,
  mediaId: number,
) {
  const document = await findClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!document) throw documentNotFound();
  if (!canDeleteDocument(actor, document)) {
    throw new AppError(403, 'forbidden', 'Poți șterge doar documentele încărcate de tine.');
  }
}

export { loadClient };

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

// ---- utility files -------------------------------------------------------

export async function listUtils(
  ctx: Ctx,
  holdingId: number,
  input: (ListInput<'title' | 'created_at'> & { company_id?: string }) | undefined,
) {
  const sort = input?.sort ?? 'title';
  const page = pageOf(input, sort === 'title' ? 'asc' : 'desc');
  const { rows, total } = await repo.listUtils(ctx.db, holdingId, {
    ...page,
    sort,
    companyId: input?.company_id ? Number(input.company_id) : undefined,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      media_id: r.media_id,
      title: r.title,
      description: r.description,
      company: { id: r.company_id, name: r.company_name },
      original_name: r.original_name,
      mime: r.mime,
      size: r.size,
      created_at: toIso(r.created_at) as string,
      updated_at: toIso(r.updated_at) as string,
    })),
    meta: meta(page, total),
  };
}

/** POST utils/{mediaId}: the file of a utility file of a company linked to the holding; else 404. */
export async function sendUtilityFile(
  ctx: Ctx & Pick<AppContext, 'storage'>,
  reply: FastifyReply,
  holdingId: number,
  mediaId: number,
) {
  const media = await repo.findUtilityMedia(ctx.db, holdingId, mediaId);
  if (!media) throw fileMissing();
  return sendFile(reply, ctx.storage, media);
}
