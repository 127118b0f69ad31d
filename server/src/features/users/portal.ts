import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { MailMessage } from '../../infra/mailer.js';
import { assertCanAddUser } from '../billing/index.js';
import { prepareSetPasswordMail } from './invitation.js';
import { removesLastPrivileged, type ManagedRole } from './policy.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';
import { lastPrivileged, userNotFound } from './service.js';

/**
 * A holding's people (roles 4, 5) as a company manages them from its client's page ("Acces portal"):
 * the list, an invitation (the same set-password mail as storeUser, within the holding's user limit),
 * the check that an address is free, and revoking (a soft delete that never leaves a holding with
 * people but no administrator). The clients feature decides which holding and holds the locks.
 */

const holdingOf = (holdingId: number) => ({ kind: 'holding', id: holdingId }) as const;

export type PortalUser = ReturnType<typeof presentUser>;

/** The holding's live people, administrators first (a holding has a handful; at most 200 shown). */
export async function listPortalUsers(db: Db, holdingId: number): Promise<PortalUser[]> {
  const { rows } = await repo.listUsers(db, holdingOf(holdingId), {
    search: '',
    sort: 'role',
    direction: 'asc',
    offset: 0,
    limit: 200,
  });
  return rows.map(presentUser);
}

/** One live person of the holding, or 404. */
export async function findPortalUser(db: Db, holdingId: number, userId: number): Promise<PortalUser> {
  const user = await repo.findUser(db, holdingOf(holdingId), userId);
  if (!user) throw userNotFound();
  return presentUser(user);
}

/** 422 on `email` when the address has a live account: this holding's (already in) or anyone else's (foreignAccount). */
export async function assertPortalAddressFree(db: Db, email: string, holdingId: number | null): Promise<void> {
  const account = await repo.findLiveAccount(db, email);
  if (!account) return;
  const { alreadyInPortal, foreignAccount } = fieldMessages.users;
  throw errors.field(
    'email',
    holdingId !== null && account.holding_id === holdingId ? alreadyInPortal : foreignAccount,
  );
}

/**
 * Inside the caller's transaction (which locked the holding): the holding's user limit, the account
 * without a password, and its invitation mail, to send once the transaction committed. Two requests
 * racing for one address: the unique index decides, and the loser gets foreignAccount.
 */
export async function addPortalUser(
  trx: Db,
  config: AppContext['config'],
  holdingId: number,
  person: { name: string; email: string; role: ManagedRole },
  invitation: string,
): Promise<{ id: number; mail: MailMessage }> {
  await assertCanAddUser(trx, holdingOf(holdingId));
  let id: number;
  try {
    id = await repo.insertUser(trx, holdingOf(holdingId), person);
  } catch (error) {
    if (repo.isDuplicateEmail(error)) throw errors.field('email', fieldMessages.users.foreignAccount);
    throw error;
  }
  const mail = await prepareSetPasswordMail(trx, config, { id, email: person.email, name: person.name }, invitation);
  return { id, mail };
}

/**
 * Revokes a person's access: a soft delete that ends their sessions. The holding's last administrator
 * stays while other people remain (users' lastPrivileged rule); alone, they may go.
 */
export async function revokePortalUser(db: Db, holdingId: number, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const privileged = await repo.lockPrivileged(trx, holdingOf(holdingId));
    const target = await repo.findUser(trx, holdingOf(holdingId), userId);
    if (!target) throw userNotFound();
    if (removesLastPrivileged('holding', privileged, target, { deleted: true })) {
      const { total } = await repo.listUsers(trx, holdingOf(holdingId), {
        search: '',
        sort: 'role',
        direction: 'asc',
        offset: 0,
        limit: 1,
      });
      if (total > 1) throw lastPrivileged('holding');
    }
    await repo.softDeleteUser(trx, holdingOf(holdingId), userId);
  });
}
