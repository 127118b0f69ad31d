import type { AppContext } from '../../infra/context.js';
import { clientNotFound } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { spvClientsOf } from './spv-repository.js';
import { authorizationOf, presentSpvClient } from './spv-service.js';
import { firmClients, markSeen, scopedClientCui, statesOf, type StateRow } from './state-repository.js';

/** What the firm sees of ANAF: each client's registry state (with the nightly check's flag) and SPV sync. */

export const presentState = (row: StateRow | undefined) =>
  row
    ? {
        found: row.found,
        vat_payer: row.vat_payer,
        e_factura: row.e_factura,
        inactive: row.inactive,
        checked_at: row.checked_at.toISOString(),
        changes: row.changes ?? [],
        changed_at: row.changed_at ? row.changed_at.toISOString() : null,
        flagged: row.changed_at !== null && (row.seen_at === null || row.seen_at < row.changed_at),
      }
    : null;

export async function anafOverview(ctx: AppContext, scope: TenantScope) {
  const clients = await firmClients(ctx.db, scope);
  const ids = clients.map((client) => client.id);
  const [states, spv, authorization] = [
    await statesOf(ctx.db, ids),
    await spvClientsOf(ctx.db, ids),
    await authorizationOf(ctx, scope.id),
  ];
  return {
    spv: authorization,
    data: clients.map((client) => ({
      ...client,
      registry: presentState(states.get(client.id)),
      spv: presentSpvClient(spv.get(client.id)),
    })),
  };
}

export async function clientAnaf(ctx: AppContext, scope: TenantScope, clientId: number) {
  if (!(await scopedClientCui(ctx.db, scope, clientId))) throw clientNotFound();
  const [states, spv] = [await statesOf(ctx.db, [clientId]), await spvClientsOf(ctx.db, [clientId])];
  return { registry: presentState(states.get(clientId)), spv: presentSpvClient(spv.get(clientId)) };
}

export async function markChangeSeen(ctx: AppContext, scope: TenantScope, clientId: number) {
  if (!(await scopedClientCui(ctx.db, scope, clientId))) throw clientNotFound();
  await markSeen(ctx.db, clientId, ctx.clock.now());
  return clientAnaf(ctx, scope, clientId);
}
