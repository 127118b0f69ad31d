import type { RateLimiter } from './rate-limit.js';
import { errors } from './errors.js';

/**
 * Mail whose words a tenant wrote (a company's message to its client or to its holding): the
 * subject always names the tenant, each tenant has an hourly budget, and each address a daily one
 * whoever writes, so no tenant can use Dosar to send its own wording in bulk or to hound one address.
 */
export const TENANT_MESSAGES_PER_HOUR = 60;
export const MESSAGES_PER_ADDRESS_PER_DAY = 5;
/** What one person of a tenant can send in an hour, whatever the tenant's budget has left. */
export const SENDER_MESSAGES_PER_HOUR = 30;

const DAY = 24 * 3600;

/** The subject a recipient sees: the tenant's name first, whatever the tenant typed. */
export function tenantSubject(tenantName: string, typed: string | null | undefined): string {
  const subject = typed?.trim();
  return subject ? `${tenantName}: ${subject}` : `Mesaj de la ${tenantName}`;
}

/**
 * Spends one message from the sender's budget (given the user who sends), the tenant's and each
 * address's (atomic counters: parallel requests can't pass a budget together); 429 when one of them is
 * used up.
 */
export async function spendTenantMessages(
  limiter: RateLimiter,
  tenantKey: string,
  addresses: readonly string[],
  senderId?: number,
): Promise<void> {
  if (senderId !== undefined) {
    const sender = await limiter.hit(`sender-messages:${senderId}`, SENDER_MESSAGES_PER_HOUR, 3600);
    if (!sender.allowed) throw errors.throttled(sender.retryAfter);
  }
  const tenant = await limiter.hit(`tenant-messages:${tenantKey}`, TENANT_MESSAGES_PER_HOUR, 3600);
  if (!tenant.allowed) throw errors.throttled(tenant.retryAfter);
  for (const address of new Set(addresses.map((a) => a.trim().toLowerCase()))) {
    const spent = await limiter.hit(`messages-to:${address}`, MESSAGES_PER_ADDRESS_PER_DAY, DAY);
    if (!spent.allowed) throw errors.recipientBusy(address, MESSAGES_PER_ADDRESS_PER_DAY, spent.retryAfter);
  }
}
