import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { errors, type MonthBlockers } from '../../infra/errors.js';
import { renderMail, unlinked } from '../../infra/mail-templates.js';
import { enqueueMany } from '../../infra/outbox.js';
import { monthInSentence, monthName } from '../../lib/ro-calendar.js';
import { originOf, recordActivity, type ActivityActor } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { closedPeriods } from './checklist-repository.js';
import { loadMonthClient, readMonth } from './checklist-service.js';
import { clientsOf, doneMailedAt, mailableUsers, upsertPeriod } from './review-repository.js';

/**
 * A client's month as a whole (docs/api/month.md, "Months as a whole"): the holding's "Am terminat" (the
 * firm's owners and staff hear of it), the firm's owner's close and reopen. Each act locks the client's
 * row, so it never crosses an upload, a review or another act on the same month.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'limiter'>;

/**
 * The "Am terminat" mails one person can set off in an hour (each a first for its client and month):
 * enough for a group's whole portfolio, not for walking every month since 2000.
 */
export const DONE_MAILS_PER_SENDER_PER_HOUR = 30;

/** Who presses "Am terminat": a holding's person, or the client through its upload link (actor id null). */
export type DoneBy = Pick<TenantScope, 'kind' | 'id' | 'firm'> & { actor: ActivityActor };

/**
 * periods/{period}/done (holding door; the upload link's "Am terminat" too). The firm's owners and staff
 * are e-mailed once per client and month: pressing it again, also after the firm reopened the month,
 * marks the month done and answers the same, but mails nobody. The caller's name is shown as text, never as a link.
 */
export async function markDone(ctx: Ctx, scope: DoneBy, request: FastifyRequest, clientId: number, period: string) {
  const doneAt = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const client = await loadMonthClient(trx, scope, clientId, 'update');
    if ((await closedPeriods(trx, client.id, [period])).length) throw errors.periodClosed(period);
    const mailed = await doneMailedAt(trx, client.id, period);
    if (mailed === null) {
      const sender = scope.actor.id ?? `link-${client.id}`;
      const budget = await ctx.limiter.hit(`done-mails:${sender}`, DONE_MAILS_PER_SENDER_PER_HOUR, 3600);
      if (!budget.allowed) throw errors.throttled(budget.retryAfter);
    }
    await upsertPeriod(
      trx,
      { companyId: client.company_id, clientId: client.id, period },
      { done_at: doneAt, done_by: scope.actor.id, ...(mailed === null ? { done_mailed_at: doneAt } : {}) },
    );
    await recordActivity(trx, scope, originOf(request), {
      action: 'period.done',
      companyId: client.company_id,
      clientId: client.id,
      period,
    });
    if (mailed !== null) return;
    const [named] = await clientsOf(trx, client.company_id, [client.id]);
    const staff = await mailableUsers(trx, { companyId: client.company_id });
    // The button opens this client's month on the firm's client page, where it is reviewed and closed.
    const url = `${ctx.config.publicUrl.replace(/\/$/, '')}/company/clients/${client.id}?${new URLSearchParams({ tab: 'luna', period }).toString()}`;
    const clientName = unlinked(client.name);
    // Through the upload link nobody signed in: the client as such.
    const who = scope.actor.id === null ? 'Clientul' : unlinked(scope.actor.name);
    const month = monthInSentence(period);
    await enqueueMany(
      trx,
      staff.map((person) =>
        renderMail(person.email, {
          subject: `„${clientName}” a terminat ${month}`,
          greeting: `Bună ziua, ${unlinked(person.name)},`,
          paragraphs: [
            `${who} („${clientName}”) a anunțat că a trimis toate documentele pentru ${month}.`,
            // Only the owner closes months: staff are told who does.
            person.role === 2
              ? 'Le poți verifica și închide luna din Dosar.'
              : 'Le poți verifica din Dosar; un administrator al firmei închide apoi luna.',
          ],
          action: { label: `Deschide ${month}`, url },
          footer: named ? unlinked(named.company_name) : 'Echipa Dosar',
        }),
      ),
    );
  });
  return {
    message: `Firma de contabilitate a fost anunțată că ai terminat ${monthName(period)}.`,
    done_at: doneAt.toISOString(),
  };
}

/**
 * What keeps a month from closing: its items neither accepted nor not applicable, and every document of
 * the month awaiting review (an item's, also one marked not applicable, or one outside the checklist).
 */
function blockersOf(month: Awaited<ReturnType<typeof readMonth>>): MonthBlockers {
  const items = month.items.flatMap((item) =>
    item.status === 'missing' || item.status === 'uploaded' || item.status === 'rejected'
      ? [{ id: item.id, name: item.name, details: item.details, status: item.status }]
      : [],
  );
  const documents = [
    ...month.items.flatMap((item) =>
      item.documents
        .filter((d) => d.review_status === 'pending')
        .map((d) => ({ id: d.id, name: d.name, item: { id: item.id, name: item.name } })),
    ),
    ...month.extra.filter((d) => d.review_status === 'pending').map((d) => ({ id: d.id, name: d.name, item: null })),
  ];
  return { items, documents };
}

/**
 * periods/{period}/close (company door, owner): only a whole month closes (docs/api/month.md, "Months as a
 * whole"), else 409 `period_incomplete` with its blockers; already closed → 409. The blockers are read
 * under the client's row lock, which uploads, moves and reviews take too.
 */
export async function closePeriod(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  period: string,
) {
  const closedAt = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const client = await loadMonthClient(trx, scope, clientId, 'update');
    if ((await closedPeriods(trx, client.id, [period])).length) {
      throw errors.periodAlreadyClosed(period);
    }
    const blockers = blockersOf(await readMonth(trx, client, period));
    if (blockers.items.length || blockers.documents.length) throw errors.periodNotWhole(period, blockers);
    await upsertPeriod(
      trx,
      { companyId: client.company_id, clientId: client.id, period },
      { closed_at: closedAt, closed_by: scope.actor.id },
    );
    await recordActivity(trx, scope, originOf(request), {
      action: 'period.close',
      companyId: client.company_id,
      clientId: client.id,
      period,
    });
  });
  return { message: `Luna ${monthName(period)} a fost închisă.`, closed_at: closedAt.toISOString() };
}

/** periods/{period}/reopen (company door, owner): a month not closed → 409. */
export async function reopenPeriod(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  period: string,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const client = await loadMonthClient(trx, scope, clientId, 'update');
    if (!(await closedPeriods(trx, client.id, [period])).length) {
      throw errors.periodNotClosed(period);
    }
    await upsertPeriod(
      trx,
      { companyId: client.company_id, clientId: client.id, period },
      { closed_at: null, closed_by: null, reopened_at: new Date(), reopened_by: scope.actor.id },
    );
    await recordActivity(trx, scope, originOf(request), {
      action: 'period.reopen',
      companyId: client.company_id,
      clientId: client.id,
      period,
    });
  });
  return { message: `Luna ${monthName(period)} a fost redeschisă.` };
}
