import { sql } from 'kysely';
import type { Db } from './infra/db.js';
import { startTrial } from './features/billing/index.js';

/**
 * Billing of the demo world (seed.ts): every tenant starts on trial, and
 * "Alt Contabil SRL" is a paying customer (one paid month of "Start" and one
 * declined attempt) so the admin's payment screens have something to show.
 */
export async function seedDemoBilling(db: Db): Promise<void> {
  const companies = await db.selectFrom('companies').select(['id', 'name']).where('deleted_at', 'is', null).execute();
  const holdings = await db.selectFrom('holdings').select('id').where('deleted_at', 'is', null).execute();
  for (const c of companies) await startTrial(db, { companyId: c.id });
  for (const h of holdings) await startTrial(db, { holdingId: h.id });

  const payer = companies.find((c) => c.name === 'Alt Contabil SRL');
  if (!payer) return;
  const plan = await db
    .selectFrom('plans')
    .select(['id', 'name', 'price_bani'])
    .where('audience', '=', 'company')
    .where('name', '=', 'Start')
    .executeTakeFirst();
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', payer.id)
    .where('role', '=', 2)
    .orderBy('id')
    .executeTakeFirst();
  if (!plan || !owner) return;
  const base = {
    company_id: payer.id,
    user_id: owner.id,
    plan_id: plan.id,
    plan_name: plan.name,
    amount_bani: plan.price_bani,
    provider: 'sandbox',
  };
  await db
    .insertInto('payments')
    .values({
      ...base,
      status: 'failed',
      provider_ref: 'sandbox_demo_declined',
      created_at: sql<Date>`now() - interval '12 days'`,
      decided_at: sql<Date>`now() - interval '12 days'`,
    })
    .execute();
  const paid = await db
    .insertInto('payments')
    .values({
      ...base,
      status: 'paid',
      provider_ref: 'sandbox_demo_paid',
      created_at: sql<Date>`now() - interval '11 days'`,
      decided_at: sql<Date>`now() - interval '11 days'`,
      period_end: sql<Date>`now() - interval '11 days' + interval '1 month'`,
    })
    .returning('period_end')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('subscriptions')
    .set({ plan_id: plan.id, status: 'active', current_period_end: paid.period_end as Date })
    .where('company_id', '=', payer.id)
    .execute();
}
