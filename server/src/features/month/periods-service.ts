import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { renderMail } from '../../infra/mail-templates.js';
import { enqueueMany } from '../../infra/outbox.js';
import { monthName } from '../../lib/ro-calendar.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { closedPeriods } from './checklist-repository.js';
import { loadMonthClient } from './checklist-service.js';
import { clientsOf, mailableUsers, upsertPeriod } from './review-repository.js';

/**
 * A client's month as a whole (docs/api/month.md, "Months as a whole"): the holding's "Am terminat" (the
 * firm's owners and staff hear of it), the firm's owner's close and reopen. Each act locks the client's
 * row, so it never crosses an upload, a review or another act on the same month.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** periods/{period}/done (holding door). */
export async function markDone(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  period: string,
) {
  const doneAt = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const client = await loadMonthClient(trx, scope, clientId, 'update');
    if ((await closedPeriods(trx, client.id, [period])).length) throw errors.periodClosed(period);
    await upsertPeriod(
      trx,
      { companyId: client.company_id, clientId: client.id, period },
      { done_at: doneAt, done_by: scope.actor.id },
    );
    await recordActivity(trx, scope, originOf(request), {
      action: 'period.done',
      companyId: client.company_id,
      clientId: client.id,
      period,
    });
    const [named] = await clientsOf(trx, client.company_id, [client.id]);
    const staff = await mailableUsers(trx, { companyId: client.company_id });
    const url = `${ctx.config.publicUrl.replace(/\/$/, '')}/company`;
    await enqueueMany(
      trx,
      staff.map((person) =>
        renderMail(person.email, {
          subject: `${client.name} a terminat ${monthName(period)}`,
          greeting: `Bună ziua, ${person.name},`,
          paragraphs: [
            `${scope.actor.name} (${client.name}) a anunțat că a trimis toate documentele pentru ${monthName(period)}.`,
            'Le poți verifica și închide luna din Dosar.',
          ],
          action: { label: 'Deschide Dosar', url },
          footer: named?.company_name ?? 'Echipa Dosar',
        }),
      ),
    );
  });
  return {
    message: `Firma de contabilitate a fost anunțată că ai terminat ${monthName(period)}.`,
    done_at: doneAt.toISOString(),
  };
}

/** periods/{period}/close (company door, owner): already closed → 409. */
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
