import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { unlinked } from '../../infra/mail-templates.js';
import { pagedList, paging } from '../../lib/paging.js';
import { assertEmailVerified, emailTaken, isEmail, normalizeEmail } from '../auth/index.js';
import { assertCanAddUser, lockTenants } from '../billing/index.js';
import type { DoorKind, TenantScope } from '../doors/index.js';
import { prepareSetPasswordMail } from './invitation.js';
import { canDeleteUser, isManagedRole, removesLastPrivileged, type ManagedRole } from './policy.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';

/**
 * A tenant's users, one set of rules for both doors: the scope says which tenant (a company's
 * roles 2/3, a holding's roles 4/5); the tenant keeps its last privileged user; nobody deletes
 * themself; e-mails are unique even when two requests race; new users are invited by e-mail.
 */

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config' | 'limiter'>;

/**
 * Adding or re-addressing a user must say when the address already has an account, so it is the
 * one place a tenant can ask: each tenant gets a budget of such checks an hour, after which 429.
 */
export const ADDRESS_CHECKS_PER_TENANT_PER_HOUR = 30;

export async function spendAddressCheck(
  ctx: Pick<AppContext, 'limiter'>,
  scope: Pick<TenantScope, 'kind' | 'id'>,
): Promise<void> {
  const key = `address-checks:${scope.kind}:${scope.id}`;
  const { allowed, retryAfter } = await ctx.limiter.hit(key, ADDRESS_CHECKS_PER_TENANT_PER_HOUR, 3600);
  if (!allowed) throw errors.throttled(retryAfter);
}

export const userNotFound = () => errors.notFound('Utilizatorul');

const TENANT_ARTICLE: Record<DoorKind, string> = { company: 'compania', holding: 'holdingul' };

const ROLE_NAMES: Record<ManagedRole, string> = { 2: 'proprietar', 3: 'angajat', 4: 'administrator', 5: 'utilizator' };

/** The last privileged user stays: one message for deleting and demoting, on both doors (422 on `role`). */
export const lastPrivileged = (kind: DoorKind) => errors.field('role', fieldMessages.users.lastPrivileged(kind));

const emailInUse = () => errors.field('email', fieldMessages.shared.emailTaken);

/** Runs `work`; a second account with the same e-mail (two requests racing) answers 422 like the early check. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isDuplicateEmail(error)) throw emailInUse();
    throw error;
  }
}

export interface UserListQuery {
  page?: string;
  per_page?: string;
  search?: string;
  sort?: repo.UserSort;
  direction?: 'asc' | 'desc';
}

/** GET users: privileged users first, then by name, unless another order is asked for. */
export async function listUsers(ctx: Ctx, scope: TenantScope, query: UserListQuery) {
  const p = paging({
    page: query.page ? Number(query.page) : undefined,
    per_page: query.per_page ? Number(query.per_page) : undefined,
    search: query.search,
  });
  const { rows, total } = await repo.listUsers(ctx.db, scope, {
    search: p.search,
    sort: query.sort ?? 'role',
    direction: query.direction ?? 'asc',
    offset: p.offset,
    limit: p.perPage,
  });
  return pagedList(rows.map(presentUser), p, total);
}

interface UserInput {
  name?: string;
  email?: string;
  role?: number;
}

/** Trims the name, normalises the e-mail, checks the role belongs to the door; every problem at once. */
export function cleanInput(kind: DoorKind, input: UserInput): { name?: string; email?: string; role?: ManagedRole } {
  const out: { name?: string; email?: string; role?: ManagedRole } = {};
  const problems: FieldErrors = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) problems.name = [fieldMessages.shared.nameRequired];
  }
  if (input.email !== undefined) {
    out.email = normalizeEmail(input.email);
    if (!isEmail(out.email)) problems.email = [fieldMessages.shared.emailInvalid];
  }
  if (input.role !== undefined) {
    if (isManagedRole(kind, input.role)) out.role = input.role;
    else problems.role = [fieldMessages.users.roleNotAllowed];
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
  return out;
}

async function present(ctx: Ctx, scope: TenantScope, userId: number) {
  const user = await repo.findUser(ctx.db, scope, userId);
  if (!user) throw userNotFound();
  return presentUser(user);
}

/** storeUser: an account without a password, within the plan's user limit; an e-mail invites the user to set one. */
export async function createUser(ctx: Ctx, scope: TenantScope, body: { name: string; email: string; role: number }) {
  await assertEmailVerified(ctx.db, scope.actor.id);
  const fields = cleanInput(scope.kind, body) as { name: string; email: string; role: ManagedRole };
  await spendAddressCheck(ctx, scope);
  if (await emailTaken(ctx.db, fields.email)) throw emailInUse();
  const { id, mail } = await uniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      await lockTenants(trx, [scope]);
      await assertCanAddUser(trx, { kind: scope.kind, id: scope.id });
      const userId = await repo.insertUser(trx, scope, fields);
      const tenant = await repo.tenantName(trx, scope);
      const invitation = `${unlinked(scope.actor.name)} te-a adăugat ca ${ROLE_NAMES[fields.role]} în ${TENANT_ARTICLE[scope.kind]} „${unlinked(tenant)}” din Dosar.`;
      const message = await prepareSetPasswordMail(
        trx,
        ctx.config,
        { id: userId, email: fields.email, name: fields.name },
        invitation,
      );
      return { id: userId, mail: message };
    }),
  );
  await ctx.mailer.send(mail);
  return {
    message: 'Utilizatorul a fost creat și a primit un e-mail pentru setarea parolei.',
    user: await present(ctx, scope, id),
  };
}

/** users/{id}/update: name, e-mail, role; the last privileged user keeps the role. */
export async function updateUser(ctx: Ctx, scope: TenantScope, userId: number, body: UserInput) {
  const patch = cleanInput(scope.kind, body);
  await uniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      const privileged = await repo.lockPrivileged(trx, scope);
      const target = await repo.findUser(trx, scope, userId);
      if (!target) throw userNotFound();
      if (removesLastPrivileged(scope.kind, privileged, target, { role: patch.role })) throw lastPrivileged(scope.kind);
      if (patch.email === normalizeEmail(target.email)) delete patch.email;
      else if (patch.email) {
        await spendAddressCheck(ctx, scope);
        if (await emailTaken(trx, patch.email, userId)) throw emailInUse();
      }
      await repo.updateUser(trx, scope, userId, patch);
    }),
  );
  return { message: 'Utilizatorul a fost actualizat.', user: await present(ctx, scope, userId) };
}

/** users/{id}/delete: soft, ends the user's sessions; never the last privileged user, never oneself. */
export async function deleteUser(ctx: Ctx, scope: TenantScope, userId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const privileged = await repo.lockPrivileged(trx, scope);
    const target = await repo.findUser(trx, scope, userId);
    if (!target) throw userNotFound();
    if (removesLastPrivileged(scope.kind, privileged, target, { deleted: true })) throw lastPrivileged(scope.kind);
    if (!canDeleteUser(scope.actor, target)) throw errors.field('id', fieldMessages.users.cannotDeleteSelf);
    await repo.softDeleteUser(trx, scope, userId);
  });
  return { message: 'Utilizatorul a fost șters.' };
}
