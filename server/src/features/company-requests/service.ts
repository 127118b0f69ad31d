import type { Actor } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { type AppError, errors, type FieldErrors } from '../../infra/errors.js';
import { renderMail } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { assertEmailVerified, isEmail, normalizeEmail } from '../auth/index.js';
import { provisionCompany, retireUnverifiedAccount } from '../companies/index.js';
import { pagedList, toIso } from '../../lib/paging.js';
import { prepareSetPasswordMail } from '../users/index.js';
import * as repo from './repository.js';

/**
 * Company requests: a holding (role 4) invites an accounting
 * company; the e-mailed link /company-request/{hash} confirms (company and
 * owner created, or the existing owner's company, linked to the holding) or
 * rejects. Only SHA-256 of the hash is stored; a hash works once.
 */

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config' | 'limiter'>;

export const REQUEST_DAYS = 14;
const PUBLIC_CALLS_PER_IP_PER_MINUTE = 30;
const INVITATIONS_PER_HOLDING_PER_HOUR = 20;
/** 256 random bits, base64url: 43 characters. */
const HASH_FORMAT = /^[A-Za-z0-9_-]{20,100}$/;

const requestNotFound = () => errors.notFound('Cererea', 'Verifică dacă ai copiat corect linkul din e-mail.');
const requestUsed = (status: repo.RequestStatus) => errors.requestUsed(status === 'confirmed');

async function throttle(ctx: Ctx, key: string, limit: number, windowSeconds: number): Promise<void> {
  const { allowed, retryAfter } = await ctx.limiter.hit(key, limit, windowSeconds);
  if (!allowed) throw errors.throttled(retryAfter);
}

export function presentRequest(row: repo.CompanyRequestRow, now = new Date()) {
  return {
    id: row.id,
    name: row.name,
    cui: row.cui,
    email: row.email,
    status: row.status,
    expired: row.status === 'pending' && new Date(row.expires_at) <= now,
    expires_at: toIso(row.expires_at) as string,
    created_at: toIso(row.created_at) as string,
    decided_at: toIso(row.decided_at),
    company_id: row.company_id,
  };
}

// ---- the holding side (role 4) -------------------------------------------

export async function createRequest(
  ctx: Ctx,
  actor: Actor,
  holdingId: number,
  body: { name: string; cui: string; email: string },
) {
  await assertEmailVerified(ctx.db, actor.id);
  const name = body.name.trim();
  const cui = normalizeCui(body.cui);
  const email = normalizeEmail(body.email);
  const problems: FieldErrors = {};
  if (!name) problems.name = [fieldMessages.shared.companyNameRequired];
  if (!isValidCui(cui)) problems.cui = [fieldMessages.companyRequests.cuiInvalid];
  if (!isEmail(email)) problems.email = [fieldMessages.companyRequests.emailInvalid];
  if (Object.keys(problems).length) throw errors.validation(problems);

  const account = await repo.findAccountByEmail(ctx.db, email);
  if (account?.live_company_id) {
    if (await repo.isLinked(ctx.db, account.live_company_id, holdingId))
      throw errors.field('email', fieldMessages.companyRequests.alreadyLinked);
  }
  await throttle(ctx, `company-request-create:${holdingId}`, INVITATIONS_PER_HOLDING_PER_HOUR, 3600);

  const hash = randomSecret(32);
  const expiresAt = new Date(Date.now() + REQUEST_DAYS * 24 * 60 * 60 * 1000);
  const id = await repo.insertRequest(ctx.db, {
    hashSha256: sha256(hash),
    holdingId,
    name,
    cui,
    email,
    expiresAt,
    createdBy: actor.id,
  });
  const row = (await repo.findInHolding(ctx.db, holdingId, id)) as repo.CompanyRequestRow;
  await ctx.mailer.send(
    renderMail(email, {
      subject: `Invitație de colaborare de la holdingul „${row.holding_name}”`,
      paragraphs: [
        `Holdingul „${row.holding_name}” vă invită să lucrați împreună în Dosar, portalul de documente pentru contabilitate, ca firmă de contabilitate „${name}” (CUI ${cui}).`,
        'Dacă acceptați, compania va fi legată de holding: veți vedea clienții și documentele pe care holdingul le încarcă. Dacă nu aveți încă un cont Dosar, îl creăm și primiți un e-mail pentru setarea parolei.',
        `Invitația este valabilă ${REQUEST_DAYS} zile și poate fi folosită o singură dată. O puteți accepta sau refuza din pagina de mai jos.`,
      ],
      action: { label: 'Vezi invitația', url: `${ctx.config.publicUrl}company-request/${hash}` },
    }),
  );
  return { message: 'Invitația a fost trimisă pe e-mail.', request: presentRequest(row) };
}

export async function listRequests(
  ctx: Ctx,
  holdingId: number,
  query: { page?: string; per_page?: string; status?: repo.RequestStatus },
) {
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 20) || 20));
  const { rows, total } = await repo.listForHolding(ctx.db, holdingId, { page, perPage, status: query.status });
  const now = new Date();
  return pagedList(
    rows.map((r) => presentRequest(r, now)),
    { page, perPage },
    total,
  );
}

// ---- the public link -----------------------------------------------------

