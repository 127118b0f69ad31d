import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase, type Db } from '../infra/db.js';
import { localDiskStorage } from '../infra/storage.js';
import { seedDemoWorld } from '../seed.js';

/** `--name value` of the command line as a number, else `fallback`. */
export type NumberArg = (name: string, fallback: number) => number;

/**
 * Runs a seed command (seed:scale, seed:tenants) when `script` is the file node was started with: opens
 * the configured database, migrates it, gives an empty installation the demo world (as the server's first
 * start would), runs `seed` and says how long it took.
 */
export function runSeedCommand(script: RegExp, seed: (db: Db, arg: NumberArg) => Promise<void>): void {
  if (!process.argv[1] || !script.test(process.argv[1])) return;
  const arg: NumberArg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const main = async () => {
    const config = loadConfig();
    const database = await openDatabase(config);
    try {
      await migrateToLatest(database.db);
      if (config.seedDemo)
        await seedDemoWorld({ db: database.db, storage: localDiskStorage(path.join(config.dataDir, 'files')) });
      const started = Date.now();
      await seed(database.db, arg);
      console.log(`Gata în ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    } finally {
      await database.close();
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
