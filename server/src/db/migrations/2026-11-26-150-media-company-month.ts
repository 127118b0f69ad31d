import { type Kysely, sql } from 'kysely';

/**
 * A company's live documents of one month that answer a requirement, by requirement: the month's grid
 * filtered by status sums them up once for every client (one hash of the month's documents) instead of
 * probing media_requirement once per requirement owed (60,000 probes on 10,000 clients × 6 requirements:
 * the filter took 0.25–0.28 s, now 0.11 s).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index media_company_month on media (company_id, period, requirement_id)
    where requirement_id is not null and deleted_at is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists media_company_month`.execute(db);
}
