import type { FastifyRequest } from 'fastify';
import type { Db } from '../../infra/db.js';
import { assertCanStore, type TenantRef } from '../billing/index.js';
import type { TenantScope } from '../doors/index.js';

/**
 * Plan storage limits for every upload (client documents and utility files), the same way on both doors:
 * - the tenants charged: the company that owns the file (its storage holds it), and, for an upload
 *   through the holding door, the holding too (its usage counts its clients' documents);
 * - before anything is read, the size the request declares (Content-Length), when it declares one;
 * - after the files are stored and before their rows are written, the bytes actually received. This
 *   is the check that counts: a chunked request declares no size, and a declared size may lie. A
 *   refusal here discards every stored file of the request.
 * A refusal is 402 with the Romanian message naming the plan and the space left.
 */
export function storageTenants(scope: Pick<TenantScope, 'kind' | 'id'>, companyId: number): TenantRef[] {
  return scope.kind === 'holding' ? [{ companyId }, { holdingId: scope.id }] : [{ companyId }];
}

/** The body size a request declares, or null (chunked transfer, no header). */
export function declaredSize(request: FastifyRequest): number | null {
  if (request.headers['transfer-encoding']) return null;
  const raw = request.headers['content-length'];
  return raw !== undefined && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : null;
}

/** 402 when `bytes` more would put one of the tenants past its plan's storage. */
export async function assertFits(db: Db, tenants: readonly TenantRef[], bytes: number): Promise<void> {
  for (const tenant of tenants) await assertCanStore(db, tenant, bytes);
}

/** The early check, on the declared size (nothing to check when the request declares none). */
export async function assertDeclaredFits(
  db: Db,
  tenants: readonly TenantRef[],
  request: FastifyRequest,
): Promise<void> {
  const declared = declaredSize(request);
  if (declared !== null) await assertFits(db, tenants, declared);
}
