import type { AppContext } from '../../infra/context.js';
import type { JobDefinition } from '../../infra/job-definition.js';
import { effectiveStatus, ensureSubscription } from '../billing/index.js';
import { romanianDateTime } from '../../lib/ro-calendar.js';
import { addressed, byDueDay, planBatch } from './compose.js';
import * as repo from './repository.js';
import { DEFAULT_HOUR, DEFAULT_STEPS, stepsOn } from './schedule.js';
import { queueDigests, type Sender } from './send.js';

/**
 * The reminder job (docs/PRODUCT.md, "Reminders"): every quarter of an hour, for each firm with reminders
 * on whose hour has come today (Romanian time), the clients whose month reaches one of the firm's steps
 * today get their digest. Batches of clients by id keep memory flat; each batch claims its steps and
 * queues its mail in one transaction, so a step is sent once across restarts and instances, and a
 * rolled-back batch sends nothing.
 */

const BATCH = 500;
/** The job in the clients' history: no one signed in sent it. */
const REMINDER_JOB: Sender = {
  actor: { id: null, name: 'Memento automat', role: null },
  origin: { ip: null, userAgent: null },
};
export const DEFAULTS = { steps: DEFAULT_STEPS, hour: DEFAULT_HOUR };

/** Today and the hour in Romania at `now`. */
export function romanianNow(now: Date): { today: string; hour: number } {
  const local = romanianDateTime(now);
  return { today: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}

/**
 * Whether the firm may write (billing's read-only rule, the one the doors apply): a firm whose paid period
 * ended sends no reminders, whose links could not take an upload anyway.
 */
async function writable(ctx: AppContext, companyId: number): Promise<boolean> {
  const subscription = await ensureSubscription(ctx.db, { companyId });
  return !subscription || effectiveStatus(subscription) !== 'expired';
}

/**
 * One run: answers how many messages it queued. With `readAhead` (the default) the next batch of clients
 * and their open items are read while this batch is claimed and queued: on PostgreSQL the read runs on
 * another connection while this process renders mail, so the two overlap; the embedded database takes
 * them in turn. The bench's reminders section measures the step with it and without it.
 */
export async function runReminders(
  ctx: AppContext,
  { readAhead = true }: { readAhead?: boolean } = {},
): Promise<{ messages: number; clients: number }> {
  const now = ctx.clock.now();
  const { today, hour } = romanianNow(now);
  let messages = 0;
  let clients = 0;
  // Today's steps depend only on a firm's step list (most firms keep the default): worked out once per list.
  const stepsOf = new Map<string, ReturnType<typeof byDueDay>>();
  for (const firm of await repo.firmsDue(ctx.db, hour, DEFAULTS)) {
    const rule = firm.steps.join(',');
    let steps = stepsOf.get(rule);
    if (!steps) stepsOf.set(rule, (steps = byDueDay(stepsOn(today, firm.steps))));
    if (steps.size === 0 || !(await writable(ctx, firm.company_id))) continue;
    const dueDays = [...steps.keys()];
    /** The batch of clients after `afterId` and what each would be sent; null once none is left. */
    const planAfter = async (afterId: number) => {
      const batch = await repo.clientBatch(
        ctx.db,
        { companyId: firm.company_id, dueDay: firm.due_day },
        { dueDays, afterId, limit: BATCH },
      );
      if (batch.length === 0) return null;
      return {
        lastId: batch[batch.length - 1].id,
        plans: addressed(await planBatch(ctx.db, firm, today, batch, steps)),
      };
    };
    let batch = await planAfter(0);
    while (batch) {
      const following = readAhead ? planAfter(batch.lastId) : null;
      // Its failure is met where it is awaited below; until then it must not count as unhandled.
      following?.catch(() => {});
      const plans = batch.plans;
      if (plans.length > 0) {
        await ctx.db.transaction().execute(async (trx) => {
          const won = await repo.claimSteps(
            trx,
            firm.company_id,
            today,
            plans.flatMap((p) => p.claims),
          );
          const winners = new Set(won.map((c) => c.client_id));
          const mine = plans.filter((p) => winners.has(p.client.id));
          clients += mine.length;
          messages += await queueDigests(ctx, trx, firm, today, mine, REMINDER_JOB);
        });
      }
      batch = await (following ?? planAfter(batch.lastId));
    }
  }
  return { messages, clients };
}

export const remindersJob: JobDefinition = {
  name: 'reminders',
  cron: '*/15 * * * *',
  run: async (ctx) => {
    await runReminders(ctx);
  },
};
