import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../../infra/auth.js';
import type { AppContext } from '../../../infra/context.js';
import { AppError, errors, type FieldErrors } from '../../../infra/errors.js';
import {
  insertMedia,
  receiveMultipart,
  sendFile,
  type ReceivedMultipart,
  type StoredUpload,
} from '../../files/index.js';
import { pageMeta, paging, toIso, type PagingInput } from '../schemas.js';
import * as repo from './repository.js';

export const utilNotFound = () => new AppError(404, 'not_found', 'Fișierul util nu a fost găsit.');

export function presentUtil(u: repo.UtilRow) {
  return {
    id: u.id,
    media_id: u.media_id,
    title: u.title,
    description: u.description,
    created_at: toIso(u.created_at) as string,
    updated_at: toIso(u.updated_at) as string,
    file: { name: u.original_name, mime: u.mime, size: Number(u.size) },
  };
}

export async function listUtils(ctx: AppContext, companyId: number, query: PagingInput) {
  const p = paging(query, 50);
  const { rows, total } = await repo.listUtils(ctx.db, {
    companyId,
    search: p.search,
    offset: p.offset,
    limit: p.perPage,
  });
  return { data: rows.map(presentUtil), meta: pageMeta(p, total) };
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
  const out: UtilFields = {};
  for (const key of Object.keys(input))
    if (key !== 'title' && key !== 'description') add(key, `Câmpul ${key} nu este permis.`);
  if (input.title !== undefined) {
    if (typeof input.title !== 'string') add('title', 'Câmpul titlu are un tip greșit.');
    else if (!input.title.trim()) add('title', 'Câmpul titlu este obligatoriu.');
    else if (input.title.trim().length > TITLE_MAX)
      add('title', `Câmpul titlu poate avea cel mult ${TITLE_MAX} caractere.`);
    else out.title = input.title.trim();
  } else if (requireTitle) add('title', 'Câmpul titlu este obligatoriu.');
  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== 'string')
      add('description', 'Câmpul descriere are un tip greșit.');
    else if (typeof input.description === 'string' && input.description.length > DESCRIPTION_MAX) {
      add('description', `Câmpul descriere poate avea cel mult ${DESCRIPTION_MAX} caractere.`);
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

const receiveUtil = (ctx: AppContext, request: FastifyRequest, companyId: number): Promise<ReceivedMultipart> =>
  receiveMultipart(ctx, request, { keyPrefix: `company-${companyId}/utils`, maxFiles: 1 });

/** storeUtil (multipart: title, description?, file): one file, stored before the rows are written. */
export async function createUtil(ctx: AppContext, request: FastifyRequest, actor: Actor, companyId: number) {
  const upload = await receiveUtil(ctx, request, companyId);
  try {
    const fields = parseUtilFields(upload.fields, true);
    if (upload.files.length !== 1) throw errors.field('file', 'Alege fișierul de încărcat.');
    const utilId = await ctx.db.transaction().execute(async (trx) => {
      const [mediaId] = await insertMedia(trx, [mediaValues(companyId, upload.files[0], actor.id)]);
      return repo.insertUtil(trx, {
        company_id: companyId,
        media_id: mediaId,
        title: fields.title as string,
        description: fields.description ?? null,
      });
    });
    return { data: presentUtil((await repo.findUtil(ctx.db, companyId, utilId)) as repo.UtilRow) };
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/**
 * utils/{id}/update: JSON {title?, description?} or multipart with the same
 * fields and an optional replacement file (the old file's row is soft-deleted).
 */
export async function updateUtil(
  ctx: AppContext,
  request: FastifyRequest,
  actor: Actor,
  companyId: number,
  utilId: number,
) {
  const existing = await repo.findUtil(ctx.db, companyId, utilId);
  if (!existing) throw utilNotFound();
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw errors.field('body', 'Corpul cererii trebuie să fie un obiect.');
    const fields = parseUtilFields(body as Record<string, unknown>, false);
    await repo.updateUtil(ctx.db, companyId, utilId, fields);
    return { data: presentUtil((await repo.findUtil(ctx.db, companyId, utilId)) as repo.UtilRow) };
  }
  const upload = await receiveUtil(ctx, request, companyId);
  try {
    const fields = parseUtilFields(upload.fields, false);
    const file = upload.files[0];
    await ctx.db.transaction().execute(async (trx) => {
      let mediaId: number | undefined;
      if (file) {
        [mediaId] = await insertMedia(trx, [mediaValues(companyId, file, actor.id)]);
        await repo.softDeleteMedia(trx, companyId, existing.media_id);
      }
      await repo.updateUtil(trx, companyId, utilId, { ...fields, ...(mediaId ? { media_id: mediaId } : {}) });
    });
    return { data: presentUtil((await repo.findUtil(ctx.db, companyId, utilId)) as repo.UtilRow) };
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** utils/{mediaId}: the file of a live utility file of the company. */
export async function downloadUtil(ctx: AppContext, reply: FastifyReply, companyId: number, mediaId: number) {
  const util = await repo.findUtilByMedia(ctx.db, companyId, mediaId);
  if (!util) throw utilNotFound();
  return sendFile(reply, ctx.storage, util);
}

export async function deleteUtil(ctx: AppContext, companyId: number, utilId: number) {
  const existing = await repo.findUtil(ctx.db, companyId, utilId);
  if (!existing) throw utilNotFound();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.softDeleteUtil(trx, companyId, utilId);
    await repo.softDeleteMedia(trx, companyId, existing.media_id);
  });
  return { message: 'Fișierul util a fost șters.' };
}
