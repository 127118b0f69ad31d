import { type Kysely, sql } from 'kysely';

/**
 * Lists, search and totals at scale (100,000 clients / 1,000,000 documents).
 *
 * - `dosar_fold(text)`: the Romanian fold (diacritics dropped, then lower case) as one IMMUTABLE SQL
 *   function, so a search and an index use the same expression. It must stay equal to `fold()` in
 *   src/lib/search-text.ts (a test compares them).
 * - pg_trgm GIN indexes on dosar_fold(clients.name) and clients.cui: `like '%…%'` and `ilike` find the
 *   matching rows through the index instead of folding every client of the company. Best effort: when
 *   the server lacks pg_trgm (no contrib package, or no right to create it) the app still works and
 *   the search scans, as before; a warning says so.
 * - client_counts: live clients per (company, holding; 0 = none), kept by triggers on clients whoever
 *   writes them, so a list total without a search reads a few rows instead of counting every client.
 * - Sort indexes the lists lacked: newest upload first (desc nulls last), the holding's clients by
 *   name, and media by created_at (documents "new since the last visit").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  // Inlinable (plain SQL, no SET clause), so the planner sees lower(translate(…)) on both sides.
  await sql`
    create function dosar_fold(value text) returns text
    language sql immutable parallel safe
    as $$ select lower(translate(value, 'ăâîșşțţĂÂÎȘŞȚŢ', 'aaissttAAISSTT')) $$`.execute(db);

  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise warning 'dosar: extensia pg_trgm nu este disponibilă (%); căutarea clienților va parcurge tabela', sqlerrm;
    end
    $$`.execute(db);
  // gin_trgm_ops only when the extension exists (whatever schema it was created in). Not partial: the
  // planner reads an expression index's statistics only from a full index, and needs them to tell a
  // narrow search (use the index) from a broad one such as "srl" (walk clients_company_name in order).
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index clients_name_trgm on clients using gin (dosar_fold(name) gin_trgm_ops)';
        execute 'create index clients_cui_trgm on clients using gin (cui gin_trgm_ops)';
      end if;
    end
    $$`.execute(db);

  await sql`
    create index clients_company_last_upload_desc
    on clients (company_id, last_upload_at desc nulls last, id desc) where deleted_at is null`.execute(db);
  await sql`create index clients_holding_name on clients (holding_id, lower(name), id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index media_created_live on media (created_at) where deleted_at is null and client_id is not null`.execute(
    db,
  );

  await sql`
    create table client_counts (
      company_id integer not null,
      holding_id integer not null,
      live integer not null default 0,
      primary key (company_id, holding_id)
    )`.execute(db);
  await sql`
    insert into client_counts (company_id, holding_id, live)
    select company_id, coalesce(holding_id, 0), count(*)::int from clients where deleted_at is null group by 1, 2`.execute(
    db,
  );
  // Statement-level with transition tables: a bulk insert (seed, import) updates each counter once.
  await sql`
    create function dosar_client_counts_insert() returns trigger language plpgsql as $$
    begin
      insert into client_counts (company_id, holding_id, live)
      select company_id, coalesce(holding_id, 0), count(*)::int from new_rows where deleted_at is null group by 1, 2
      on conflict (company_id, holding_id) do update set live = client_counts.live + excluded.live;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clients_count_insert after insert on clients
    referencing new table as new_rows for each statement execute function dosar_client_counts_insert()`.execute(db);
  await sql`
    create function dosar_client_counts_delete() returns trigger language plpgsql as $$
    begin
      update client_counts k set live = k.live - d.n
      from (
        select company_id, coalesce(holding_id, 0) as holding_id, count(*)::int as n
        from old_rows where deleted_at is null group by 1, 2
      ) d
      where k.company_id = d.company_id and k.holding_id = d.holding_id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clients_count_delete after delete on clients
    referencing old table as old_rows for each statement execute function dosar_client_counts_delete()`.execute(db);
  // Row-level, and only when the row moves or dies/revives: the frequent updates (documents_count from
  // the media trigger, contact fields) never fire it.
  await sql`
    create function dosar_client_counts_update() returns trigger language plpgsql as $$
    begin
      if old.deleted_at is null then
        update client_counts set live = live - 1
        where company_id = old.company_id and holding_id = coalesce(old.holding_id, 0);
      end if;
      if new.deleted_at is null then
        insert into client_counts (company_id, holding_id, live) values (new.company_id, coalesce(new.holding_id, 0), 1)
        on conflict (company_id, holding_id) do update set live = client_counts.live + 1;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clients_count_update after update of company_id, holding_id, deleted_at on clients
    for each row
    when (old.company_id is distinct from new.company_id
       or old.holding_id is distinct from new.holding_id
       or (old.deleted_at is null) <> (new.deleted_at is null))
    execute function dosar_client_counts_update()`.execute(db);
  // Statistics of the new index expression, so the planner tells narrow searches from broad ones. Only on
  // a table with data: analysing an empty table records "0 rows", the planner then trusts it, and a plan
  // cached while the table is empty (the media trigger's update of clients) stays a sequential scan as
  // the table grows within that session — a new installation's bulk import crawls. Fresh tables get their
  // statistics from autovacuum (PostgreSQL) or seed:scale.
  await sql`
    do $$
    begin
      if (select count(*) from (select 1 from clients limit 1000) s) >= 1000 then
        execute 'analyze clients';
      end if;
    end
    $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists clients_count_update on clients`.execute(db);
  await sql`drop trigger if exists clients_count_delete on clients`.execute(db);
  await sql`drop trigger if exists clients_count_insert on clients`.execute(db);
  await sql`drop function if exists dosar_client_counts_update()`.execute(db);
  await sql`drop function if exists dosar_client_counts_delete()`.execute(db);
  await sql`drop function if exists dosar_client_counts_insert()`.execute(db);
  await sql`drop table if exists client_counts`.execute(db);
  await sql`drop index if exists media_created_live`.execute(db);
  await sql`drop index if exists clients_holding_name`.execute(db);
  await sql`drop index if exists clients_company_last_upload_desc`.execute(db);
  await sql`drop index if exists clients_cui_trgm`.execute(db);
  await sql`drop index if exists clients_name_trgm`.execute(db);
  // pg_trgm stays: other objects of the database may use it.
  await sql`drop function if exists dosar_fold(text)`.execute(db);
}
