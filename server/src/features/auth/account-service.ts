import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { issueToken, revokeAllTokens } from '../../infra/auth.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { hashPassword } from '../../infra/passwords.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { provisionCompany } from '../companies/index.js';
import type { MailMessage } from '../../infra/mailer.js';
import { prepareVerificationMail } from './email-service.js';
import { isEmail, newPasswordErrors } from './policy.js';
import * as repo from './repository.js';
import type { RegisterBody } from './schemas.js';
import { isUniqueViolation, mustPresent, type RequestMeta, type Session } from './service.js';
import { isValidPhone } from '../../lib/phone.js';

/** Accounts created outside a tenant's own screens: self-registration and the platform administrator. */

export const REGISTRATIONS_PER_IP_PER_HOUR = 10;

export const CUI_CLAIMED =
  'CUI-ul este deja folosit de altă companie din Dosar; am trimis cererea administratorului platformei, care o va verifica.';

export type Registration = Session & { cui_claim: { status: 'pending' } | null; message: string };

/**
 * POST /company/create (public, /register): an active company, its owner (role 2), signed in — with an
 * unverified address, to which a verification link goes. A CUI another live company has doesn't fail:
 * the company is born without it and the claim goes to the platform administrator.
 */
export async function registerCompany(ctx: AppContext, body: RegisterBody, meta: RequestMeta): Promise<Registration> {
  const { db, limiter } = ctx;
  const { allowed, retryAfter } = await limiter.hit(`register:${meta.ip}`, REGISTRATIONS_PER_IP_PER_HOUR, 3600);
  if (!allowed) throw errors.tooManyAttempts(retryAfter);

  const problems: FieldErrors = {};
  const companyName = body.company_name.trim();
  if (!companyName) problems.company_name = [fieldMessages.shared.companyNameRequired];
  if (!isValidCui(body.cui)) problems.cui = [fieldMessages.shared.cuiInvalid];
  const companyEmail = body.company_email?.trim() ? repo.normalizeEmail(body.company_email) : null;
  if (companyEmail && !isEmail(companyEmail)) problems.company_email = [fieldMessages.account.companyEmailInvalid];
  const phone = body.phone?.trim() || null;
  if (phone && !isValidPhone(phone)) problems.phone = [fieldMessages.shared.phoneInvalid];
  const name = body.name.trim();
  if (!name) problems.name = [fieldMessages.shared.personNameRequired];
  const email = repo.normalizeEmail(body.email);
  if (await repo.emailTaken(db, email)) problems.email = [fieldMessages.shared.emailTaken];
  Object.assign(problems, newPasswordErrors(body.password, body.password_confirmation));
  if (Object.keys(problems).length) throw errors.validation(problems);

  const passwordHash = await hashPassword(body.password);
  let created: { userId: number; token: string; mail: MailMessage; claimed: boolean };
  try {
    created = await db.transaction().execute(async (trx) => {
      const {
        companyId,
        ownerId: userId,
        cuiClaim,
      } = await provisionCompany(
        trx,
        { name: companyName, cui: normalizeCui(body.cui), email: companyEmail, phone },
        { name, email, password_hash: passwordHash },
      );
      await repo.recordAudit(trx, { userId, action: 'register', subject: `company:${companyId}`, ip: meta.ip });
      const mail = await prepareVerificationMail(trx, ctx.config, { id: userId, email, name });
      const token = await issueToken(trx, userId, { userAgent: meta.userAgent ?? null, ip: meta.ip });
      return { userId, token, mail, claimed: cuiClaim !== null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.field('email', fieldMessages.shared.emailTaken);
    throw error;
  }
  await repo.touchLastSeen(db, created.userId);
  await ctx.mailer.send(created.mail);
  const verify = `Ți-am trimis un link de confirmare la ${email}: deschide-l ca să confirmi adresa contului.`;
  return {
    user: await mustPresent(db, created.userId),
    token: created.token,
    cui_claim: created.claimed ? { status: 'pending' } : null,
    message: created.claimed ? `${verify} ${CUI_CLAIMED}` : verify,
  };
}

/**
 * `npm run admin:create`: creates a platform administrator (role 1), or gives an existing one a new
 * password (and name, when given), ending their sessions and reset links. An e-mail of another role's
 * account is refused (answered, not thrown: the caller words it).
 */
export async function setPlatformAdmin(
  db: Db,
  input: { email: string; password: string; name: string | null },
): Promise<'created' | 'updated' | { takenByRole: number }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findUserByEmail(trx, input.email);
    if (existing && existing.role !== 1) return { takenByRole: existing.role };
    if (existing) {
      await repo.updateUser(trx, existing.id, {
        password_hash: passwordHash,
        ...(input.name ? { name: input.name } : {}),
      });
      await repo.invalidateResetTokens(trx, existing.id, new Date());
      await revokeAllTokens(trx, existing.id);
      await repo.recordAudit(trx, { userId: existing.id, action: 'cli.admin_password', subject: input.email });
      return 'updated';
    }
    const id = await repo.insertUser(trx, {
      name: input.name ?? 'Administrator',
      email: input.email,
      password_hash: passwordHash,
      role: 1,
      email_verified_at: new Date(),
    });
    await repo.recordAudit(trx, { userId: id, action: 'cli.admin_create', subject: input.email });
    return 'created';
  });
}
