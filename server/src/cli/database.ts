import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../infra/db.js';
import { migrateToLatest } from '../db/migrate.js';

/** A command-line failure: its Romanian message is printed and the process exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Where the configured database lives, without credentials. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `PGlite în ${path.join(config.dataDir, 'db')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.username ? `${url.username}@` : ''}${url.host}${url.pathname}`;
}

/** Loads the configuration (env), opens the database it names and migrates it to the latest version. */
export async function openMigratedDatabase(
  log: (line: string) => void,
): Promise<{ config: Config; database: DatabaseHandle }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, 78);
    throw error;
  }
  log(`Baza de date: ${describeDatabase(config)}`);
  const database = await openDatabase(config);
  try {
    const ran = await migrateToLatest(database.db);
    if (ran.length) for (const name of ran) log(`Migrare aplicată: ${name}`);
    else log('Nicio migrare nouă: baza de date este la zi.');
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, database };
}

/** Runs a command: prints CliError messages (and exits with their code), any other failure with code 1. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof CliError) {
        console.error(error.message);
        process.exit(error.exitCode);
      }
      console.error(`Eroare: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
