import { loadConfig } from '../config.js';
import { openDatabase } from '../infra/db.js';
import { migrateToLatest } from '../db/migrate.js';
import { copyDatabase } from '../infra/copy-database.js';

/**
 * Moves an embedded installation (PGlite in DATA_DIR) into PostgreSQL:
 *   npm run db:move-to-postgres -- --to postgres://user@host:5432/dosar
 * The target is migrated first and must hold no data. Files stay where they are
 * (DATA_DIR/files) unless you also copy them to S3.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const toIndex = args.indexOf('--to');
  const targetUrl = toIndex >= 0 ? args[toIndex + 1] : process.env.DATABASE_URL;
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    console.error('Folosire: npm run db:move-to-postgres -- --to postgres://utilizator@gazdă:5432/bază');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  const source = await openDatabase({ ...config, databaseUrl: null });
  const target = await openDatabase({ ...config, databaseUrl: targetUrl });
  try {
    await migrateToLatest(source.db);
    await migrateToLatest(target.db);
    const counts = await copyDatabase(source.db, target.db, (table, rows) => console.log(`${table}: ${rows} rânduri`));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Gata: ${Object.keys(counts).length} tabele, ${total} rânduri copiate în PostgreSQL.`);
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Mutarea a eșuat: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
