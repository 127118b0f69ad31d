// jest globalSetup of the server projects: one migrated (and one seeded) database per run, cloned per file.
// DOSAR_TEST_FRESH_DB=1 skips it: every file then boots and migrates its own database, as before (to compare).
import type * as Templates from './database-template.js';

export default async function globalSetup(): Promise<void> {
  if (process.env.DOSAR_TEST_FRESH_DB === '1') return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see global-setup.cjs
  const { prepareTemplates } = require('./global-setup.cjs').templates() as typeof Templates;
  const started = Date.now();
  await prepareTemplates();
  if (process.env.DOSAR_TEST_BOOT_LOG) console.log(`\n[template] ready in ${Date.now() - started} ms`);
}
