import type { Executor } from '../../infra/db.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { insertUploadLink, revokeClientLinks } from './repository.js';

/** Days a link works when the caller does not say (UPLOAD_LINK_DAYS in config.ts has the same default). */
export const DEFAULT_UPLOAD_LINK_DAYS = 14;

/** The page a link opens, relative to the site (PUBLIC_URL). */
export const uploadLinkPath = (token: string) => `incarcare/${token}`;

export interface IssueUploadLink {
  companyId: number;
  clientId: number;
  now: Date;
  /** How long it works (ctx.config.uploadLinkDays); default DEFAULT_UPLOAD_LINK_DAYS. */
  days?: number;
  /** The site's address (ctx.config.publicUrl, ending in "/"); without it, `url` is the path from the site's root. */
  publicUrl?: string;
}

/**
 * A new upload link for the client (docs/PRODUCT.md, "Linkul de încărcare"): 256 random bits, only their
 * SHA-256 stored. It replaces (revokes) the client's older links, so only the newest reminder's link works.
 * The caller checked the client belongs to `companyId`; run it in the transaction of the act that sends it.
 */
export async function issueUploadLink(
  db: Executor,
  { companyId, clientId, now, days = DEFAULT_UPLOAD_LINK_DAYS, publicUrl }: IssueUploadLink,
): Promise<{ url: string; token: string; expiresAt: Date }> {
  const token = randomSecret(32);
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  await revokeClientLinks(db, clientId, now);
  await insertUploadLink(db, {
    company_id: companyId,
    client_id: clientId,
    token_hash: sha256(token),
    expires_at: expiresAt,
    created_at: now,
  });
  const path = uploadLinkPath(token);
  return { url: publicUrl ? `${publicUrl}${path}` : `/${path}`, token, expiresAt };
}
