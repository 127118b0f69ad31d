import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { countOf } from '../../lib/plural.js';
import { shiftDay } from '../../lib/ro-calendar.js';
import { loadScopedClient } from '../access/index.js';
import type { RequestOrigin } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { addressed, byDueDay, planBatch, type PlannedDigest } from './compose.js';
import { DEFAULTS, romanianNow } from './job.js';
import { presentPlan } from './presenter.js';
import * as repo from './repository.js';
import { cleanSteps, stepsOn } from './schedule.js';
import { queueDigests } from './send.js';

/**
 * A firm's reminders on its door: the settings (read by its staff, changed by its owner), the preview of
 * a day, and a client's digest sent now (docs/api/company-door.md, "Reminders").
 */

/** Digests sent by hand: per client a few a day, per firm a bounded number an hour. */
export const REMIND_NOW_PER_CLIENT_PER_DAY = 3;
export const REMIND_NOW_PER_FIRM_PER_HOUR = 60;
/** How many clients a preview lists (the totals count them all). */
export const PREVIEW_CLIENTS = 200;
const BATCH = 500;

async function settingsOf(ctx: Pick<AppContext, 'db'>, companyId: number): Promise<repo.SettingsRow> {
  const settings = await repo.findSettings(ctx.db, companyId, DEFAULTS);
  if (!settings) throw errors.notFound('Compania');
  return settings;
}

const presentSettings = (s: repo.SettingsRow) => ({
  enabled: s.enabled,
  due_day: s.due_day,
  steps: s.steps,
  hour: s.hour,
});

export async function getSettings(ctx: AppContext, scope: TenantScope) {
  return { data: presentSettings(await settingsOf(ctx, scope.id)) };
}

export interface SettingsInput {
  enabled?: boolean;
  due_day?: number;
  steps?: number[];
  hour?: number;
}

/** Changes the given settings; the others keep their value. */
export async function updateSettings(ctx: AppContext, scope: TenantScope, input: SettingsInput) {
  const current = await settingsOf(ctx, scope.id);
  const steps = input.steps === undefined ? current.steps : cleanSteps(input.steps);
  if (!steps) throw errors.field('steps', fieldMessages.reminders.stepsInvalid);
  await repo.saveSettings(ctx.db, scope.id, {
    enabled: input.enabled ?? current.enabled,
    steps,
    hour: input.hour ?? current.hour,
    dueDay: input.due_day ?? current.due_day,
  });
  return {
    message: 'Setările mementourilor au fost salvate.',
    data: presentSettings(await settingsOf(ctx, scope.id)),
  };
}

/**
 * What the job would send on `date` (whether reminders are on or not, so a firm sees before it turns them
 * on): the clients owing a step that day and not yet reminded of it, with their people and open items as
 * they are now. Claims nothing, sends nothing.
 */
export async function preview(ctx: AppContext, scope: TenantScope, date: string) {
  // The schema checks the shape; a day that does not exist (31 February) or lies outside the calendar's years does not pass.
  if (shiftDay(date, 0) !== date || date < '2000-01-01' || date > '2099-12-31') {
    throw errors.field('date', fieldMessages.reminders.dateInvalid);
  }
  const firm = await settingsOf(ctx, scope.id);
  const steps = byDueDay(stepsOn(date, firm.steps));
  const listed: PlannedDigest[] = [];
  let clients = 0;
  let messages = 0;
  if (steps.size > 0) {
    let afterId = 0;
    for (;;) {
      const batch = await repo.clientBatch(
        ctx.db,
        { companyId: firm.company_id, dueDay: firm.due_day },
        { dueDays: [...steps.keys()], afterId, limit: BATCH },
      );
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1].id;
      const plans = addressed(await planBatch(ctx.db, firm, date, batch, steps));
      const sent = await repo.claimedSteps(
        ctx.db,
        plans.map((p) => p.client.id),
        [...new Set(plans.flatMap((p) => p.claims.map((c) => c.period)))],
      );
      for (const plan of plans) {
        plan.claims = plan.claims.filter((c) => !sent.has(`${c.client_id}:${c.period}:${c.step}`));
        if (plan.claims.length === 0) continue;
        clients += 1;
        messages += plan.recipients.length;
        if (listed.length < PREVIEW_CLIENTS) listed.push(plan);
      }
    }
  }
  return { date, enabled: firm.enabled, hour: firm.hour, clients, messages, data: listed.map(presentPlan) };
}

/** Sends the client's digest now (not one of the steps), within the hand-sent budgets. */
export async function remindNow(ctx: AppContext, scope: TenantScope, clientId: number, origin: RequestOrigin) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const firm = await settingsOf(ctx, client.company_id);
  const { today } = romanianNow(ctx.clock.now());
  const [one] = await repo.clientBatch(
    ctx.db,
    { companyId: firm.company_id, dueDay: firm.due_day },
    { dueDays: null, afterId: 0, limit: 1, clientId, withPaused: true },
  );
  const [plan] = one ? await planBatch(ctx.db, firm, today, [one], null) : [];
  if (!plan) throw errors.field('id', fieldMessages.reminders.nothingOpen);
  if (plan.recipients.length === 0) throw errors.field('id', fieldMessages.reminders.noRecipients);
  const perClient = await ctx.limiter.hit(`remind-now:client:${clientId}`, REMIND_NOW_PER_CLIENT_PER_DAY, 24 * 3600);
  if (!perClient.allowed) throw errors.throttled(perClient.retryAfter);
  const perFirm = await ctx.limiter.hit(`remind-now:firm:${firm.company_id}`, REMIND_NOW_PER_FIRM_PER_HOUR, 3600);
  if (!perFirm.allowed) throw errors.throttled(perFirm.retryAfter);
  const sent = await ctx.db
    .transaction()
    .execute((trx) => queueDigests(ctx, trx, firm, today, [plan], { actor: scope.actor, origin }));
  return {
    message: `Mementoul a fost trimis către ${countOf(sent, 'persoană', 'persoane')}.`,
    data: presentPlan(plan),
  };
}
