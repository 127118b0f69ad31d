import type { AppContext } from './context.js';

/**
 * A piece of periodic background work, run by the job queue (infra/jobs.ts) on one instance at a time.
 * `run` reads "now" from `ctx.clock` and is safe to run again for the same moment (whatever it sends or
 * writes is claimed in the database first), so a test calls it directly with a replaced clock.
 */
export interface JobDefinition {
  /** Unique, kebab-case: the queue's name. */
  name: string;
  /** When it runs: a cron expression in Europe/Bucharest time (minute granularity). */
  cron: string;
  run(ctx: AppContext): Promise<void>;
}
