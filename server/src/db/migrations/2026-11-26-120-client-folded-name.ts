import { type Kysely, sql } from 'kysely';

/**
 * The client's folded name (dosar_fold: diacritics dropped, lower case) kept in a stored generated
 * column, and the name's trigram index (clients_name_trgm) built on it. A search checks every row the
 * index finds against its pattern: computed from the name, that check (a `translate` per row) was four
 * fifths of a distinctive search's time; read from the column it is a plain `like` (EXPLAIN ANALYZE of
 * "scalare 00042" over 10,000 clients: 0.82 → 0.17 ms). The column also gives the planner its own
 * statistics, which an expression index had to stand in for.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table clients add column name_folded text generated always as (dosar_fold(name)) stored not null`.execute(
    db,
  );
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        drop index if exists clients_name_trgm;
        execute 'create index clients_name_trgm on clients using gin (name_folded gin_trgm_ops) with (fastupdate = off)';
      end if;
    end
    $$`.execute(db);
  await sql`analyze clients`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists clients_name_trgm`.execute(db);
  await sql`alter table clients drop column name_folded`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index clients_name_trgm on clients using gin (dosar_fold(name) gin_trgm_ops) with (fastupdate = off)';
      end if;
    end
    $$`.execute(db);
}
