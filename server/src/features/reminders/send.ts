import type { AppContext } from '../../infra/context.js';
import type { Executor } from '../../infra/db.js';
import { enqueueMany } from '../../infra/outbox.js';
import type { MailMessage } from '../../infra/mailer.js';
import { issueUploadLink } from '../upload-links/index.js';
import type { PlannedDigest } from './compose.js';
import { renderDigest } from './digest.js';

/**
 * Queues the digests of `plans` in the caller's transaction (the one that claimed their steps): a new
 * upload link per client (it replaces the client's older one), one message per person, all through the
 * outbox in one insert per few hundred messages.
 */
export async function queueDigests(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  trx: Executor,
  firm: { company_id: number; company_name: string },
  today: string,
  plans: PlannedDigest[],
): Promise<number> {
  const now = ctx.clock.now();
  const messages: MailMessage[] = [];
  for (const plan of plans) {
    const link = await issueUploadLink(trx, {
      companyId: firm.company_id,
      clientId: plan.client.id,
      now,
      days: ctx.config.uploadLinkDays,
      publicUrl: ctx.config.publicUrl,
    });
    const digest = {
      firmName: firm.company_name,
      clientName: plan.client.name,
      months: plan.months,
      today,
      uploadUrl: link.url,
    };
    for (const person of plan.recipients) messages.push(renderDigest(person, digest));
  }
  await enqueueMany(trx, messages);
  return messages.length;
}
