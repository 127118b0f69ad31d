import type { Db } from '../../infra/db.js';
import type { TenantScope } from '../doors/index.js';
import { assertWritable } from './limits.js';

/**
 * A company or holding whose subscription period has ended is read-only: the doors refuse (402, Romanian
 * message) every route whose policy declares its action a write, until a payment goes through; reads,
 * paying and changing the plan keep working, and nothing is deleted. Which calls write is each policy's
 * `effects`, never a route's name. The doors call this for the tenant they already authorised, so the
 * state of another tenant is never revealed.
 */
export function assertScopeWritable(db: Db, scope: Pick<TenantScope, 'kind' | 'id'>): Promise<void> {
  return assertWritable(db, scope.kind === 'company' ? { companyId: scope.id } : { holdingId: scope.id });
}
