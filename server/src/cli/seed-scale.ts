import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import path from 'node:path';
import { openDatabase, type Db } from '../infra/db.js';
import { migrateToLatest } from '../db/migrate.js';
import { localDiskStorage } from '../infra/storage.js';
import { seedDemoWorld } from '../seed.js';

/**
 * Scale generator: adds N clients and M documents (rows only) to one company,
 * spread over its holdings, categories and the last 24 months.
 *   npm run seed:scale -- --clients 100000 --documents 1000000 [--company 1]
 * Document rows point to storage keys under scale/ that hold no file: they exist
 * to measure lists, search and counts, not downloads.
 */
export async function seedScale(
  db: Db,
  companyId: number,
  clients: number,
  documents: number,
  progress: (line: string) => void = () => {},
): Promise<void> {
  const company = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!company) throw new Error(`compania ${companyId} nu există`);
  const holding = await db
    .selectFrom('company_holding')
    .select('holding_id')
    .where('company_id', '=', companyId)
    .orderBy('holding_id')
    .executeTakeFirst();
  const category = await db
    .selectFrom('categories')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .execute();
  const categoryIds = category.map((c) => c.id);
  const firstNew = await db
    .selectFrom('clients')
    .select(sql<number>`coalesce(max(id), 0)`.as('max'))
    .executeTakeFirstOrThrow();
  const batch = 20_000;
  for (let done = 0; done < clients; done += batch) {
    const n = Math.min(batch, clients - done);
    await sql`
      insert into clients (company_id, holding_id, name, cui, email, phone, notes)
      select ${companyId}, case when g % 3 = 0 then ${holding?.holding_id ?? null}::int else null end,
             'Client Scalare ' || lpad((g + ${done})::text, 7, '0') || ' SRL',
             (10000000 + g + ${done})::text, 'client' || (g + ${done}) || '@scalare.ro', '0700000000', null
      from generate_series(1, ${n}) as g`.execute(db);
  }
  const minId = Number(firstNew.max) + 1;
  const catArray = `{${categoryIds.join(',') || 'NULL'}}`;
  for (let done = 0; done < documents; done += batch) {
    const n = Math.min(batch, documents - done);
    await sql`
      insert into media (company_id, client_id, category_id, period, original_name, mime, size, sha256, storage_key)
      select ${companyId}, ${minId} + ((g + ${done}) % ${clients}),
             (${catArray}::int[])[1 + ((g + ${done}) % ${Math.max(categoryIds.length, 1)})],
             to_char(date_trunc('month', now()) - (((g + ${done}) % 24) || ' months')::interval, 'YYYY-MM'),
             'document-' || (g + ${done}) || '.pdf', 'application/pdf', 1024,
             repeat('0', 64), 'scale/' || ${companyId} || '/' || (g + ${done}) || '-' || md5(random()::text)
      from generate_series(1, ${n}) as g`.execute(db);
    if ((done / batch) % 10 === 0) progress(`documente: ${done + n}/${documents}`);
  }
  await moveToUnlimitedPlan(db, companyId);
  await sql`analyze`.execute(db);
}

/**
 * A company with this many clients pays for the plan without a client limit:
 * its subscription moves there (active for a year), so the app keeps accepting writes.
 */
async function moveToUnlimitedPlan(db: Db, companyId: number): Promise<void> {
  const plan = await db
    .selectFrom('plans')
    .select('id')
    .where('audience', '=', 'company')
    .where('max_clients', 'is', null)
    .where('is_trial', '=', false)
    .orderBy('position')
    .executeTakeFirst();
  if (!plan) {
    console.warn('Niciun plan fără limită de clienți: abonamentul companiei rămâne neschimbat.');
    return;
  }
  const values = {
    plan_id: plan.id,
    status: 'active' as const,
    current_period_end: sql<Date>`now() + interval '1 year'`,
  };
  const updated = await db
    .updateTable('subscriptions')
    .set(values)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('subscriptions')
      .values({ company_id: companyId, ...values })
      .execute();
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    // An empty installation first gets the demo world, so company 1 exists.
    if (config.seedDemo)
      await seedDemoWorld({ db: database.db, storage: localDiskStorage(path.join(config.dataDir, 'files')) });
    const started = Date.now();
    await seedScale(database.db, arg('company', 1), arg('clients', 100_000), arg('documents', 1_000_000), console.log);
    console.log(`Gata în ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && /seed-scale\.(ts|js)$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
