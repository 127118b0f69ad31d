import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { MailMessage } from '../../infra/mailer.js';
import { assertCanAddUser } from '../billing/index.js';
import { prepareSetPasswordMail } from './invitation.js';
import type { ManagedRole } from './policy.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';
import { userNotFound } from './service.js';

/**
 * The people a firm brought into a holding's portal, as it manages them from its client's page ("Acces
 * portal"): the list, an invitation (the same set-password mail as storeUser, within the holding's user
 * limit), the check that an address is free, and revoking. A holding may work with several firms, so a
 * firm's people are its own: it sees, resends to and revokes only those it invited, always as users
 * (role 5) who see only that firm's clients; the holding's own people, administrators above all, are
 * the holding's to manage. The clients feature decides which holding and holds the locks.
 */

/** The holding's people that the company invited. */
const invitedBy = (holdingId: number, companyId: number) =>
  ({ kind: 'holding', id: holdingId, invitedBy: companyId }) as const;

/** The only role a firm gives in a holding: a user, never its administrator. */
export const PORTAL_ROLE = 5 satisfies ManagedRole;

export type PortalUser = ReturnType<typeof presentUser>;

/** The live people the company invited into the holding (a holding has a handful; at most 200 shown). */
export async function listPortalUsers(db: Db, holdingId: number, companyId: number): Promise<PortalUser[]> {
  const { rows } = await repo.listUsers(db, invitedBy(holdingId, companyId), {
    search: '',
    sort: 'role',
    direction: 'asc',
    offset: 0,
    limit: 200,
  });
  return rows.map(presentUser);
}

/** One live person the company invited into the holding, or 404 (the holding's own people are not there). */
export async function findPortalUser(
  db: Db,
  holdingId: number,
  companyId: number,
  userId: number,
): Promise<PortalUser> {
  const user = await repo.findUser(db, invitedBy(holdingId, companyId), userId);
  if (!user) throw userNotFound();
  return presentUser(user);
}

/**
 * 422 on `email` when the address has a live account: one the company invited into this holding
 * (already in) or anyone else's, the holding's own people included (foreignAccount, which says nothing
 * about where).
 */
export async function assertPortalAddressFree(
  db: Db,
  email: string,
  holdingId: number | null,
  companyId: number,
): Promise<void> {
  const account = await repo.findLiveAccount(db, email);
  if (!account) return;
  const { alreadyInPortal, foreignAccount } = fieldMessages.users;
  const ours = holdingId !== null && account.holding_id === holdingId && account.invited_by_company_id === companyId;
  throw errors.field('email', ours ? alreadyInPortal : foreignAccount);
}

/**
 * Inside the caller's transaction (which locked the holding): the holding's user limit, the account
 * without a password (a user of the holding, the company's), and its invitation mail, to send once the
 * transaction committed. Two requests racing for one address: the unique index decides, and the loser
 * gets foreignAccount.
 */
export async function addPortalUser(
  trx: Db,
  config: AppContext['config'],
  holdingId: number,
  companyId: number,
  person: { name: string; email: string },
  invitation: string,
): Promise<{ id: number; mail: MailMessage }> {
  await assertCanAddUser(trx, { kind: 'holding', id: holdingId });
  let id: number;
  try {
    id = await repo.insertUser(trx, invitedBy(holdingId, companyId), { ...person, role: PORTAL_ROLE });
  } catch (error) {
    if (repo.isDuplicateEmail(error)) throw errors.field('email', fieldMessages.users.foreignAccount);
    throw error;
  }
  const mail = await prepareSetPasswordMail(trx, config, { id, email: person.email, name: person.name }, invitation);
  return { id, mail };
}

/**
 * Revokes the access of a person the company invited: a soft delete that ends their sessions. Anyone
 * else of the holding, its administrators above all, is not found.
 */
export async function revokePortalUser(db: Db, holdingId: number, companyId: number, userId: number): Promise<void> {
  const people = invitedBy(holdingId, companyId);
  await db.transaction().execute(async (trx) => {
    const target = await repo.findUser(trx, people, userId);
    if (!target) throw userNotFound();
    await repo.softDeleteUser(trx, people, userId);
  });
}
