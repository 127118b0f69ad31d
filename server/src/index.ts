import { ConfigError, loadConfig } from './config.js';
import { boot } from './infra/boot.js';
import { DataDirInUseError } from './infra/data-dir-lock.js';
import { buildApp } from './app.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_PASSWORD, seedDemoWorld } from './seed.js';
import { demoAccountsInUse } from './seed-accounts.js';
import { startBanner } from './start-banner.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const booted = await boot(config, { migrate: migrateToLatest, seedDemo: seedDemoWorld });
  const app = await buildApp(booted.ctx, { queueDb: booted.queueDb });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // app.close() stops accepting connections and waits for in-flight requests (uploads included).
    await app.close();
    await booted.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const demoAccounts = await demoAccountsInUse(booted.ctx.db);
  await app.listen({ port: config.port, host: config.host });
  if (config.logFormat === 'pretty') {
    // A person at a terminal: where to open it and who to sign in as (the README's demo table).
    if (config.logLevel !== 'silent') {
      process.stdout.write(
        startBanner({ url: config.publicUrl, host: config.host, demoAccounts, demoPassword: DEMO_PASSWORD }),
      );
    }
  } else {
    // Log collectors: one structured line, no password.
    app.log.info(
      { url: config.publicUrl, demoAccounts: demoAccounts.map((account) => account.email) },
      `Dosar rulează la ${config.publicUrl}`,
    );
  }
}

main().catch((error: unknown) => {
  // Start-up refusals the operator fixes: the message alone, with a sysexits code (config 78, busy 75).
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(error instanceof ConfigError ? 78 : 75);
  }
  console.error(error);
  process.exit(1);
});
