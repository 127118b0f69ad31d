import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import type { Actor } from '../../infra/auth.js';
import { AppError } from '../../infra/errors.js';
import { sendFile, sendZip } from './download.js';
import { findClientMedia, listClientMedia, softDeleteClientMedia } from './repository.js';
import { presentMedia } from './presenter.js';
import { storeFiles } from './upload.js';
import type { CollectionBody } from './schemas.js';

/**
 * A client the caller has ALREADY authorised (company scope, or holding scope
 * with the client in that holding). Every query below is still filtered by
 * company_id and client_id.
 */
export interface AuthorizedClient {
  id: number;
  company_id: number;
  name: string;
}

type FilesContext = Pick<AppContext, 'config' | 'storage' | 'db'>;

export const documentNotFound = () => new AppError(404, 'not_found', 'Documentul nu a fost găsit.');

/** POST …/clients/{clientId}/storeFiles → 201 {data: media[]} */
export async function handleStoreFiles(
  ctx: FilesContext,
  request: FastifyRequest,
  reply: FastifyReply,
  client: AuthorizedClient,
  actor: Pick<Actor, 'id'>,
): Promise<FastifyReply> {
  const rows = await storeFiles(ctx, request, {
    companyId: client.company_id,
    clientId: client.id,
    uploadedBy: actor.id,
  });
  return reply.code(201).send({ data: rows.map(presentMedia) });
}

/** POST …/clients/{clientId}/media/{mediaId} → the file. */
export async function handleMediaGet(
  ctx: FilesContext,
  reply: FastifyReply,
  client: AuthorizedClient,
  mediaId: number,
): Promise<FastifyReply> {
  const row = await findClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!row) throw documentNotFound();
  return sendFile(reply, ctx.storage, row);
}

/** POST …/clients/{clientId}/media/{documentId}/delete → {message}; soft (the file stays for retention). */
export async function handleMediaDelete(
  ctx: FilesContext,
  client: AuthorizedClient,
  mediaId: number,
): Promise<{ message: string }> {
  const deleted = await softDeleteClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!deleted) throw documentNotFound();
  return { message: 'Documentul a fost șters.' };
}

/** POST …/clients/{clientId}/collection → application/zip of the client's documents matching the filter. */
export async function handleCollection(
  ctx: FilesContext,
  reply: FastifyReply,
  client: AuthorizedClient,
  body: CollectionBody,
): Promise<FastifyReply> {
  const rows = await listClientMedia(ctx.db, {
    companyId: client.company_id,
    clientId: client.id,
    period: body.period ?? null,
    categoryId: body.category_id ?? null,
    ids: body.ids ?? null,
  });
  if (rows.length === 0) throw new AppError(404, 'not_found', 'Nu există documente care să corespundă filtrului ales.');
  const name = `${client.name} - ${body.period ?? 'documente'}`.replace(/[/\\]/g, '-');
  return sendZip(reply, ctx.storage, rows, `${name}.zip`);
}
