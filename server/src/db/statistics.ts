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

/** The schema's tables that hold a row, by name. */
async function filledTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(db);
  const filled: string[] = [];
  for (const { name } of rows) {
    const { rows: any } = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    if (any.length > 0) filled.push(name);
  }
  return filled;
}

/**
 * After a bulk load (the seeds), as PostgreSQL's manual advises: planner statistics, and the visibility map
 * that lets a page of ids come from an index alone (PGlite has no autovacuum to set it later), for every
 * table that holds a row. An empty table is left as it is. Analyzed empty, the planner takes it at its word
 * and plans a generic statement's lookup there as a sequential scan, kept until the next ANALYZE: after
 * the seed the grid read kept_months that way, 14–16 ms a call instead of 2.1 ms for the first 10 s of the
 * bench's mixed load (PGlite). Never analyzed, the planner assumes a few pages and looks it up by index.
 * Answers the tables vacuumed.
 */
export async function vacuumAnalyzeFilled(db: Db): Promise<string[]> {
  const filled = await filledTables(db);
  for (const name of filled) await sql`vacuum analyze ${sql.table(name)}`.execute(db);
  return filled;
}

/**
 * The statistics of every table that holds a row, as the embedded database's start refreshes them (it has
 * no autovacuum). An empty table is left unanalyzed, as after a bulk load (vacuumAnalyzeFilled): a start
 * that analyzed every table had the checklist's items and the kept months planned empty, and the first
 * grids and checklists read them by sequential scans until the statistics keeper's first run, 15 s later
 * (the mixed load on PGlite: 2.5–3.1 ms of the database's thread per checklist, then 0.5 ms).
 */
export async function analyzeFilled(db: Db): Promise<string[]> {
  const filled = await filledTables(db);
  for (const name of filled) await sql`analyze ${sql.table(name)}`.execute(db);
  return filled;
}

/**
 * Keeps the planner's statistics current, as autovacuum would: every statement keeps the generic plan of
 * its first call (infra/prepared-statements.ts), and a plan made while a table was empty (a new database's
 * checklist items) reads it by sequential scans for as long as the statistics say so: the month's grid
 * took 44 ms instead of 3 ms on the bench's new firms. PGlite has no autovacuum and PostgreSQL may run
 * without it; an ANALYZE makes every session plan its statements on that table again. Runs in every
 * process; stop() waits for the run in flight.
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
  );
}
