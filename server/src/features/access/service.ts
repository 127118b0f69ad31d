import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { findScopedClient, type ScopedClient, type Tenant } from './repository.js';

export const clientNotFound = () => errors.notFound('Clientul');

/** The client when the tenant may see it; else 404 (another tenant's client is not revealed). */
export async function loadScopedClient(
  ctx: Pick<AppContext, 'db'>,
  scope: Tenant,
  clientId: number,
): Promise<ScopedClient> {
  const client = await findScopedClient(ctx.db, scope, clientId);
  if (!client) throw clientNotFound();
  return client;
}
