import { type Kysely, sql } from 'kysely';

/**
 * The firm's portfolio and review queue (features/month) are answered from the hot read cache
 * (src/infra/read-cache.ts): the month's tables send the company's change notice like clients and media
 * do (dosar_cache_company, migration 060), whoever writes them.
 */
const MONTH_TABLES = ['requirement_defaults', 'requirements', 'checklist_items', 'client_periods'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of MONTH_TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function dosar_cache_company()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of MONTH_TABLES)
    await sql`drop trigger if exists ${sql.raw(`${table}_cache`)} on ${sql.table(table)}`.execute(db);
}
