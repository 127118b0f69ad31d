import type { AppContext } from '../../infra/context.js';
import type { Executor } from '../../infra/db.js';
import { enqueueMany } from '../../infra/outbox.js';
import type { MailMessage } from '../../infra/mailer.js';
import { issueUploadLinks } from '../upload-links/index.js';
import type { PlannedDigest } from './compose.js';
import { renderDigests } from './digest.js';

/**
 * Queues the digests of `plans` in the caller's transaction (the one that claimed their steps): a new
 * upload link per client (it replaces the client's older one), one message per person, all through the
 * outbox in one insert per few hundred messages. The links of the whole batch are issued together (one
 * revoke and one insert), never one client after another.
 */
export async function queueDigests(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  trx: Executor,
  firm: { company_id: number; company_name: string },
  today: string,
  plans: PlannedDigest[],
): Promise<number> {
  const links = await issueUploadLinks(
    trx,
    firm.company_id,
    plans.map((plan) => plan.client.id),
    { now: ctx.clock.now(), days: ctx.config.uploadLinkDays, publicUrl: ctx.config.publicUrl },
  );
  const urlOf = new Map(links.map((link) => [link.clientId, link.url]));
  const messages: MailMessage[] = [];
  for (const plan of plans) {
    const digest = {
      firmName: firm.company_name,
      clientName: plan.client.name,
      months: plan.months,
      today,
      uploadUrl: urlOf.get(plan.client.id) ?? '',
    };
    messages.push(...renderDigests(plan.recipients, digest));
  }
  await enqueueMany(trx, messages);
  return messages.length;
}
