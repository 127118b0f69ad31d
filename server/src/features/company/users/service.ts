import type { Actor } from '../../../infra/auth.js';
import type { AppContext } from '../../../infra/context.js';
import { AppError, errors } from '../../../infra/errors.js';
import { isEmail } from '../../auth/policy.js';
import { emailTaken, normalizeEmail } from '../../auth/repository.js';
import { findCompanyName } from '../../links/index.js';
import { canDeleteCompanyUser, removesLastOwner } from '../policy.js';
import { pageMeta, paging, toIso, type PagingInput } from '../schemas.js';
import { prepareSetPasswordMail } from '../set-password.js';
import * as repo from './repository.js';
import { assertCanAddUser } from '../../billing/index.js';

export const userNotFound = () => new AppError(404, 'not_found', 'Utilizatorul nu a fost găsit.');
const lastOwner = () =>
  errors.field(
    'role',
    'Compania trebuie să aibă cel puțin un proprietar (rol 2): acesta este ultimul și nu poate fi șters sau retrogradat.',
  );
const emailInUse = () => errors.field('email', 'Adresa de e-mail este deja folosită de alt cont.');

const ROLE_NAMES: Record<2 | 3, string> = { 2: 'proprietar', 3: 'angajat' };

export function presentCompanyUser(u: repo.CompanyUserRow) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    created_at: toIso(u.created_at) as string,
    last_seen_at: toIso(u.last_seen_at),
    invited: !u.has_password,
  };
}

export async function listUsers(ctx: AppContext, companyId: number, query: PagingInput) {
  const p = paging(query, 100);
  const { rows, total } = await repo.listCompanyUsers(ctx.db, {
    companyId,
    search: p.search,
    offset: p.offset,
    limit: p.perPage,
  });
  return { data: rows.map(presentCompanyUser), meta: pageMeta(p, total) };
}

function checkEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isEmail(email)) throw errors.field('email', 'Câmpul e-mail trebuie să fie o adresă de e-mail validă.');
  return email;
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw errors.field('name', 'Câmpul nume este obligatoriu.');
  return name;
}

/** storeUser {name, email, role 2|3}: the account has no password; an e-mail invites the user to set one. */
export async function createUser(
  ctx: AppContext,
  companyId: number,
  body: { name: string; email: string; role: 2 | 3 },
) {
  const name = checkName(body.name);
  const email = checkEmail(body.email);
  if (await emailTaken(ctx.db, email)) throw emailInUse();
  const companyName = await findCompanyName(ctx.db, companyId);
  await assertCanAddUser(ctx.db, { companyId });
  const { userId, mail } = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertCompanyUser(trx, { company_id: companyId, name, email, role: body.role });
    const invitation = `Ai fost adăugat ca ${ROLE_NAMES[body.role]} în compania „${companyName}” din Dosar.`;
    return { userId: id, mail: await prepareSetPasswordMail(trx, ctx.config, { id, email, name }, invitation) };
  });
  await ctx.mailer.send(mail);
  const created = await repo.findCompanyUser(ctx.db, companyId, userId);
  return { data: presentCompanyUser(created as repo.CompanyUserRow) };
}

/** users/{id}/update {name?, email?, role?}; the last owner keeps role 2. */
export async function updateUser(
  ctx: AppContext,
  companyId: number,
  userId: number,
  body: { name?: string; email?: string; role?: 2 | 3 },
) {
  const target = await repo.findCompanyUser(ctx.db, companyId, userId);
  if (!target) throw userNotFound();
  const patch: { name?: string; email?: string; role?: 2 | 3 } = {};
  if (body.name !== undefined) patch.name = checkName(body.name);
  if (body.email !== undefined) {
    patch.email = checkEmail(body.email);
    if (patch.email !== normalizeEmail(target.email) && (await emailTaken(ctx.db, patch.email, target.id)))
      throw emailInUse();
    if (patch.email === normalizeEmail(target.email)) delete patch.email;
  }
  if (body.role !== undefined) patch.role = body.role;
  await ctx.db.transaction().execute(async (trx) => {
    const owners = await repo.lockOwners(trx, companyId);
    if (removesLastOwner(target, { role: patch.role }, owners)) throw lastOwner();
    await repo.updateCompanyUser(trx, companyId, userId, patch);
  });
  const updated = await repo.findCompanyUser(ctx.db, companyId, userId);
  return { data: presentCompanyUser(updated as repo.CompanyUserRow) };
}

/** users/{id}/delete: soft, signs the user out everywhere; never the last owner, never oneself. */
export async function deleteUser(ctx: AppContext, actor: Actor, companyId: number, userId: number) {
  const target = await repo.findCompanyUser(ctx.db, companyId, userId);
  if (!target) throw userNotFound();
  await ctx.db.transaction().execute(async (trx) => {
    const owners = await repo.lockOwners(trx, companyId);
    if (removesLastOwner(target, { deleted: true }, owners)) throw lastOwner();
    if (!canDeleteCompanyUser(actor, target))
      throw errors.field('id', 'Nu îți poți șterge propriul cont din lista de utilizatori.');
    await repo.softDeleteCompanyUser(trx, companyId, userId);
  });
  return { message: 'Utilizatorul a fost șters.' };
}
