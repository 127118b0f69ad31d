import { type Kysely, sql } from 'kysely';

/**
 * Change notices for the hot read cache (src/infra/read-cache.ts). Every change of a row the cached
 * answers read sends `NOTIFY dosar_cache` after commit, whoever writes it (this instance, another
 * instance, a CLI, psql):
 * - the company id, for clients, media, company_holding and the company's own categories;
 * - '*' (drop everything, signed-in users too) for users, companies, holdings, a holding's categories
 *   and a token that is revoked.
 * PostgreSQL folds identical notices of one transaction into one, so a batch of a thousand uploads
 * sends a single notice.
 */
const COMPANY_TABLES = ['clients', 'media', 'company_holding', 'categories'];
const SHARED_TABLES = ['users', 'companies', 'holdings'];

/** Every table with a change trigger: the tables the cached answers read (src/infra/read-cache.ts). */
export const CACHED_TABLES: readonly string[] = [...COMPANY_TABLES, ...SHARED_TABLES, 'access_tokens'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function dosar_cache_company() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('dosar_cache', old.company_id::text);
        return null;
      end if;
      perform pg_notify('dosar_cache', new.company_id::text);
      if tg_op = 'UPDATE' and old.company_id is distinct from new.company_id then
        perform pg_notify('dosar_cache', old.company_id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function dosar_cache_all() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dosar_cache', '*');
      return null;
    end $$`.execute(db);
  for (const table of COMPANY_TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function dosar_cache_company()`.execute(db);
  }
  for (const table of SHARED_TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function dosar_cache_all()`.execute(db);
  }
  // A new token changes nothing cached; a revoked (or changed) one must stop working everywhere.
  await sql`
    create trigger access_tokens_cache after update or delete on access_tokens
    for each row execute function dosar_cache_all()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CACHED_TABLES)
    await sql`drop trigger if exists ${sql.raw(`${table}_cache`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists dosar_cache_company()`.execute(db);
  await sql`drop function if exists dosar_cache_all()`.execute(db);
}
