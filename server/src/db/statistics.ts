import { sql } from 'kysely';
import type { Db } from '../infra/db.js';
import { startPeriodic, type PeriodicJob } from '../lib/periodic.js';

/** How often the keeper looks for stale statistics. */
export const STATISTICS_EVERY_MS = 15_000;

/**
 * The tables whose planner statistics are stale by autovacuum's own rule (its default thresholds: more
 * than 50 rows plus a tenth of the table changed since the last ANALYZE).
 */
export async function staleTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select s.relname as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema() and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    order by s.relname`.execute(db);
  return rows.map((r) => r.name);
}

/** Analyzes the tables whose statistics are stale; answers their names. */
export async function refreshStatistics(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
  return tables;
}

/**
 * Keeps the embedded database's planner statistics current, as autovacuum does for PostgreSQL (PGlite has
 * none): without it the planner would plan a grown table as the day it was created. Runs from the server's
 * start (its first run at once); stop() waits for the run in flight.
 */
export function startStatisticsKeeper(
  db: Db,
  log: { error(obj: unknown, msg: string): void },
  everyMs = STATISTICS_EVERY_MS,
): PeriodicJob {
  return startPeriodic(
    () => refreshStatistics(db),
    (error) => log.error({ err: error }, 'statistics refresh failed'),
    everyMs,
    0,
  );
}
