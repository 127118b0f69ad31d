import type { Kysely } from 'kysely';
import { Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

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
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
