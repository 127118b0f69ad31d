import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { renderMail, unlinked, unlinkedFileName } from '../../infra/mail-templates.js';
import { enqueueMerged } from '../../infra/outbox.js';
import { countOf } from '../../lib/plural.js';
import { monthInSentence } from '../../lib/ro-calendar.js';
import type { Executor } from '../../infra/db.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { findItemDocument } from './checklist-repository.js';
import { presentDocument } from './checklist-status.js';
import { loadMonthClient } from './checklist-service.js';
import { assertPeriodsOpen } from './guard.js';
import { lockClientRow } from './repository.js';
import {
  clientsOf,
  itemsOfMedia,
  lockFirmMedia,
  mailableUsers,
  setReview,
  type ReviewTarget,
} from './review-repository.js';

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

/**
 * Reviews `targets` (locked, their client rows first), checks their months are open, records the history,
 * queues the mails: in the caller's transaction (also „Nu se aplică” rejecting an item's documents).
 */
export async function review(
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

/** How long a rejection mail waits in the outbox for more rejections of the client's documents to join it. */
/** The default of config.rejectionMailDelaySeconds (what the API tests wait out). */
export const REJECTION_MAIL_DELAY_SECONDS = 5 * 60;

/** A rejected document as its mail lists it; a later rejection of the same document replaces it. */
interface RejectedDocument {
  key: string;
  name: string;
  period: string | null;
  reason: string;
  /** The checklist item it answered, if any: where the mail's link opens. */
  item?: number | null;
}

/**
 * One e-mail per client and portal user: which documents were rejected, for which month, why. It waits
 * REJECTION_MAIL_DELAY_SECONDS in the outbox, and the rejections of that client's documents meanwhile
 * join it (the same document rejected again: its newest reason), so a reviewer going back and forth
 * sends each person one mail. Names and reasons are shown as text, never as links.
 */
async function queueRejectionMails(
  trx: Executor,
  ctx: Ctx,
  companyId: number,
  targets: ReviewTarget[],
  reason: string,
) {
  const clients = await clientsOf(trx, companyId, [...new Set(targets.map((t) => t.client_id))]);
  const area = `${ctx.config.publicUrl.replace(/\/$/, '')}/client`;
  for (const client of clients) {
    if (client.holding_id === null) continue;
    const people = await mailableUsers(trx, { holdingId: client.holding_id });
    const mine = targets.filter((t) => t.client_id === client.id);
    const itemOf = await itemsOfMedia(
      trx,
      client.id,
      mine.map((d) => d.id),
    );
    const items: RejectedDocument[] = mine.map((d) => ({
      key: `media:${d.id}`,
      name: d.original_name,
      period: d.period,
      reason,
      item: itemOf.get(d.id) ?? null,
    }));
    for (const person of people) {
      await enqueueMerged(trx, {
        mergeKey: `rejections:${client.id}:${person.email.toLowerCase()}`,
        delaySeconds: ctx.config.rejectionMailDelaySeconds,
        items,
        render: (docs) => rejectionMail(person, client, docs, rejectionLink(area, client.id, docs)),
      });
    }
  }
}

/**
 * Where a rejection mail's button opens, in the client area: the checklist item the documents answered
 * (`/client/{id}?tab=luna&period=…&item=…`), else their month, else the client's documents. The same
 * page for every document listed, or the nearest one they share.
 */
function rejectionLink(area: string, clientId: number, docs: RejectedDocument[]): string {
  const page = `${area}/${clientId}`;
  const periods = new Set(docs.map((d) => d.period));
  const [period] = [...periods];
  if (periods.size !== 1 || !period) return page;
  const query = new URLSearchParams({ tab: 'luna', period });
  const items = new Set(docs.map((d) => d.item ?? null));
  const [item] = [...items];
  if (items.size === 1 && item) query.set('item', String(item));
  return `${page}?${query.toString()}`;
}

function rejectionMail(
  person: { name: string; email: string },
  client: { name: string; company_name: string },
  docs: RejectedDocument[],
  url: string,
) {
  const named = (d: RejectedDocument) =>
    `„${unlinkedFileName(d.name)}”${d.period ? ` (${monthInSentence(d.period)})` : ''}`;
  const reasons = new Set(docs.map((d) => d.reason));
  const firm = unlinked(client.company_name);
  const one = docs.length === 1;
  // Agreement: „documentul … trimis”, „documentele … trimise”.
  const what = one ? `documentul ${named(docs[0])}, trimis` : `documentele ${docs.map(named).join(', ')}, trimise`;
  return renderMail(person.email, {
    subject: one
      ? `Document respins: „${unlinkedFileName(docs[0].name)}”`
      : countOf(docs.length, 'document respins', 'documente respinse'),
    greeting: `Bună ziua, ${unlinked(person.name)},`,
    paragraphs: [
      `${firm} a respins ${what} pentru „${unlinked(client.name)}”.`,
      reasons.size === 1
        ? `Motivul: ${unlinked(docs[0].reason)}`
        : `Motivele:\n${docs.map((d) => `${named(d)}: ${unlinked(d.reason)}`).join('\n')}`,
      one
        ? 'Te rugăm să încarci un document corect în locul lui.'
        : 'Te rugăm să încarci documente corecte în locul lor.',
    ],
    action: { label: one ? 'Încarcă documentul corect' : 'Încarcă documentele corecte', url },
    footer: firm,
  });
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
