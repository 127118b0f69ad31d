import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { toIso } from '../../lib/paging.js';
import { loadScopedClient } from '../access/index.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import { findActiveLink, revokeClientLinks } from './repository.js';

/** The firm's side of a client's upload link (company door): its state and its revoke. */

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** clients/{clientId}/upload-link: whether a link works now, since and until when; never the token. */
export async function linkState(ctx: Ctx, scope: TenantScope, clientId: number) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const link = await findActiveLink(ctx.db, client.id, ctx.clock.now());
  return {
    active: link !== undefined,
    created_at: toIso(link?.created_at),
    expires_at: toIso(link?.expires_at),
    last_used_at: toIso(link?.last_used_at),
  };
}

/** clients/{clientId}/upload-link/revoke: every link of the client stops working at once. */
export async function revokeLink(ctx: Ctx, scope: TenantScope, request: FastifyRequest, clientId: number) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const count = await revokeClientLinks(trx, client.id, ctx.clock.now());
    if (count > 0) {
      await recordActivity(trx, scope, originOf(request), {
        action: 'upload_link.revoke',
        companyId: client.company_id,
        clientId: client.id,
      });
    }
    return count > 0;
  });
  return {
    message: revoked ? 'Linkul de încărcare a fost revocat.' : 'Clientul nu are un link de încărcare activ.',
    revoked,
  };
}
