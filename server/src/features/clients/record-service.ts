import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { Executor } from '../../infra/db.js';
import type { FiscalProfile } from '../../db/schema-obligations.js';
import { lockTenants, type TenantRef } from '../billing/index.js';
import { findLinkedHolding } from '../links/index.js';
import { checkClientInput, cuiDigitsOf, type ClientInput } from './input.js';
import * as repo from './repository.js';
import { assertRoomForClient, assertSideRoom, clientNotFound, loadClient } from './service.js';

/**
 * A client's record after its creation, both doors: editing it (the create's input rule, the CUI
 * unique among the company's live clients, on the company door also its holding), archiving it (a
 * soft delete: it leaves every list and the holding's view, its documents stay) and, on the company
 * door, restoring it within the plan limits.
 */

type Scope = repo.ClientScope;

/** What an update brings: any client field; on the company door also the holding (null: none). */
export interface ClientUpdateInput extends ClientInput {
  holding_id?: number | null;
  /** Company door: the client's fiscal profile (null: not known). */
  fiscal_profile?: FiscalProfile | null;
  /** Company door: the client's own due day (null: the firm's) and its reminders paused or not. */
  due_day?: number | null;
  reminders_paused?: boolean;
}

/**
 * Changes the given fields of a client of the scope. A move into a holding checks that the holding
 * is linked to the company and has room for one more client under its plan (the company's own count
 * does not change); the CUI stays unique; both under the tenants' lock, in one transaction. A change of
 * other fields only (notes, contacts, the profile) is the update alone: one statement needs no
 * transaction, and its BEGIN and COMMIT were two of the edit's five statements.
 */
export async function updateClient(
  ctx: AppContext,
  scope: Scope,
  clientId: number,
  input: ClientUpdateInput,
): Promise<repo.ClientRecord> {
  const client = await loadClient(ctx, scope, clientId);
  const fields = checkClientInput(input);
  const holdingId = input.holding_id ?? null;
  const moving = scope.kind === 'company' && input.holding_id !== undefined && holdingId !== client.holding_id;
  if (moving && holdingId !== null && !(await findLinkedHolding(ctx.db, client.company_id, holdingId))) {
    throw errors.field('holding_id', fieldMessages.shared.holdingNotLinked);
  }
  const moved = moving ? { ...fields, holding_id: holdingId } : fields;
  const profiled = input.fiscal_profile === undefined ? moved : { ...moved, fiscal_profile: input.fiscal_profile };
  const changes = {
    ...profiled,
    ...(input.due_day !== undefined ? { due_day: input.due_day } : {}),
    ...(input.reminders_paused !== undefined ? { reminders_paused: input.reminders_paused } : {}),
  };
  const update = async (db: Executor) => {
    if (!(await repo.updateClient(db, scope, clientId, changes))) throw clientNotFound();
  };
  if (fields.cui === undefined && !moving) await update(ctx.db);
  else
    await ctx.db.transaction().execute(async (trx) => {
      const tenants: TenantRef[] = [{ companyId: client.company_id }];
      if (moving && holdingId !== null) tenants.push({ holdingId });
      await lockTenants(trx, tenants);
      if (
        fields.cui !== undefined &&
        (await repo.clientCuiTaken(trx, client.company_id, cuiDigitsOf(fields.cui), clientId))
      ) {
        throw errors.field('cui', fieldMessages.clients.cuiTaken);
      }
      if (moving && holdingId !== null) await assertSideRoom(trx, { holdingId }, false);
      await update(trx);
    });
  return loadClient(ctx, scope, clientId);
}

/** Soft delete (the company calls it archiving): the client leaves every list and its holding's view; its documents stay. */
export async function deleteClient(ctx: AppContext, scope: Scope, clientId: number) {
  await loadClient(ctx, scope, clientId);
  if (!(await repo.softDeleteClient(ctx.db, scope, clientId))) throw clientNotFound();
  return { message: scope.kind === 'company' ? 'Clientul a fost arhivat.' : 'Clientul a fost șters.' };
}

/**
 * Brings an archived client of the company back: under the tenants' lock its CUI must still be free
 * among the live clients and its company (and its holding, while linked) must have room under their
 * plans, exactly as for a new client.
 */
export async function restoreClient(ctx: AppContext, scope: Scope, clientId: number): Promise<repo.ClientRecord> {
  const archived = await repo.findClient(ctx.db, scope, clientId, true);
  if (!archived) throw clientNotFound();
  const { company_id: companyId, holding_id: holdingId } = archived;
  await ctx.db.transaction().execute(async (trx) => {
    await lockTenants(trx, holdingId === null ? [{ companyId }] : [{ companyId }, { holdingId }]);
    if (archived.cui && (await repo.clientCuiTaken(trx, companyId, cuiDigitsOf(archived.cui), clientId))) {
      throw errors.field('cui', fieldMessages.clients.cuiTakenOnRestore);
    }
    await assertRoomForClient(trx, scope, companyId, holdingId);
    if (!(await repo.restoreClient(trx, companyId, clientId))) throw clientNotFound();
  });
  return loadClient(ctx, scope, clientId);
}
