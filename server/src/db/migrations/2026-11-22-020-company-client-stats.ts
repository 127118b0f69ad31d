import { type Kysely, sql } from 'kysely';

/**
 * Client list at scale: each client carries its live document count
 * and last upload time, kept by a trigger on media whoever writes it (upload,
 * soft delete, seed, admin), so the list sorts and pages on indexed columns
 * instead of aggregating every document of the company per request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table clients add column documents_count integer not null default 0`.execute(db);
  await sql`alter table clients add column last_upload_at timestamptz`.execute(db);
  await sql`
    update clients c set documents_count = s.n, last_upload_at = s.last
    from (
      select client_id, count(*)::int as n, max(created_at) as last
      from media where client_id is not null and deleted_at is null group by client_id
    ) s
    where s.client_id = c.id`.execute(db);

  // Increments (not recounts) so concurrent uploads to one client add up under READ COMMITTED.
  await sql`
    create function dosar_media_client_stats() returns trigger language plpgsql as $$
    declare
      old_live boolean := false;
      new_live boolean := false;
    begin
      if tg_op <> 'INSERT' then old_live := old.client_id is not null and old.deleted_at is null; end if;
      if tg_op <> 'DELETE' then new_live := new.client_id is not null and new.deleted_at is null; end if;
      if old_live and (not new_live or new.client_id <> old.client_id) then
        update clients set
          documents_count = greatest(documents_count - 1, 0),
          last_upload_at = (select max(m.created_at) from media m where m.client_id = old.client_id and m.deleted_at is null)
        where id = old.client_id;
      end if;
      if new_live and (not old_live or new.client_id <> old.client_id) then
        update clients set
          documents_count = documents_count + 1,
          last_upload_at = greatest(last_upload_at, new.created_at)
        where id = new.client_id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger media_client_stats
    after insert or delete or update of client_id, deleted_at on media
    for each row execute function dosar_media_client_stats()`.execute(db);

  await sql`create index clients_company_created on clients (company_id, created_at, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index clients_company_last_upload on clients (company_id, last_upload_at, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index clients_company_holding on clients (company_id, holding_id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index media_client_live on media (client_id, created_at) where deleted_at is null`.execute(db);
  await sql`create index utility_files_media on utility_files (media_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists utility_files_media`.execute(db);
  await sql`drop index if exists media_client_live`.execute(db);
  await sql`drop index if exists clients_company_holding`.execute(db);
  await sql`drop index if exists clients_company_last_upload`.execute(db);
  await sql`drop index if exists clients_company_created`.execute(db);
  await sql`drop trigger if exists media_client_stats on media`.execute(db);
  await sql`drop function if exists dosar_media_client_stats()`.execute(db);
  await sql`alter table clients drop column last_upload_at`.execute(db);
  await sql`alter table clients drop column documents_count`.execute(db);
}
