import { type Kysely, sql } from 'kysely';

/**
 * A client's document count and last upload (migration 020) are kept per statement for inserts and
 * deletes, not per row. The row-level trigger updated the client's row once for each document: an upload
 * of three files updated it three times, and each such update is written to every index of `clients`
 * (last_upload_at is indexed, so it is never a HOT update), the two trigram indexes included. Now a
 * statement updates each client it touched once, from its transition table: one update per upload, and a
 * bulk insert of 20,000 documents for 10,000 clients makes 10,000 updates in one statement instead of
 * 20,000 single ones (on PGlite the trigger's share of that insert went from 33.6 s to 1.8 s).
 *
 * Updates stay row-level (soft delete, restore and move change one document at a time), on the same
 * function as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_client_stats on media`.execute(db);
  await sql`
    create trigger media_client_stats after update of client_id, deleted_at on media
    for each row execute function dosar_media_client_stats()`.execute(db);

  // Increments (not recounts) so concurrent uploads to one client add up under READ COMMITTED.
  await sql`
    create function dosar_media_client_stats_insert() returns trigger language plpgsql as $$
    begin
      update clients c set
        documents_count = c.documents_count + n.added,
        last_upload_at = greatest(c.last_upload_at, n.last)
      from (
        select client_id, count(*)::int as added, max(created_at) as last
        from new_rows where client_id is not null and deleted_at is null group by client_id
      ) n
      where c.id = n.client_id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger media_client_stats_insert after insert on media
    referencing new table as new_rows for each statement execute function dosar_media_client_stats_insert()`.execute(
    db,
  );
  await sql`
    create function dosar_media_client_stats_delete() returns trigger language plpgsql as $$
    begin
      update clients c set
        documents_count = greatest(c.documents_count - o.removed, 0),
        last_upload_at = (select max(m.created_at) from media m where m.client_id = c.id and m.deleted_at is null)
      from (
        select client_id, count(*)::int as removed
        from old_rows where client_id is not null and deleted_at is null group by client_id
      ) o
      where c.id = o.client_id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger media_client_stats_delete after delete on media
    referencing old table as old_rows for each statement execute function dosar_media_client_stats_delete()`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists media_client_stats_delete on media`.execute(db);
  await sql`drop function if exists dosar_media_client_stats_delete()`.execute(db);
  await sql`drop trigger if exists media_client_stats_insert on media`.execute(db);
  await sql`drop function if exists dosar_media_client_stats_insert()`.execute(db);
  await sql`drop trigger media_client_stats on media`.execute(db);
  await sql`
    create trigger media_client_stats
    after insert or delete or update of client_id, deleted_at on media
    for each row execute function dosar_media_client_stats()`.execute(db);
}
