import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';

/** The tables a migration rewrites, by its name (see migrateToLatest). */
const REWRITES: Record<string, string[]> = { '2026-11-26-120-client-folded-name': ['clients'] };

/** Applies every migration not yet applied; answers the names of those it ran. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Features own number ranges (010–019 auth, 020–029 company…), so a later release can add a migration
  // that sorts before one already applied: run it instead of refusing the whole database.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // A table a migration rewrote (a stored column added) has lost its visibility map, without which a page
  // of ids cannot come from an index alone; PGlite has no autovacuum to set it again, and PostgreSQL's
  // waits for enough changed rows. Outside the migrations' transaction, as VACUUM must be.
  const rewritten = applied.flatMap((name) => REWRITES[name] ?? []);
  for (const table of new Set(rewritten)) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  return applied;
}
