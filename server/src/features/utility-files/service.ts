import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { paging, pagedList, toIso } from '../../lib/paging.js';
import {
  assertFits,
  checkBeforeUpload,
  receiveMultipart,
  sendFile,
  storageTenants,
  type ReceivedMultipart,
  type StoredUpload,
} from '../documents/index.js';
import type { TenantScope } from '../doors/index.js';
import { withTenantsLocked } from '../billing/index.js';
import * as repo from './repository.js';

/**
 * Utility files (templates, forms a company shares with its staff and the holdings it works with):
 * one list and one download for both doors, scoped by the caller's tenant; the company door also
 * creates, edits and deletes them, within its plan's storage like any upload.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;

export const utilNotFound = () => errors.notFound('Fișierul util');

/** One shape on both doors: the file as `file` and, flat, as the holding screens read it, with its company. */
export function presentUtil(u: repo.UtilRow) {
  const size = Number(u.size);
  return {
    id: u.id,
    media_id: u.media_id,
    title: u.title,
    description: u.description,
    company: { id: u.company_id, name: u.company_name },
    file: { name: u.original_name, mime: u.mime, size },
    original_name: u.original_name,
    mime: u.mime,
    size,
    created_at: toIso(u.created_at) as string,
    updated_at: toIso(u.updated_at) as string,
  };
}

export interface UtilListInput {
  page?: string;
  per_page?: string;
  search?: string;
  sort?: repo.UtilSort;
  direction?: 'asc' | 'desc';
  company_id?: string;
}

/** GET utils: by title (A→Z) unless sorted by date (newest first); the holding may narrow to one company. */
export async function listUtils(ctx: Ctx, scope: TenantScope, query: UtilListInput) {
  const sort = query.sort ?? 'title';
  const p = paging({
    page: query.page ? Number(query.page) : undefined,
    per_page: query.per_page ? Number(query.per_page) : undefined,
    search: query.search,
  });
  const { rows, total } = await repo.listUtils(ctx.db, scope, {
    search: p.search,
    offset: p.offset,
    limit: p.perPage,
    sort,
    direction: query.direction ?? (sort === 'title' ? 'asc' : 'desc'),
    companyId: query.company_id ? Number(query.company_id) : undefined,
  });
  return pagedList(rows.map(presentUtil), p, total);
}

/** utils/{mediaId}: the file of a live utility file in the scope. */
export async function downloadUtil(ctx: Ctx, scope: TenantScope, reply: FastifyReply, mediaId: number) {
  const util = await repo.findUtilByMedia(ctx.db, scope, mediaId);
  if (!util) throw utilNotFound();
  return sendFile(reply, ctx.storage, util);
}

/** The company whose utility files the scope edits (only the company door offers the edits). */
function companyOf(scope: TenantScope): number {
  if (scope.kind !== 'company') throw errors.forbidden();
  return scope.id;
}

interface UtilFields {
  title?: string;
  description?: string | null;
}

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;

/** title / description from a form or a JSON body, with Romanian field errors; unknown fields refused. */
function parseUtilFields(input: Record<string, unknown>, requireTitle: boolean): UtilFields {
  const problems: FieldErrors = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  const text = fieldMessages.utilityFiles;
  const out: UtilFields = {};
  for (const key of Object.keys(input)) if (key !== 'title' && key !== 'description') add(key, text.notAllowed(key));
  if (input.title !== undefined) {
    if (typeof input.title !== 'string') add('title', text.titleWrongType);
    else if (!input.title.trim()) add('title', text.titleRequired);
    else if (input.title.trim().length > TITLE_MAX) add('title', text.titleTooLong(TITLE_MAX));
    else out.title = input.title.trim();
  } else if (requireTitle) add('title', text.titleRequired);
  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== 'string')
      add('description', text.descriptionWrongType);
    else if (typeof input.description === 'string' && input.description.length > DESCRIPTION_MAX) {
      add('description', text.descriptionTooLong(DESCRIPTION_MAX));
    } else
      out.description =
        typeof input.description === 'string' && input.description.trim() ? input.description.trim() : null;
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
  return out;
}

