import type { Executor } from '../../infra/db.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { insertUploadLinks, revokeLinksOfClients } from './repository.js';

/** Days a link works when the caller does not say (UPLOAD_LINK_DAYS in config.ts has the same default). */
export const DEFAULT_UPLOAD_LINK_DAYS = 14;

/** The page a link opens, relative to the site (PUBLIC_URL). */
export const uploadLinkPath = (token: string) => `incarcare/${token}`;

export interface UploadLinkOptions {
  now: Date;
  /** How long it works (ctx.config.uploadLinkDays); default DEFAULT_UPLOAD_LINK_DAYS. */
  days?: number;
  /** The site's address (ctx.config.publicUrl, ending in "/"); without it, `url` is the path from the site's root. */
  publicUrl?: string;
}

export interface IssueUploadLink extends UploadLinkOptions {
  companyId: number;
  clientId: number;
}

export interface IssuedUploadLink {
  clientId: number;
  url: string;
  token: string;
  expiresAt: Date;
}

/** Links per revoke and insert. */
const INSERT_ROWS = 1000;

/**
 * New upload links for the firm `companyId`'s `clientIds` (docs/PRODUCT.md, "Linkul de încărcare"): 256
 * random bits each, only their SHA-256 stored. Each replaces (revokes) its client's older links, so only
 * the newest reminder's link works. One revoke and one insert per thousand clients, whatever their number
 * (the reminder job issues a batch of clients' links at once). A client named twice gets one link. The
 * caller checked every client belongs to the firm; run it in the transaction of the act that sends them.
 */
export async function issueUploadLinks(
  db: Executor,
  companyId: number,
  clientIds: number[],
  { now, days = DEFAULT_UPLOAD_LINK_DAYS, publicUrl }: UploadLinkOptions,
): Promise<IssuedUploadLink[]> {
  const unique = [...new Set(clientIds)];
  if (unique.length === 0) return [];
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const issued: IssuedUploadLink[] = [];
  for (let i = 0; i < unique.length; i += INSERT_ROWS) {
    const slice = unique.slice(i, i + INSERT_ROWS);
    const rows = slice.map((clientId) => ({ clientId, token: randomSecret(32) }));
    await revokeLinksOfClients(db, slice, now);
    await insertUploadLinks(
      db,
      { companyId, createdAt: now, expiresAt },
      rows.map((r) => ({ clientId: r.clientId, tokenHash: sha256(r.token) })),
    );
    for (const r of rows) {
      const path = uploadLinkPath(r.token);
      issued.push({
        clientId: r.clientId,
        url: publicUrl ? `${publicUrl}${path}` : `/${path}`,
        token: r.token,
        expiresAt,
      });
    }
  }
  return issued;
}

/** A new upload link for one client (remind now): issueUploadLinks for one. */
export async function issueUploadLink(
  db: Executor,
  { companyId, clientId, ...options }: IssueUploadLink,
): Promise<{ url: string; token: string; expiresAt: Date }> {
  const [link] = await issueUploadLinks(db, companyId, [clientId], options);
  return { url: link.url, token: link.token, expiresAt: link.expiresAt };
}
