import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';

/** The upload links of clients (migration 240): only the token's SHA-256 is stored. */

export interface UploadLinkRow {
  id: number;
  company_id: number;
  client_id: number;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Revokes the client's live links (a new link replaces them; the firm's revoke). Answers how many. */
export async function revokeClientLinks(db: Executor, clientId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('upload_links')
    .set({ revoked_at: now })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes the live links of the clients `ids` (new links replace them), in one statement. */
export async function revokeLinksOfClients(db: Executor, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('upload_links')
    .set({ revoked_at: now })
    .where('client_id', '=', sql<number>`any(cast(${`{${ids.join(',')}}`} as int[]))`)
    .where('revoked_at', 'is', null)
    .execute();
}

/** New links of the firm `companyId`'s clients, made at `createdAt` and working until `expiresAt`. */
export async function insertUploadLinks(
  db: Executor,
  link: { companyId: number; createdAt: Date; expiresAt: Date },
  rows: { clientId: number; tokenHash: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  // Two arrays rather than rows of parameters: a reminder batch's links are one short statement.
  await sql`
    insert into upload_links (company_id, client_id, token_hash, expires_at, created_at)
    select ${link.companyId}, l.client_id, l.token_hash, ${link.expiresAt}, ${link.createdAt}
    from unnest(cast(${`{${rows.map((r) => r.clientId).join(',')}}`} as int[]),
      cast(${`{${rows.map((r) => r.tokenHash).join(',')}}`} as text[])) as l(client_id, token_hash)`.execute(db);
}

/** The link of a token's hash, revoked or not (the caller tells them apart; the answer to the client does not). */
export async function findLinkByHash(db: Executor, tokenHash: string): Promise<UploadLinkRow | undefined> {
  return db
    .selectFrom('upload_links')
    .select(['id', 'company_id', 'client_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The client's live link (the firm's view): when it was made and until when it works. */
export async function findActiveLink(
  db: Executor,
  clientId: number,
  now: Date,
): Promise<{ created_at: Date; expires_at: Date; last_used_at: Date | null } | undefined> {
  return db
    .selectFrom('upload_links')
    .select(['created_at', 'expires_at', 'last_used_at'])
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function markLinkUsed(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('upload_links').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** The link's client and firm while both are live: what the page names, and where uploads go. */
export async function findLinkClient(
  db: Executor,
  link: { company_id: number; client_id: number },
): Promise<{ id: number; company_id: number; holding_id: number | null; name: string; firm_name: string } | undefined> {
  return db
    .selectFrom('clients as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select(['c.id', 'c.company_id', 'c.holding_id', 'c.name', 'co.name as firm_name'])
    .where('c.id', '=', link.client_id)
    .where('c.company_id', '=', link.company_id)
    .where('c.deleted_at', 'is', null)
    .where('co.deleted_at', 'is', null)
    .where('co.status', '=', 'active')
    .executeTakeFirst();
}
