import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { renderMail, unlinked } from '../../infra/mail-templates.js';
import { spendTenantMessages, tenantSubject } from '../../infra/tenant-mail.js';
import type { MailMessage } from '../../infra/mailer.js';
import { pagedList, paging, toIso, type PagingInput } from '../../lib/paging.js';
import { fold } from '../../lib/search-text.js';
import { assertEmailVerified, emailTaken } from '../auth/index.js';
import { prepareSetPasswordMail } from '../users/index.js';
import type { TenantScope } from '../doors/index.js';
import * as repo from './repository.js';

/**
 * The links between companies and holdings, seen from either door: a company lists and notifies the
 * holdings it works with, a holding lists the companies it works with, and either ends a link.
 */

type Scope = Pick<TenantScope, 'kind' | 'id' | 'firm'>;

export const holdingNotFound = () => errors.notFound('Holdingul');
export const companyNotFound = () => errors.notFound('Compania');

/** The holding when it is live and linked to the company, else 404 (never another company's view of it). */
export async function loadLinkedHolding(ctx: Pick<AppContext, 'db'>, companyId: number, holdingId: number) {
  const holding = await repo.findLinkedHolding(ctx.db, companyId, holdingId);
  if (!holding) throw holdingNotFound();
  return holding;
}

export interface HoldingListBody extends PagingInput {
  sort?: 'name' | 'created_at';
}

/** The company door's `holdings`: the holdings it works with, with their clients, users and categories there. */
export async function listHoldings(ctx: AppContext, scope: Scope, body: HoldingListBody) {
  const p = paging(body);
  const { rows, total } = await repo.listLinkedHoldings(ctx.db, {
    companyId: scope.id,
    search: fold(p.search),
    offset: p.offset,
    limit: p.perPage,
    sort: body.sort ?? 'name',
    direction: body.direction ?? 'asc',
  });
  return pagedList(
    rows.map((r) => ({
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
    p,
    total,
  );
}

/** Query strings arrive as text (digits, checked by the schema). */
export interface CompanyListQuery {
  page?: string;
  per_page?: string;
  search?: string;
  sort?: 'name' | 'linked_at';
  direction?: 'asc' | 'desc';
}

/** The holding door's `companies`: the companies it works with and its clients at each. */
export async function listCompanies(ctx: AppContext, scope: Scope, query: CompanyListQuery) {
  const p = paging({
    page: query.page === undefined ? undefined : Number(query.page),
    // The query string allows three digits; a list never pages by more than 100.
    per_page: query.per_page === undefined ? undefined : Math.min(100, Number(query.per_page)),
    search: query.search,
  });
  const { rows, total } = await repo.listLinkedCompanies(ctx.db, {
    holdingId: scope.id,
    firm: scope.firm,
    search: fold(p.search),
    offset: p.offset,
    limit: p.perPage,
    sort: query.sort ?? 'name',
    direction: query.direction ?? 'asc',
  });
  return pagedList(
    rows.map((r) => ({ ...r, linked_at: toIso(r.linked_at) as string })),
    p,
    total,
  );
}

/**
 * Ends the link between the caller and the other side (`otherId`: a holding for a company, a company
 * for a holding). Nothing else changes: clients, documents and categories stay where they are.
 * Another tenant's id, or one not linked (or deleted), is 404.
 */
export async function unlink(ctx: AppContext, scope: Scope, otherId: number) {
  if (scope.kind === 'company') {
    await loadLinkedHolding(ctx, scope.id, otherId);
    await repo.unlink(ctx.db, scope.id, otherId);
    return { message: 'Holdingul a fost eliminat din companie. Clienții și documentele lor au rămas.' };
  }
  if (!(await repo.isCompanyLinked(ctx.db, scope.id, otherId)) || !(await repo.unlink(ctx.db, otherId, scope.id))) {
    throw companyNotFound();
  }
  return { message: 'Compania a fost eliminată din holding. Clienții și documentele rămân păstrate.' };
}

/** Two requests racing for one e-mail: the unique index (users_email_unique) decides, the loser gets 422. */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * holdings/{id}/notify {message, subject?}. A holding without a role-4 account gets one (its contact
 * e-mail, no password) and an invitation to set the password; otherwise its role-4 users get the
 * message (with a fresh set-password link for those who never set one). The tenant-written mail
 * budgets (infra/tenant-mail.ts) are shared with the company's client messages.
 */
export async function notifyHolding(
  ctx: AppContext,
  scope: Scope & { actor: { id: number } },
  holdingId: number,
  body: { message: string; subject?: string | null },
) {
  await assertEmailVerified(ctx.db, scope.actor.id);
  const companyId = scope.id;
  const holding = await loadLinkedHolding(ctx, companyId, holdingId);
  const companyName = await repo.findCompanyName(ctx.db, companyId);
  // The firm's words go from Dosar's address: shown as text, never as a link.
  const message = unlinked(body.message.trim());
  const subject = unlinked(tenantSubject(companyName, body.subject));
  const invitation = `${unlinked(companyName)} te invită în Dosar ca administrator al holdingului „${unlinked(holding.name)}”.`;
  const admins = await repo.findHoldingAdmins(ctx.db, holdingId);

  if (admins.length === 0) {
    if (!holding.email) {
      throw errors.field('email', fieldMessages.links.holdingUnreachable);
    }
    const email = holding.email.trim().toLowerCase();
    await spendTenantMessages(ctx.limiter, `company:${companyId}`, [email], scope.actor.id);
    const taken = () => errors.field('email', fieldMessages.links.holdingEmailTaken);
    if (await emailTaken(ctx.db, email)) throw taken();
    const name = `Administrator ${holding.name}`;
    const mail = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const userId = await repo.insertHoldingAdmin(trx, holdingId, { name, email });
        return prepareSetPasswordMail(trx, ctx.config, { id: userId, email, name }, invitation, message);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
    await ctx.mailer.send(mail);
    return { message: 'Invitația a fost trimisă.', invited: true, recipients: 1 };
  }

  await spendTenantMessages(
    ctx.limiter,
    `company:${companyId}`,
    admins.map((a) => a.email),
    scope.actor.id,
  );
  const mails: MailMessage[] = [];
  // An administrator who set a password proved the address with that link; one who never proved it gets nothing.
  for (const admin of admins.filter((a) => !a.has_password || a.email_verified)) {
    mails.push(
      admin.has_password
        ? renderMail(admin.email, {
            subject,
            greeting: `Bună ziua, ${admin.name},`,
            paragraphs: [message, `Mesaj trimis de ${unlinked(companyName)} prin Dosar.`],
            footer: unlinked(companyName),
          })
        : await prepareSetPasswordMail(ctx.db, ctx.config, admin, invitation, message),
    );
  }
  for (const mail of mails) await ctx.mailer.send(mail);
  return { message: 'Mesajul a fost trimis.', invited: false, recipients: mails.length };
}
