import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { unlinked } from '../../infra/mail-templates.js';
import { spendTenantMessages } from '../../infra/tenant-mail.js';
import { assertEmailVerified } from '../auth/index.js';
import { lockTenants, startTrial } from '../billing/index.js';
import type { TenantScope } from '../doors/index.js';
import { findCompanyName, insertLinkedHolding } from '../links/index.js';
import {
  addPortalUser,
  assertPortalAddressFree,
  checkUserInput,
  findPortalUser,
  listPortalUsers,
  PORTAL_ROLE,
  prepareSetPasswordMail,
  revokePortalUser,
  spendAddressCheck,
  type PortalUser,
} from '../users/index.js';
import * as repo from './repository.js';
import { assertSideRoom, loadClient } from './service.js';

/**
 * "Acces portal" on a company's client page: the people the company brought into the client's holding
 * (users, role 5, who see only this company's clients there), inviting one (a client without a holding
 * gets one, named after it and linked to the company), resending an invitation, revoking access. A
 * holding may work with several firms: the holding's own people, its administrators above all, are
 * neither listed nor reachable here. Mail goes out only for an owner whose own address is verified;
 * each address check spends the company's budget (users' spendAddressCheck).
 */

/** The people the company invited who can sign in for the client (none while it has no holding). */
export async function listAccess(ctx: AppContext, scope: TenantScope, clientId: number) {
  const client = await loadClient(ctx, scope, clientId);
  const holding = client.holding_id === null ? null : { id: client.holding_id, name: client.holding_name as string };
  return { holding, data: holding ? await listPortalUsers(ctx.db, holding.id, client.company_id) : [] };
}

async function invitationText(ctx: AppContext, scope: TenantScope, client: repo.ClientRecord) {
  const company = await findCompanyName(ctx.db, client.company_id);
  // Names the inviter and the firm chose: shown as text, never as links.
  return `${unlinked(scope.actor.name)} (${unlinked(company)}) te-a invitat ca utilizator în portalul Dosar al clientului „${unlinked(client.name)}”, unde vezi și încarci documentele lui.`;
}

/**
 * Invites a person to the client's portal. Under the tenants' lock: the client's holding as it is
 * now (or a new one, on a trial, named after the client), the holding's user limit, the account and
 * its set-password mail (sent after the commit).
 */
export async function inviteToPortal(
  ctx: AppContext,
  scope: TenantScope,
  clientId: number,
  body: { name: string; email: string; role?: number },
): Promise<{ message: string; data: PortalUser }> {
  await assertEmailVerified(ctx.db, scope.actor.id);
  const client = await loadClient(ctx, scope, clientId);
  // A holding's administrator is the holding's to name: a firm that could make one would own the
  // holding, and every other firm's clients and documents in it.
  if (body.role !== undefined && body.role !== PORTAL_ROLE) {
    throw errors.field('role', fieldMessages.users.firmInvitesUsersOnly);
  }
  const person = checkUserInput('holding', { name: body.name, email: body.email }) as { name: string; email: string };
  await spendAddressCheck(ctx, scope);
  await assertPortalAddressFree(ctx.db, person.email, client.holding_id, client.company_id);
  // Invite, revoke, invite again: each is a mail to that address, within the firm's mail budgets.
  await spendTenantMessages(ctx.limiter, `company:${client.company_id}`, [person.email], scope.actor.id);
  const invitation = await invitationText(ctx, scope, client);
  const { holdingId, id, mail } = await ctx.db.transaction().execute(async (trx) => {
    await lockTenants(trx, [{ companyId: client.company_id }]);
    // Read again under the lock: a parallel invitation may have just given the client its holding.
    const current = await repo.findClient(trx, scope, clientId);
    if (!current) throw errors.notFound('Clientul');
    let holding = current.holding_id;
    if (holding === null) {
      holding = await insertLinkedHolding(trx, client.company_id, { name: current.name, cui: null, email: null });
      await startTrial(trx, { holdingId: holding });
      await assertSideRoom(trx, { holdingId: holding }, false);
      await repo.updateClient(trx, scope, clientId, { holding_id: holding });
    } else {
      await lockTenants(trx, [{ holdingId: holding }]);
    }
    return {
      holdingId: holding,
      ...(await addPortalUser(trx, ctx.config, holding, client.company_id, person, invitation)),
    };
  });
  await ctx.mailer.send(mail);
  return {
    message: 'Invitația a fost trimisă. Persoana își setează parola din linkul primit pe e-mail.',
    data: await findPortalUser(ctx.db, holdingId, client.company_id, id),
  };
}

/** The client's holding, or 404 for the person (a client without a holding has nobody to act on). */
async function holdingOfClient(ctx: AppContext, scope: TenantScope, clientId: number) {
  const client = await loadClient(ctx, scope, clientId);
  if (client.holding_id === null) throw errors.notFound('Utilizatorul');
  return client;
}

/** Sends the set-password mail again (a new link; the old one stops working), within the company's mail budgets. */
export async function resendInvitation(ctx: AppContext, scope: TenantScope, clientId: number, userId: number) {
  await assertEmailVerified(ctx.db, scope.actor.id);
  const client = await holdingOfClient(ctx, scope, clientId);
  const person = await findPortalUser(ctx.db, client.holding_id as number, client.company_id, userId);
  if (!person.invited) {
    throw errors.field('id', fieldMessages.users.alreadyHasPassword(person.name));
  }
  await spendTenantMessages(ctx.limiter, `company:${client.company_id}`, [person.email], scope.actor.id);
  const invitation = await invitationText(ctx, scope, client);
  const mail = await prepareSetPasswordMail(ctx.db, ctx.config, person, invitation);
  await ctx.mailer.send(mail);
  return { message: 'Invitația a fost retrimisă.' };
}

/** Revokes the access of a person the company invited into the client's holding (see users' revokePortalUser). */
export async function revokeAccess(ctx: AppContext, scope: TenantScope, clientId: number, userId: number) {
  const client = await holdingOfClient(ctx, scope, clientId);
  await revokePortalUser(ctx.db, client.holding_id as number, client.company_id, userId);
  return { message: 'Accesul a fost revocat.' };
}
