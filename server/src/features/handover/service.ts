import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { loadScopedClient } from '../access/index.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { newHandoverPdf, writeHandover } from './pdf.js';
import { handoverDocuments, handoverFacts, notApplicableItems } from './repository.js';

/**
 * periods/{period}/handover on both doors: the proces-verbal of a closed month. The door's scope finds
 * the client (a holding only its own, another tenant's 404); a month not closed answers 409.
 */

type Ctx = Pick<AppContext, 'db'>;

export async function handover(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  period: string,
) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const ids = { companyId: client.company_id, clientId: client.id };
  const facts = await handoverFacts(ctx.db, ids, period);
  if (!facts) throw errors.notFound('Clientul');
  if (!facts.closed_at) throw errors.handoverNotReady(period);
  const [documents, notApplicable] = await Promise.all([
    handoverDocuments(ctx.db, ids, period),
    notApplicableItems(ctx.db, ids, period),
  ]);
  await recordActivity(ctx.db, scope, originOf(request), {
    action: 'period.handover',
    companyId: client.company_id,
    clientId: client.id,
    period,
    details: { documents: documents.length, not_applicable: notApplicable.length },
  });
  const content = { facts, period, documents, notApplicable, now: new Date() };
  const doc = newHandoverPdf(content);
  const fileName = `Proces-verbal ${client.name} ${period}.pdf`.replace(/[/\\]/g, '-');
  return { fileName, doc, write: () => writeHandover(doc, content) };
}
