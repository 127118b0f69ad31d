// npm run db:migrate — migrates the configured database (DATABASE_URL, else PGlite in DATA_DIR) and prints what ran.
import { openMigratedDatabase, runCli } from './database.js';

runCli(async () => {
  const { database } = await openMigratedDatabase((line) => console.log(line));
  await database.close();
});
