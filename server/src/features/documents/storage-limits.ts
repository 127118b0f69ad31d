import type { FastifyRequest } from 'fastify';
import type { Db } from '../../infra/db.js';
import { assertCanStore, storageLeft, type TenantRef } from '../billing/index.js';
import type { TenantScope } from '../doors/index.js';
import type { TotalLimit } from './multipart.js';

/**
 * Plan storage limits for every upload (client documents and utility files), the same way on both doors:
 * - the tenants charged: the company that owns the file (its storage holds it), and, for an upload
 *   through the holding door, the holding too (its usage counts its clients' documents);
 * - before anything is read: the size the request declares (Content-Length) must fit. A request that
 *   declares none (chunked) is stopped while it streams, as soon as it passes the room left;
 * - after the files are stored and before their rows are written: the bytes actually received. This
 *   is the check that counts (two uploads may race for the same room); a refusal discards every
 *   stored file of the request.
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

/**
 * The check before reading: 402 when the declared size does not fit. For a request without one,
 * the limit to enforce while it streams (receiveMultipart's totalLimit), or none when no plan limits
 * storage.
 */
export async function checkBeforeUpload(
  db: Db,
  tenants: readonly TenantRef[],
  request: FastifyRequest,
): Promise<TotalLimit | undefined> {
  const declared = declaredSize(request);
  if (declared !== null) {
    await assertFits(db, tenants, declared);
    return undefined;
  }
  let left: number | null = null;
  for (const tenant of tenants) {
    const room = await storageLeft(db, tenant);
    if (room !== null) left = left === null ? room : Math.min(left, room);
  }
  if (left === null) return undefined;
  return { bytes: left, refuse: (total) => assertFits(db, tenants, total) };
}
