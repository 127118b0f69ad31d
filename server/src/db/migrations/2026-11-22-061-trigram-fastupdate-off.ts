import { type Kysely, sql } from 'kysely';

/**
 * The client search indexes (migration 050) without GIN's pending list. With `fastupdate` on, new
 * entries wait in an unsorted list that every search reads from start to end until a vacuum (or 4 MB of
 * them) merges it into the index; PGlite never vacuums by itself, so a company's searches slowed with
 * every client added since (10,000 new clients: 2 searches a second instead of hundreds). Off, each
 * insert updates the index at once: a little slower to add a client, searches stay proportional to
 * what they find. What is pending now is merged here.
 */
/** Runs a plpgsql statement (`name` = the index) for each trigram index of migration 050 that exists. */
const eachTrigramIndex = (statement: string) => sql`
  do $$
  declare
    name text;
  begin
    foreach name in array array['clients_name_trgm', 'clients_cui_trgm'] loop
      if to_regclass(name) is not null then
        ${sql.raw(statement)}
      end if;
    end loop;
  end
  $$`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await eachTrigramIndex(
    `execute format('alter index %I set (fastupdate = off)', name);
        perform gin_clean_pending_list(to_regclass(name));`,
  ).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await eachTrigramIndex(`execute format('alter index %I reset (fastupdate)', name);`).execute(db);
}
