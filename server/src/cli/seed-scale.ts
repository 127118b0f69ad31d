import { sql } from 'kysely';
import type { Db } from '../infra/db.js';
import { runSeedCommand } from './seed-cli.js';

/**
 * Scale generator: adds N clients and M documents (rows only) to one company,
 * spread over its holdings and categories. Every new client owes 6 monthly requirements from 12 months
 * ago (the month, docs/PRODUCT.md); its documents fall in those 12 months, each answering one of them,
 * with a mix of review statuses (70 % accepted, 20 % pending, 10 % rejected); every 20th client has an
 * item marked not applicable in the last 3 months, and every other client has its months before the
 * last three closed.
 *   npm run seed:scale -- --clients 100000 --documents 1000000 [--company 1]
 * Document rows point to storage keys under scale/ that hold no file: they exist
 * to measure lists, search, counts and checklists, not downloads.
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
  if (clients > 0) await seedRequirements(db, companyId, categoryIds, minId, minId + clients - 1);
  for (let done = 0; done < documents && clients > 0; done += batch) {
    const n = Math.min(batch, documents - done);
    // Document g: client g % clients, month g % 12 back, requirement (g / 12) % 6 of that client.
    await sql`
      insert into media (company_id, client_id, category_id, period, original_name, mime, size, sha256, storage_key,
                         requirement_id, review_status, review_reason, reviewed_at)
      select ${companyId}, r.client_id, r.category_id, d.period,
             'document-' || d.g || '.pdf', 'application/pdf', 1024,
             repeat('0', 64), 'scale/' || ${companyId} || '/' || d.g || '-' || md5(random()::text),
             r.id,
             case when d.g % 10 < 7 then 'accepted' when d.g % 10 < 9 then 'pending' else 'rejected' end,
             case when d.g % 10 = 9 then 'Document ilizibil' end,
             case when d.g % 10 < 7 or d.g % 10 = 9 then now() end
      from (
        select g + ${done} as g,
               to_char(date_trunc('month', now()) - (((g + ${done}) % 12) || ' months')::interval, 'YYYY-MM') as period
        from generate_series(1, ${n}) as g) d
      join requirements r
        on r.client_id = ${minId} + (d.g % ${clients}) and r.position = (d.g / 12) % 6 and r.source = 'custom'`.execute(
      db,
    );
    if ((done / batch) % 10 === 0) progress(`documente: ${done + n}/${documents}`);
  }
  if (clients > 0) await seedMonths(db, companyId, minId, minId + clients - 1);
  await moveToUnlimitedPlan(db, companyId);
}

const REQUIREMENTS = [
  'Facturi emise',
  'Facturi primite',
  'Extras de cont',
  'Bonuri fiscale / Raport Z',
  'State de plată / pontaj',
  'Contracte și acte adiționale',
];

/** Six monthly requirements for each client of ids first..last, owed from 12 months ago, in the firm's categories. */
async function seedRequirements(db: Db, companyId: number, categoryIds: number[], first: number, last: number) {
  const catArray = `{${categoryIds.join(',') || 'NULL'}}`;
  await sql`
    insert into requirements (company_id, client_id, name, category_id, frequency, source, position, starts_period)
    select ${companyId}, c, (${`{${REQUIREMENTS.map((r) => `"${r}"`).join(',')}}`}::text[])[p + 1],
           (${catArray}::int[])[1 + (p % ${Math.max(categoryIds.length, 1)})], 'monthly', 'custom', p,
           to_char(date_trunc('month', now()) - interval '11 months', 'YYYY-MM')
    from generate_series(${first}::int, ${last}::int) as c cross join generate_series(0, 5) as p
    order by c, p`.execute(db);
}

/** Every 20th client: its last requirement not applicable in the last 3 months; every other client: months before the last 3 closed. */
async function seedMonths(db: Db, companyId: number, first: number, last: number) {
  await sql`
    insert into checklist_items (company_id, client_id, requirement_id, period, not_applicable_at, not_applicable_note)
    select ${companyId}, r.client_id, r.id, to_char(date_trunc('month', now()) - (m || ' months')::interval, 'YYYY-MM'),
           now(), 'Nu are casă de marcat în această lună'
    from requirements r cross join generate_series(0, 2) as m
    where r.client_id between ${first} and ${last} and r.client_id % 20 = 0 and r.position = 5`.execute(db);
  await sql`
    insert into client_periods (company_id, client_id, period, done_at, closed_at)
    select ${companyId}, c, to_char(date_trunc('month', now()) - (m || ' months')::interval, 'YYYY-MM'), now(), now()
    from generate_series(${first}::int, ${last}::int) as c cross join generate_series(3, 11) as m
    where c % 2 = 0`.execute(db);
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

runSeedCommand(/seed-scale\.(ts|js)$/, (db, arg) =>
  seedScale(db, arg('company', 1), arg('clients', 100_000), arg('documents', 1_000_000), console.log),
);
