import { type Kysely, sql } from 'kysely';

/**
 * The documents' trash (issue 17).
 * - media.deleted_by: who moved the document to the trash (deleted_at says when); null for documents
 *   deleted before this migration.
 * - media.purged_at: when the retention job removed the file from storage. The row stays as a
 *   tombstone (never listed, never restorable).
 * - media_trash: the trash of a client, newest deletion first, and the retention job's scan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column deleted_by integer references users(id)`.execute(db);
  await sql`alter table media add column purged_at timestamptz`.execute(db);
  await sql`
    create index media_trash on media (client_id, deleted_at desc)
    where deleted_at is not null and purged_at is null`.execute(db);
  await sql`
    create index media_trash_expiry on media (deleted_at)
    where deleted_at is not null and purged_at is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists media_trash_expiry`.execute(db);
  await sql`drop index if exists media_trash`.execute(db);
  await sql`alter table media drop column purged_at`.execute(db);
  await sql`alter table media drop column deleted_by`.execute(db);
}