/** The pending, unexpired request behind a hash; 404 unknown, 410 used or expired. */
async function loadOpen(ctx: Ctx, ip: string, hash: string): Promise<repo.CompanyRequestRow> {
  await throttle(ctx, `company-request:${ip}`, PUBLIC_CALLS_PER_IP_PER_MINUTE, 60);
  if (!HASH_FORMAT.test(hash)) throw requestNotFound();
  const row = await repo.findByHash(ctx.db, sha256(hash));
  if (!row) throw requestNotFound();
  if (row.status !== 'pending') throw requestUsed(row.status);
  if (new Date(row.expires_at) <= new Date()) throw errors.requestExpired();
  return row;
}

/** After a lost race (decide changed nothing) the row tells which 410 to answer. */
async function refusalAfterRace(ctx: Ctx, row: repo.CompanyRequestRow): Promise<AppError> {
  const now = await repo.findInHolding(ctx.db, row.holding_id, row.id);
  if (now && now.status !== 'pending') return requestUsed(now.status);
  return errors.requestExpired();
}

export async function showRequest(ctx: Ctx, ip: string, hash: string) {
  const row = await loadOpen(ctx, ip, hash);
  return {
    holding: { name: row.holding_name },
    company: { name: row.name, cui: row.cui, email: row.email },
    status: row.status,
    expires_at: toIso(row.expires_at) as string,
  };
}

class LostRace extends Error {}

function holdingNotice(
  contact: { email: string; name: string; email_verified: boolean } | undefined,
  row: repo.CompanyRequestRow,
  accepted: boolean,
): MailMessage[] {
  if (!contact?.email_verified) return [];
  return [
    renderMail(contact.email, {
      subject: accepted ? `„${row.name}” a acceptat invitația` : `„${row.name}” a refuzat invitația`,
      greeting: `Bună ziua, ${contact.name},`,
      paragraphs: [
        accepted
          ? `Compania „${row.name}” a acceptat invitația holdingului „${row.holding_name}” și apare acum în lista companiilor cu care lucrați.`
          : `Compania „${row.name}” a refuzat invitația holdingului „${row.holding_name}”.`,
      ],
    }),
  ];
}

export async function confirmRequest(ctx: Ctx, ip: string, hash: string, body: { name?: string } | null | undefined) {
  const row = await loadOpen(ctx, ip, hash);
  const ownerName = body?.name?.trim() || row.name;
  const now = new Date();
  let outcome: { company: { id: number; name: string }; created: boolean; claimed: boolean; mails: MailMessage[] };
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.decide(trx, row.id, 'confirmed', now))) throw new LostRace();
      let account = await repo.findAccountByEmail(trx, row.email);
      // The link proves the invited address. An account that holds it without ever proving it is a
      // squatter (someone registered the firm's address first): it is retired, never linked.
      if (account && !account.email_verified) {
        await retireUnverifiedAccount(trx, account, { subject: `company_request:${row.id}`, ip });
        account = undefined;
      }
      const mails: MailMessage[] = [];
      let company: { id: number; name: string };
      let claimed = false;
      if (account) {
        if (account.role !== 2 || !account.live_company_id) {
          throw errors.invitedAddressNotOwner();
        }
        company = { id: account.live_company_id, name: account.company_name as string };
      } else {
        const { companyId, ownerId, cuiClaim } = await provisionCompany(
          trx,
          { name: row.name, cui: row.cui, email: row.email, phone: null },
          { name: ownerName, email: row.email, password_hash: null },
        );
        claimed = cuiClaim !== null;
        mails.push(
          await prepareSetPasswordMail(
            trx,
            ctx.config,
            { id: ownerId, email: row.email, name: ownerName },
            `Compania „${row.name}” a fost creată în Dosar la invitația holdingului „${row.holding_name}”, iar tu ești proprietarul contului.`,
          ),
        );
        company = { id: companyId, name: row.name };
      }
      await repo.linkCompany(trx, company.id, row.holding_id);
      await repo.setCompany(trx, row.id, company.id);
      const contact = row.created_by ? await repo.findUserContact(trx, row.created_by) : undefined;
      mails.push(...holdingNotice(contact, row, true));
      return { company, created: !account, claimed, mails };
    });
  } catch (error) {
    if (error instanceof LostRace) throw await refusalAfterRace(ctx, row);
    if ((error as { code?: string }).code === '23505') throw errors.invitedAddressTaken();
    throw error;
  }
  for (const mail of outcome.mails) await ctx.mailer.send(mail);
  const claim = outcome.claimed
    ? ' CUI-ul este deja folosit de altă companie din Dosar; am trimis cererea administratorului platformei, care o va verifica.'
    : '';
  return {
    message: outcome.created
      ? `Cererea a fost confirmată. Compania „${outcome.company.name}” a fost creată și legată de holding; vei primi un e-mail pentru setarea parolei.${claim}`
      : `Cererea a fost confirmată. Compania „${outcome.company.name}” a fost legată de holdingul „${row.holding_name}”.`,
    company: outcome.company,
  };
}

export async function rejectRequest(ctx: Ctx, ip: string, hash: string) {
  const row = await loadOpen(ctx, ip, hash);
  if (!(await repo.decide(ctx.db, row.id, 'rejected', new Date()))) throw await refusalAfterRace(ctx, row);
  const contact = row.created_by ? await repo.findUserContact(ctx.db, row.created_by) : undefined;
  for (const mail of holdingNotice(contact, row, false)) await ctx.mailer.send(mail);
  return { message: 'Cererea a fost respinsă. Holdingul a fost anunțat.' };
}
