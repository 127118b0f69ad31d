import type { AppContext } from '../../../infra/context.js';
import { AppError, errors } from '../../../infra/errors.js';
import { renderMail } from '../../../infra/mail-templates.js';
import type { MailMessage } from '../../../infra/mailer.js';
import { emailTaken } from '../../auth/repository.js';
import { findCompanyName } from '../clients/repository.js';
import { prepareSetPasswordMail } from '../../users/index.js';
import { fold, pageMeta, paging, toIso, type PagingInput } from '../schemas.js';
import * as repo from './repository.js';

export const holdingNotFound = () => new AppError(404, 'not_found', 'Grupul nu a fost găsit.');

export async function loadLinkedHolding(ctx: Pick<AppContext, 'db'>, companyId: number, holdingId: number) {
  const holding = await repo.findLinkedHolding(ctx.db, companyId, holdingId);
  if (!holding) throw holdingNotFound();
  return holding;
}

export interface HoldingListBody extends PagingInput {
  sort?: 'name' | 'created_at';
}

export async function listHoldings(ctx: AppContext, companyId: number, body: HoldingListBody) {
  const p = paging(body);
  const { rows, total } = await repo.listLinkedHoldings(ctx.db, {
    companyId,
    search: fold(p.search),
    offset: p.offset,
    limit: p.perPage,
    sort: body.sort ?? 'name',
    direction: body.direction ?? 'asc',
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      cui: r.cui,
      email: r.email,
      linked_at: toIso(r.linked_at) as string,
      clients_count: r.clients_count,
      users_count: r.users_count,
      admins_count: r.admins_count,
      categories_count: r.categories_count,
    })),
    meta: pageMeta(p, total),
  };
}

const NOTIFY_LIMIT_PER_HOUR = 60;

/**
 * holdings/{id}/notify {message, subject?}. A holding without a role-4
 * account gets one (its contact e-mail, no password) and an invitation to set
 * the password; otherwise its role-4 users get the message (with a fresh
 * set-password link for those who never set one).
 */
export async function notifyHolding(
  ctx: AppContext,
  companyId: number,
  holdingId: number,
  body: { message: string; subject?: string | null },
) {
  const holding = await loadLinkedHolding(ctx, companyId, holdingId);
  const { allowed, retryAfter } = await ctx.limiter.hit(`company-notify:${companyId}`, NOTIFY_LIMIT_PER_HOUR, 3600);
  if (!allowed) throw errors.throttled(retryAfter);
  const companyName = await findCompanyName(ctx.db, companyId);
  const message = body.message.trim();
  const subject = body.subject?.trim() || `Mesaj de la ${companyName}`;
  const admins = await repo.findHoldingAdmins(ctx.db, holdingId);

  if (admins.length === 0) {
    if (!holding.email) {
      throw errors.field(
        'email',
        'Grupul nu are niciun administrator și nicio adresă de e-mail: nu avem cui trimite invitația.',
      );
    }
    const email = holding.email.trim().toLowerCase();
    if (await emailTaken(ctx.db, email)) {
      throw errors.field('email', 'Adresa de e-mail a grupului este deja folosită de alt cont.');
    }
    const invitation = `${companyName} te invită în Dosar ca administrator al grupului „${holding.name}”.`;
    const mail = await ctx.db.transaction().execute(async (trx) => {
      const userId = await repo.insertHoldingAdmin(trx, holdingId, { name: `Administrator ${holding.name}`, email });
      return prepareSetPasswordMail(
        trx,
        ctx.config,
        { id: userId, email, name: `Administrator ${holding.name}` },
        invitation,
        message,
      );
    });
    await ctx.mailer.send(mail);
    return { message: 'Invitația a fost trimisă.', invited: true, recipients: 1 };
  }

  const mails: MailMessage[] = [];
  for (const admin of admins) {
    if (!admin.has_password) {
      mails.push(
        await prepareSetPasswordMail(
          ctx.db,
          ctx.config,
          admin,
          `${companyName} te invită în Dosar ca administrator al grupului „${holding.name}”.`,
          message,
        ),
      );
      continue;
    }
    mails.push(
      renderMail(admin.email, {
        subject,
        greeting: `Bună ziua, ${admin.name},`,
        paragraphs: [message, `Mesaj trimis de ${companyName} prin Dosar.`],
        footer: companyName,
      }),
    );
  }
  for (const mail of mails) await ctx.mailer.send(mail);
  return { message: 'Mesajul a fost trimis.', invited: false, recipients: mails.length };
}

/** holdings/{id}/delete: the company stops working with the holding; clients and documents stay. */
export async function unlinkHolding(ctx: AppContext, companyId: number, holdingId: number) {
  await loadLinkedHolding(ctx, companyId, holdingId);
  await ctx.db.transaction().execute((trx) => repo.unlinkHolding(trx, companyId, holdingId));
  return { message: 'Grupul a fost eliminat din companie. Clienții și documentele lor au rămas.' };
}
