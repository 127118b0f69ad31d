import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
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
  prepareSetPasswordMail,
  revokePortalUser,
  spendAddressCheck,
  type PortalUser,
} from '../users/index.js';
import * as repo from './repository.js';
import { assertSideRoom, loadClient } from './service.js';

/**
 * "Acces portal" on a company's client page: who signs in for the client (the people of its holding,
 * roles 4 and 5), inviting one (a client without a holding gets one, named after it and linked to the
 * company), resending an invitation, revoking access. Mail goes out only for an owner whose own
 * address is verified; each address check spends the company's budget (users' spendAddressCheck).
 */

const ROLE_WORDS = { 4: 'administrator', 5: 'utilizator' } as const;

/** The people who can sign in for the client (none while it has no holding). */
export async function listAccess(ctx: AppContext, scope: TenantScope, clientId: number) {
  const client = await loadClient(ctx, scope, clientId);
  const holding = client.holding_id === null ? null : { id: client.holding_id, name: client.holding_name as string };
  return { holding, data: holding ? await listPortalUsers(ctx.db, holding.id) : [] };
}

async function invitationText(ctx: AppContext, scope: TenantScope, client: repo.ClientRecord, role: 4 | 5) {
  const company = await findCompanyName(ctx.db, client.company_id);
  return `${scope.actor.name} (${company}) te-a invitat ca ${ROLE_WORDS[role]} în portalul Dosar al clientului „${client.name}”, unde vezi și încarci documentele lui.`;
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
  body: { name: string; email: string; role: number },
): Promise<{ message: string; data: PortalUser }> {
  await assertEmailVerified(ctx.db, scope.actor.id);
  const client = await loadClient(ctx, scope, clientId);
  const person = checkUserInput('holding', body) as { name: string; email: string; role: 4 | 5 };
  await spendAddressCheck(ctx, scope);
  await assertPortalAddressFree(ctx.db, person.email, client.holding_id);
  const invitation = await invitationText(ctx, scope, client, person.role);
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
    return { holdingId: holding, ...(await addPortalUser(trx, ctx.config, holding, person, invitation)) };
  });
  await ctx.mailer.send(mail);
  return {
    message: 'Invitația a fost trimisă. Persoana își setează parola din linkul primit pe e-mail.',
    data: await findPortalUser(ctx.db, holdingId, id),
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
  const person = await findPortalUser(ctx.db, client.holding_id as number, userId);
  if (!person.invited) {
    throw errors.field('id', fieldMessages.users.alreadyHasPassword(person.name));
  }
  await spendTenantMessages(ctx.limiter, `company:${client.company_id}`, [person.email]);
  const invitation = await invitationText(ctx, scope, client, person.role as 4 | 5);
  const mail = await prepareSetPasswordMail(ctx.db, ctx.config, person, invitation);
  await ctx.mailer.send(mail);
  return { message: 'Invitația a fost retrimisă.' };
}

/** Revokes a person's access to the client's holding (see users' revokePortalUser). */
export async function revokeAccess(ctx: AppContext, scope: TenantScope, clientId: number, userId: number) {
  const client = await holdingOfClient(ctx, scope, clientId);
  await revokePortalUser(ctx.db, client.holding_id as number, userId);
  return { message: 'Accesul a fost revocat.' };
}
