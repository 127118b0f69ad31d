import type { FastifyReply } from 'fastify';
import type { Actor } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { AppError, errors, type FieldErrors } from '../../infra/errors.js';
import { isEmail } from '../auth/policy.js';
import { emailTaken, normalizeEmail } from '../auth/repository.js';
import { EMAIL_TAKEN } from '../auth/service.js';
import { canDeleteDocument } from './policy.js';
import * as repo from './repository.js';
import { assertCanAddUser } from '../billing/index.js';
import { clientNotFound, loadClient as loadScopedClient } from '../clients/index.js';
import { toIso } from '../company/schemas.js';
import { documentNotFound, fileMissing, findClientMedia, sendFile } from '../files/index.js';

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

/** A live document of a client of the holding that the actor may delete, or 404/403. */
export async function authorizeDocumentDelete(
  ctx: Ctx,
  actor: Actor,
  client: { id: number; company_id: number },
  mediaId: number,
) {
  const document = await findClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!document) throw documentNotFound();
  if (!canDeleteDocument(actor, document)) {
    throw new AppError(403, 'forbidden', 'Poți șterge doar documentele încărcate de tine.');
  }
}

/** The client of the holding (in a linked company), or 404: the clients feature's one loader. */
export const loadClient = (ctx: Ctx, holdingId: number, clientId: number) =>
  loadScopedClient(ctx, { kind: 'holding', id: holdingId }, clientId);

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
