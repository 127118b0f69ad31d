import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { renderMail } from '../../infra/mail-templates.js';
import { enqueueMany } from '../../infra/outbox.js';
import { countOf } from '../../lib/plural.js';
import { monthName } from '../../lib/ro-calendar.js';
import type { Executor } from '../../infra/db.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { findItemDocument } from './checklist-repository.js';
import { presentDocument } from './checklist-status.js';
import { loadMonthClient } from './checklist-service.js';
import { assertPeriodsOpen } from './guard.js';
import { lockClientRow } from './repository.js';
import { clientsOf, lockFirmMedia, mailableUsers, setReview, type ReviewTarget } from './review-repository.js';

/**
 * The firm's review of a client's documents (docs/api/month.md, "Review"): accept or reject (with a
 * reason), one or many at once (all or nothing); a rejection e-mails the client's portal users through
 * the outbox, in the review's transaction, and every review is recorded in the history.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

export interface ReviewInput {
  status: 'accepted' | 'rejected';
  reason?: string | null;
}

const documentNotFound = () => errors.notFound('Documentul');

/** The reason of a rejection (required, 1–500 characters); null for an acceptance. */
function reasonOf(input: ReviewInput): string | null {
  if (input.status === 'accepted') return null;
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw errors.field('reason', fieldMessages.month.rejectionWhy);
  return reason;
}

/** Reviews `targets` (locked), checks their months are open, records the history, queues the mails. */
async function review(
  trx: Executor,
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  targets: ReviewTarget[],
  input: ReviewInput,
): Promise<number> {
  const reason = reasonOf(input);
  const clientIds = [...new Set(targets.map((t) => t.client_id))];
  for (const clientId of clientIds) {
    await assertPeriodsOpen(
      trx,
      clientId,
      targets.filter((t) => t.client_id === clientId).map((t) => t.period),
    );
  }
  const count = await setReview(
    trx,
    scope.id,
    targets.map((t) => t.id),
    { status: input.status, reason, by: scope.actor.id },
  );
  await recordActivity(
    trx,
    scope,
    originOf(request),
    targets.map((t) => ({
      action: input.status === 'accepted' ? 'document.accept' : 'document.reject',
      companyId: scope.id,
      clientId: t.client_id,
      period: t.period,
      mediaId: t.id,
      details: { name: t.original_name, ...(reason ? { reason } : {}) },
    })),
  );
  if (reason) await queueRejectionMails(trx, ctx, scope.id, targets, reason);
  return count;
}

/** One e-mail per client and portal user: which documents were rejected, for which month, why. */
async function queueRejectionMails(
  trx: Executor,
  ctx: Ctx,
  companyId: number,
  targets: ReviewTarget[],
  reason: string,
) {
  const clients = await clientsOf(trx, companyId, [...new Set(targets.map((t) => t.client_id))]);
  const messages = [];
  for (const client of clients) {
    if (client.holding_id === null) continue;
    const people = await mailableUsers(trx, { holdingId: client.holding_id });
    const docs = targets.filter((t) => t.client_id === client.id);
    const lines = docs.map((d) => `„${d.original_name}”${d.period ? ` (${monthName(d.period)})` : ''}`);
    for (const person of people) {
      messages.push(
        renderMail(person.email, {
          subject:
            docs.length === 1 ? `Document respins: ${docs[0].original_name}` : `${docs.length} documente respinse`,
          greeting: `Bună ziua, ${person.name},`,
          paragraphs: [
            `${client.company_name} a respins ${docs.length === 1 ? 'documentul' : 'documentele'} ${lines.join(', ')} trimise pentru ${client.name}.`,
            `Motivul: ${reason}`,
            'Te rugăm să încarci un document corect din portal.',
          ],
          action: { label: 'Deschide portalul', url: `${ctx.config.publicUrl.replace(/\/$/, '')}/client` },
          footer: client.company_name,
        }),
      );
    }
  }
  if (messages.length) await enqueueMany(trx, messages);
}

/** media/{mediaId}/review: one of the client's live documents. */
export async function reviewOne(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  mediaId: number,
  input: ReviewInput,
) {
  reasonOf(input);
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const ids = { companyId: client.company_id, clientId: client.id };
  // The client's row first, then the document's (as uploads, moves and deletes take them): a close
  // waiting in between never closes a cycle.
  await ctx.db.transaction().execute(async (trx) => {
    await lockClientRow(trx, client.id, 'share');
    const [target] = await lockFirmMedia(trx, scope.id, [mediaId]);
    if (!target || target.client_id !== client.id) throw documentNotFound();
    await review(trx, ctx, scope, request, [target], input);
  });
  const fresh = await findItemDocument(ctx.db, ids, mediaId);
  if (!fresh) throw documentNotFound();
  return {
    message: input.status === 'accepted' ? 'Documentul a fost acceptat.' : 'Documentul a fost respins.',
    data: presentDocument(fresh),
  };
}

/** review {ids}: all or nothing; an id that is not a live document of the firm's clients → 404. */
export async function reviewMany(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  body: ReviewInput & { ids: number[] },
) {
  reasonOf(body);
  const ids = [...new Set(body.ids)];
  const count = await ctx.db.transaction().execute(async (trx) => {
    // The clients' rows first (in id order), then the documents'.
    const seen = await lockFirmMedia(trx, scope.id, ids, false);
    if (seen.length !== ids.length) throw documentNotFound();
    for (const clientId of [...new Set(seen.map((t) => t.client_id))].sort((a, b) => a - b)) {
      await lockClientRow(trx, clientId, 'share');
    }
    const targets = await lockFirmMedia(trx, scope.id, ids);
    if (targets.length !== ids.length) throw documentNotFound();
    return review(trx, ctx, scope, request, targets, body);
  });
  const what = countOf(count, 'document', 'documente');
  const verb =
    body.status === 'accepted'
      ? count === 1
        ? 'a fost acceptat'
        : 'au fost acceptate'
      : count === 1
        ? 'a fost respins'
        : 'au fost respinse';
  return { message: `${what} ${verb}.`, count };
}
