import { type Kysely, sql } from 'kysely';

/**
 * Upload links (docs/PRODUCT.md, "Linkul de încărcare"): a link a reminder carries so a client uploads a
 * month's missing documents without signing in. Only the SHA-256 of the token is stored. One live link per
 * client: a new one revokes the older ones (`revoked_at`), as the firm's revoke does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table upload_links (
      id serial primary key,
      company_id integer not null references companies(id),
      client_id integer not null references clients(id),
      token_hash text not null unique,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index upload_links_client on upload_links (client_id) where revoked_at is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists upload_links`.execute(db);
}
