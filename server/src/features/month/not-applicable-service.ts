import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { Executor } from '../../infra/db.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { findItem, lockPendingItemDocuments, setNotApplicable } from './checklist-repository.js';
import { itemNotFound, itemOf, loadMonthClient } from './checklist-service.js';
import type { ChecklistItem } from './checklist-status.js';
import { assertPeriodsOpen } from './guard.js';
import type { MonthClient } from './repository.js';
import { keepOutsideChecklist } from './review-repository.js';
import { review } from './review-service.js';
import type { NotApplicableBody } from './schemas.js';

/**
 * The firm's „Nu se aplică” on an item and its undoing (docs/api/month.md, "The checklist"), under the
 * client's lock and the month's open check, recorded in the history. An item whose documents await review
 * is marked only once the firm says what becomes of them: rejected with a reason (the client is told, as
 * for any rejection), or kept as extras of the month outside the checklist (accepted by the one who
 * decided), so „De verificat” never holds a document of an item nobody expects any more.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

type Answer = { message: string; data: ChecklistItem };

const ids = (client: MonthClient) => ({ companyId: client.company_id, clientId: client.id });

/** The item of the client, locked with its client's row (shared, as reviews take it), in an open month. */
async function openItem(trx: Executor, scope: TenantScope, clientId: number, itemId: number) {
  const client = await loadMonthClient(trx, scope, clientId, 'share');
  const item = await findItem(trx, ids(client), itemId);
  if (!item) throw itemNotFound();
  await assertPeriodsOpen(trx, client.id, [item.period]);
  return { client, item };
}

function markedMessage(pending: number, choice: NotApplicableBody['pending_documents']): string {
  const marked = 'Cerința a fost marcată „Nu se aplică”';
  if (pending === 0) return `${marked}.`;
  const one = pending === 1;
  if (choice === 'reject') {
    return `${marked}; ${one ? 'documentul ei a fost respins' : `cele ${pending} documente ale ei au fost respinse`}.`;
  }
  return `${marked}; ${one ? 'documentul ei rămâne' : `cele ${pending} documente ale ei rămân`} în luna clientului, în afara listei.`;
}

/** checklist/{itemId}/not-applicable (company door). */
export async function markNotApplicable(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  itemId: number,
  body: NotApplicableBody,
): Promise<Answer> {
  const note = body.note.trim();
  if (!note) throw errors.field('note', fieldMessages.month.notApplicableWhy);
  const reason = body.reason?.trim() ?? '';
  if (body.pending_documents === 'reject' && !reason) throw errors.field('reason', fieldMessages.month.rejectionWhy);
  return ctx.db.transaction().execute(async (trx) => {
    const { client, item } = await openItem(trx, scope, clientId, itemId);
    const pending = await lockPendingItemDocuments(trx, ids(client), item);
    const choice = pending.length ? body.pending_documents : undefined;
    if (pending.length && !choice) {
      throw errors.documentsPending(
        item.name,
        pending.map((d) => ({ id: d.id, name: d.original_name })),
      );
    }
    await setNotApplicable(trx, item.id, { by: scope.actor.id, note });
    await recordActivity(trx, scope, originOf(request), {
      action: 'item.not_applicable',
      companyId: client.company_id,
      clientId: client.id,
      period: item.period,
      details: {
        item_id: item.id,
        requirement_id: item.requirement_id,
        note,
        ...(choice ? { pending_documents: choice, documents: pending.map((d) => d.original_name) } : {}),
      },
    });
    if (choice === 'reject') await review(trx, ctx, scope, request, pending, { status: 'rejected', reason });
    if (choice === 'keep') {
      await keepOutsideChecklist(
        trx,
        client.company_id,
        pending.map((d) => d.id),
        scope.actor.id,
      );
      await recordActivity(
        trx,
        scope,
        originOf(request),
        pending.map((d) => ({
          action: 'document.accept' as const,
          companyId: client.company_id,
          clientId: client.id,
          period: item.period,
          mediaId: d.id,
          details: { name: d.original_name, outside_checklist: true },
        })),
      );
    }
    return { message: markedMessage(pending.length, choice), data: await itemOf(trx, client, item.id, item.period) };
  });
}

/** checklist/{itemId}/applicable (company door): the item is owed again; documents kept outside stay there. */
export async function markApplicable(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  itemId: number,
): Promise<Answer> {
  return ctx.db.transaction().execute(async (trx) => {
    const { client, item } = await openItem(trx, scope, clientId, itemId);
    await setNotApplicable(trx, item.id, null);
    await recordActivity(trx, scope, originOf(request), {
      action: 'item.applicable',
      companyId: client.company_id,
      clientId: client.id,
      period: item.period,
      details: { item_id: item.id, requirement_id: item.requirement_id },
    });
    return { message: 'Cerința se aplică din nou.', data: await itemOf(trx, client, item.id, item.period) };
  });
}