const mediaValues = (companyId: number, file: StoredUpload, uploadedBy: number) => ({
  company_id: companyId,
  client_id: null,
  category_id: null,
  period: null,
  original_name: file.name,
  mime: file.mime,
  size: file.size,
  sha256: file.sha256,
  storage_key: file.key,
  uploaded_by: uploadedBy,
});

/**
 * Receives a utility file upload (one file at most), refused early when the declared size or the
 * bytes streamed pass the company's plan storage (documents/storage-limits.ts). The final check on
 * the bytes received is `store`'s, under the company's lock.
 */
async function receiveUtil(ctx: Ctx, request: FastifyRequest, companyId: number): Promise<ReceivedMultipart> {
  const tenants = storageTenants({ kind: 'company', id: companyId }, companyId);
  const totalLimit = await checkBeforeUpload(ctx.db, tenants, request);
  return receiveMultipart(ctx, request, { keyPrefix: `company-${companyId}/utils`, maxFiles: 1, totalLimit });
}

/**
 * Writes what an upload brought under the company's lock, after checking its bytes fit: parallel
 * uploads take the room one after the other and never pass the plan's storage together.
 */
function store<T>(ctx: Ctx, companyId: number, upload: ReceivedMultipart, write: (trx: Db) => Promise<T>) {
  const tenants = storageTenants({ kind: 'company', id: companyId }, companyId);
  const bytes = upload.files.reduce((sum, f) => sum + f.size, 0);
  return withTenantsLocked(ctx.db, tenants, async (trx) => {
    await assertFits(trx, tenants, bytes);
    return write(trx);
  });
}

async function present(ctx: Ctx, companyId: number, utilId: number) {
  return { data: presentUtil((await repo.findUtil(ctx.db, companyId, utilId)) as repo.UtilRow) };
}

/** storeUtil (multipart: title, description?, file): one file, stored before the rows are written. */
export async function createUtil(ctx: Ctx, scope: TenantScope, request: FastifyRequest) {
  const companyId = companyOf(scope);
  const upload = await receiveUtil(ctx, request, companyId);
  try {
    const fields = parseUtilFields(upload.fields, true);
    if (upload.files.length !== 1) throw errors.field('file', fieldMessages.utilityFiles.noFile);
    const media = mediaValues(companyId, upload.files[0], scope.actor.id);
    const utilId = await store(ctx, companyId, upload, (trx) =>
      repo.insertUtil(trx, media, {
        company_id: companyId,
        title: fields.title as string,
        description: fields.description ?? null,
      }),
    );
    return await present(ctx, companyId, utilId);
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/**
 * utils/{id}/update: JSON {title?, description?} or multipart with the same fields and an optional
 * replacement file (the old file's row is soft-deleted).
 */
export async function updateUtil(ctx: Ctx, scope: TenantScope, request: FastifyRequest, utilId: number) {
  const companyId = companyOf(scope);
  const existing = await repo.findUtil(ctx.db, companyId, utilId);
  if (!existing) throw utilNotFound();
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw errors.field('body', fieldMessages.utilityFiles.bodyNotObject);
    const patch = parseUtilFields(body as Record<string, unknown>, false);
    await ctx.db.transaction().execute((trx) => repo.updateUtil(trx, existing, patch));
    return present(ctx, companyId, utilId);
  }
  const upload = await receiveUtil(ctx, request, companyId);
  try {
    const fields = parseUtilFields(upload.fields, false);
    const file = upload.files[0];
    const replacement = file ? mediaValues(companyId, file, scope.actor.id) : undefined;
    await store(ctx, companyId, upload, (trx) => repo.updateUtil(trx, existing, fields, replacement));
    return await present(ctx, companyId, utilId);
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

export async function deleteUtil(ctx: Ctx, scope: TenantScope, utilId: number) {
  const existing = await repo.findUtil(ctx.db, companyOf(scope), utilId);
  if (!existing) throw utilNotFound();
  await repo.softDeleteUtil(ctx.db, existing);
  return { message: 'Fișierul util a fost șters.' };
}
