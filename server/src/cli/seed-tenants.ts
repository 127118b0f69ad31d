import { sql } from 'kysely';
import type { Db } from '../infra/db.js';
import { runSeedCommand } from './seed-cli.js';
import { hashPassword } from '../infra/passwords.js';
import { addMonths, currentMonth } from '../lib/ro-calendar.js';
import { DEFAULT_CATEGORIES, DEMO_PASSWORD } from '../seed.js';
import { seedDemoDefaults } from '../seed-month.js';

/**
 * Tenant generator for the mixed multi-tenant bench: adds N accounting firms (default 100), each with its
 * owner (owner{i}@tenants.test), one holding and its administrator (holding{i}@tenants.test), the default
 * categories and default set, ~50 clients (every fourth in the holding), each client's requirements from
 * two months ago, and per client two accepted documents last month and three awaiting review this month.
 *   npm run seed:tenants -- [--companies 100] [--clients 50]
 * Every account signs in with the demo password. Document rows point to storage keys under tenants/ that
 * hold no file (lists, checklists and reviews read rows only). Firms and holdings are on paid plans without
 * a client limit that bites, so the workload's writes are never refused with 402.
 */
export interface TenantsSeed {
  companies: number;
  clients: number;
}

export async function seedTenants(
  db: Db,
  { companies, clients }: TenantsSeed,
  progress: (line: string) => void = () => {},
): Promise<void> {
  // One argon2 hash for every account: hashing 200 times would cost seconds for nothing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const first = (await countTenants(db)) + 1;
  const plans = await paidPlans(db);
  const companyIds: number[] = [];
  for (let i = first; i < first + companies; i++) {
    companyIds.push(await seedTenant(db, i, passwordHash, plans));
    if ((i - first + 1) % 25 === 0) progress(`firme: ${i - first + 1}/${companies}`);
  }
  await seedClients(db, companyIds, clients);
  await seedRequirements(db, companyIds);
  await seedDocuments(db, companyIds);
}

/** Firms an earlier run added, so a second run numbers its accounts after them. */
async function countTenants(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email', 'like', 'owner%@tenants.test')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface PaidPlans {
  company: number;
  holding: number;
}

/**
 * The firm plan without a client limit and the largest holding plan: a trial (20 clients for a firm,
 * 10 for a holding) would leave the tenants over their limit, and over the limit writes answer 402.
 */
async function paidPlans(db: Db): Promise<PaidPlans> {
  const pick = (audience: 'company' | 'holding') =>
    db
      .selectFrom('plans')
      .select('id')
      .where('audience', '=', audience)
      .where('is_trial', '=', false)
      .orderBy(sql`max_clients is null`, 'desc')
      .orderBy('max_clients', 'desc')
      .executeTakeFirstOrThrow();
  return { company: (await pick('company')).id, holding: (await pick('holding')).id };
}

/** One firm with its holding, two accounts, categories, default set and subscriptions; answers its id. */
async function seedTenant(db: Db, i: number, passwordHash: string, plans: PaidPlans): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('companies')
      .values({
        name: `Contabil Tenant ${i} SRL`,
        cui: null,
        email: `office${i}@tenants.test`,
        phone: '0212345678',
        address: 'București',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const holding = await trx
      .insertInto('holdings')
      .values({ name: `Grup Tenant ${i}`, cui: null, email: `grup${i}@tenants.test` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('company_holding').values({ company_id: company.id, holding_id: holding.id }).execute();
    const account = { password_hash: passwordHash, email_verified_at: new Date() };
    await trx
      .insertInto('users')
      .values([
        { ...account, name: `Proprietar ${i}`, email: `owner${i}@tenants.test`, role: 2, company_id: company.id },
        {
          ...account,
          name: `Administrator grup ${i}`,
          email: `holding${i}@tenants.test`,
          role: 4,
          holding_id: holding.id,
        },
      ])
      .execute();
    await trx
      .insertInto('categories')
      .values(
        DEFAULT_CATEGORIES.map((name, position) => ({ company_id: company.id, holding_id: null, name, position })),
      )
      .execute();
    await seedDemoDefaults(trx, company.id);
    const paid = { status: 'active' as const, current_period_end: sql<Date>`now() + interval '1 year'` };
    await trx
      .insertInto('subscriptions')
      .values([
        { ...paid, company_id: company.id, plan_id: plans.company },
        { ...paid, holding_id: holding.id, plan_id: plans.holding },
      ])
      .execute();
    return company.id;
  });
}

/** `perCompany` clients for each firm, every fourth in its holding, in one statement. */
async function seedClients(db: Db, companyIds: number[], perCompany: number): Promise<void> {
  await sql`
    insert into clients (company_id, holding_id, name, cui, email, phone, notes)
    select c.id, case when g % 4 = 0 then ch.holding_id end,
           'Client Tenant ' || c.id || '-' || lpad(g::text, 3, '0') || ' SRL',
           (20000000 + c.id * 1000 + g)::text, 'client' || c.id || '-' || g || '@tenants.test', '0700000000', null
    from unnest(${companyIds}::int[]) as c(id)
    join company_holding ch on ch.company_id = c.id
    cross join generate_series(1, ${perCompany}) as g
    order by c.id, g`.execute(db);
}

/**
 * What each client owes from two months ago: the firm's default set for a client without a declared
 * profile (provisionClientRequirements' rule: `always` items and one bank statement without an IBAN),
 * in one statement instead of two queries a client.
 */
async function seedRequirements(db: Db, companyIds: number[]): Promise<void> {
  await sql`
    insert into requirements (company_id, client_id, name, category_id, frequency, details, source, default_id,
                              position, starts_period)
    select c.company_id, c.id, d.name, d.category_id, d.frequency, d.details, d.applies, d.id, d.position,
           ${addMonths(currentMonth(), -2)}
    from clients c
    join requirement_defaults d on d.company_id = c.company_id and d.deleted_at is null
    where c.company_id = any(${companyIds}::int[]) and d.applies in ('always', 'bank_account')
    order by c.id, d.position`.execute(db);
}

/**
 * Per client: last month two documents accepted, this month three awaiting review (one per requirement
 * in position order), so the review inbox and the review call have work.
 */
async function seedDocuments(db: Db, companyIds: number[]): Promise<void> {
  const thisMonth = currentMonth();
  const lastMonth = addMonths(thisMonth, -1);
  await sql`
    insert into media (company_id, client_id, category_id, period, original_name, mime, size, sha256, storage_key,
                       requirement_id, review_status, reviewed_at)
    select r.company_id, r.client_id, r.category_id, m.period,
           'document-' || r.id || '-' || m.period || '.pdf', 'application/pdf', 1024, repeat('0', 64),
           'tenants/' || r.company_id || '/' || r.id || '-' || m.period,
           r.id, m.status, case when m.status = 'accepted' then now() end
    from (
      select r.*, row_number() over (partition by r.client_id order by r.position, r.id) as k
      from requirements r where r.company_id = any(${companyIds}::int[])) r
    cross join (values (${lastMonth}, 'accepted', 2), (${thisMonth}, 'pending', 3)) as m(period, status, per_client)
    where r.k <= m.per_client
    order by r.client_id, m.period`.execute(db);
}

runSeedCommand(/seed-tenants\.(ts|js)$/, (db, arg) =>
  seedTenants(db, { companies: arg('companies', 100), clients: arg('clients', 50) }, console.log),
);
