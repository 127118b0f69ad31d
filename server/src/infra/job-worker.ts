import type PgBoss from 'pg-boss';

/**
 * One queue's worker: fetches a job, runs it, then marks it completed or failed — each step awaited,
 * so a database that drops mid-job is an error logged here, never a stray rejected promise (pg-boss's
 * own `work()` leaves its complete/fail calls unawaited, and an unhandled rejection ends the process).
 * It sleeps `pollMs` between empty fetches; `wake()` makes it fetch at once.
 */
export interface QueueWorker {
  wake(): void;
  /** Stops fetching; waits for the job in hand up to `timeoutMs` (a job left running expires in the queue). */
  stop(timeoutMs: number): Promise<void>;
}

export function startQueueWorker(
  boss: PgBoss,
  name: string,
  pollMs: number,
  run: () => Promise<void>,
  log: { error(obj: unknown, msg: string): void },
): QueueWorker {
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeUp = done;
    });
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      // pg-boss's fetch answers [] when the database fails (and while a stately queue's one running slot is taken).
      const jobs = await boss.fetch(name).catch(() => []);
      for (const job of jobs) {
        try {
          await run();
          await boss.complete(name, job.id);
        } catch (error) {
          log.error({ err: error, job: name }, 'background job failed');
          await boss
            .fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
            .catch((failError: unknown) =>
              log.error({ err: failError, job: name }, 'job queue could not record a failure'),
            );
        }
      }
      if (!stopping && !woken && jobs.length === 0) await nap(pollMs);
    }
  })();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop(timeoutMs) {
      stopping = true;
      wakeUp?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
  };
}
