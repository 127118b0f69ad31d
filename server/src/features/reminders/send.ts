import type { AppContext } from '../../infra/context.js';
import type { Executor } from '../../infra/db.js';
import { enqueueMany } from '../../infra/outbox.js';
import type { MailMessage } from '../../infra/mailer.js';
import { recordActivity, type ActivityActor, type RequestOrigin } from '../activity/index.js';
import { issueUploadLinks } from '../upload-links/index.js';
import type { PlannedDigest } from './compose.js';
import { renderDigests } from './digest.js';

/** Who sends the digests: the job (no one signed in) or the person who pressed „Trimite memento acum”. */
export interface Sender {
  actor: ActivityActor;
  origin: RequestOrigin;
}

/**
 * Queues the digests of `plans` in the caller's transaction (the one that claimed their steps): a new
 * upload link per client (it replaces the client's older one), one message per person, all through the
 * outbox in one insert per few hundred messages, and one event in each client's history saying what was
 * asked and of how many people. The links of the whole batch are issued together (one revoke and one
 * insert), never one client after another.
 */
export async function queueDigests(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  trx: Executor,
  firm: { company_id: number; company_name: string },
  today: string,
  plans: PlannedDigest[],
  sender: Sender,
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
  await recordActivity(
    trx,
    sender,
    sender.origin,
    plans.map((plan) => ({
      action: 'reminder.send' as const,
      companyId: firm.company_id,
      clientId: plan.client.id,
      details: {
        recipients: plan.recipients.length,
        items: plan.months.reduce((sum, month) => sum + month.items.length, 0),
        months: plan.months.map((month) => month.period).join(', '),
      },
    })),
  );
  return messages.length;
}
