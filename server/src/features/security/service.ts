import { revokePasswordOnlyTokens } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { TenantScope } from '../doors/index.js';
import * as repo from './repository.js';

/** A tenant's security settings, the same for a company and a holding. */

export type SecuritySettings = { require_two_factor: boolean; users_without_two_factor: number };

export async function viewSecurity(ctx: AppContext, scope: TenantScope): Promise<SecuritySettings> {
  const settings = await repo.findSecurity(ctx.db, scope.kind, scope.id);
  if (!settings) throw errors.notFound(scope.kind === 'company' ? 'Compania' : 'Holdingul');
  return settings;
}

/**
 * Turns the two-factor requirement on or off. Turning it on ends every session of the tenant's people
 * that was opened with the password alone: they sign in again, with the code or, without it yet, held at
 * the door until they enable it. Whoever turns it on has it already (and a session that proved it), so
 * requiring it never shuts its author out of the screen they are on.
 */
export async function updateSecurity(
  ctx: AppContext,
  scope: TenantScope,
  body: { require_two_factor: boolean },
): Promise<SecuritySettings> {
  if (body.require_two_factor && !(await repo.hasTwoFactor(ctx.db, scope.actor.id))) {
    throw errors.field('require_two_factor', fieldMessages.twoFactor.enableOwnFirst);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setRequireTwoFactor(trx, scope.kind, scope.id, body.require_two_factor);
    if (body.require_two_factor)
      await revokePasswordOnlyTokens(trx, scope.kind === 'company' ? { companyId: scope.id } : { holdingId: scope.id });
  });
  return viewSecurity(ctx, scope);
}
