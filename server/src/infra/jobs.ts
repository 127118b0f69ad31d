import PgBoss from 'pg-boss';
import type { AppContext } from './context.js';
import type { JobDefinition } from './job-definition.js';
import { drainOutbox, OUTBOX_BATCH_SIZE, OUTBOX_CHANNEL } from './outbox.js';
import type { QueueDb } from './queue-db.js';
import { startQueueWorker, type QueueWorker } from './job-worker.js';

/**
 * The one job queue: pg-boss on the app's own database (PostgreSQL or the embedded PGlite, through
 * infra/queue-db.ts), in its `pgboss` schema. Every JobDefinition gets a queue and a cron schedule in
 * Europe/Bucharest; pg-boss makes one instance per cron slot create the job (its schedule is sent
 * once per minute slot, a singleton), and the `stately` policy keeps at most one waiting and one
 * running job per queue, so N instances never run a slot twice nor pile runs up behind a slow one.
 * A failed run is logged and marked failed; the next slot runs as usual (no retries).
 *
 * The mail outbox (infra/outbox.ts) is sent by the queue too: queuing mail NOTIFYs, and the queue
 * answers with a send job its own worker fetches at once; a per-minute schedule sweeps what waits.
 */

export const MAIL_QUEUE = 'mail-outbox';
/** Batches one send job takes before it hands the rest to the next one (a campaign of thousands). */
const MAIL_BATCHES_PER_JOB = 8;
/** A send job running longer is taken for dead (its instance stopped) by pg-boss's maintenance. */
const MAIL_EXPIRE_SECONDS = 300;
const TIME_ZONE = 'Europe/Bucharest';
const JOB_POLL_SECONDS = 10;
const MAIL_POLL_SECONDS = 2;
/** How long close() lets a running job finish (one left running expires in the queue). */
const STOP_TIMEOUT_MS = 10_000;

export interface JobLog {
  error(obj: unknown, msg: string): void;
}

export interface JobQueueOptions {
  ctx: AppContext;
  db: QueueDb;
  jobs: JobDefinition[];
  log: JobLog;
  /** Shorter polling for tests, in seconds (every queue's worker, and pg-boss's schedule loops). */
  intervals?: { pollSeconds?: number; cronWorkerSeconds?: number; cronMonitorSeconds?: number };
}

export interface JobQueue {
  /** Stops scheduling and fetching, lets running jobs finish (up to STOP_TIMEOUT_MS), stops listening. */
  close(): Promise<void>;
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { ctx, log, intervals = {} } = options;
  // A scheduled job runs at most once a minute: its worker looks every JOB_POLL_SECONDS. The mail
  // worker is woken when mail is queued and only polls as a fallback.
  const jobPollMs = (intervals.pollSeconds ?? JOB_POLL_SECONDS) * 1000;
  const mailPollMs = (intervals.pollSeconds ?? MAIL_POLL_SECONDS) * 1000;
  // pg-boss's statements in flight: close() returns once its own loops have none left.
  let inFlight = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };
  // pg-boss's own loop (the one that turns schedules into jobs) marks its jobs completed or failed
  // without awaiting it: if the database dropped at that moment, the rejection would end the process.
  // Those two statements (learnt through pg-boss's public per-call `db` option) are logged, not thrown.
  const unawaited = await completionStatements();
  const db: PgBoss.Db = {
    executeSql: (text, values) =>
      counted(async () => {
        try {
          return await options.db.executeSql(text, values);
        } catch (error) {
          if (!unawaited.has(text)) throw error;
          log.error({ err: error }, 'job queue could not record a job as done');
          return { rows: [{ count: 0 }] };
        }
      }),
  };
  const boss = new PgBoss({
    db,
    schedule: true,
    supervise: true,
    // Completed jobs leave for the archive after an hour and it keeps two days: a few thousand rows.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 2,
    ...(intervals.cronWorkerSeconds ? { cronWorkerIntervalSeconds: intervals.cronWorkerSeconds } : {}),
    ...(intervals.cronMonitorSeconds ? { cronMonitorIntervalSeconds: intervals.cronMonitorSeconds } : {}),
  });
  // An EventEmitter's unhandled 'error' would end the process: pg-boss reports maintenance and polling failures here.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  let unlisten: (() => Promise<void>) | null = null;
  const workers: QueueWorker[] = [];
  const work = (name: string, pollMs: number, run: () => Promise<void>) => {
    const worker = startQueueWorker(boss, name, pollMs, run, log);
    workers.push(worker);
    return worker;
  };
  try {
    const names = new Set([MAIL_QUEUE, ...options.jobs.map((job) => job.name)]);
    if (names.size !== options.jobs.length + 1) throw new Error('job names must be unique and not mail-outbox');
    // A job taken out of the list keeps no schedule (it would queue work nobody fetches).
    for (const schedule of await boss.getSchedules()) {
      if (!names.has(schedule.name)) await boss.unschedule(schedule.name);
    }
    const queue = async (name: string, settings: Omit<PgBoss.Queue, 'name'>) => {
      await boss.createQueue(name, { name, ...settings });
      // An existing queue takes today's settings too (createQueue leaves an existing one as it is).
      await boss.updateQueue(name, { name, ...settings });
    };
    for (const job of options.jobs) {
      await queue(job.name, { policy: 'stately', retryLimit: 0 });
      await boss.schedule(job.name, job.cron, {}, { tz: TIME_ZONE });
      work(job.name, jobPollMs, () => job.run(ctx));
    }

    // `short`: at most one send job waits; any number may run (rows are claimed `skip locked`), so a job
    // left running by an instance that died blocks nothing (it expires after MAIL_EXPIRE_SECONDS).
    await queue(MAIL_QUEUE, { policy: 'short', retryLimit: 0, expireInSeconds: MAIL_EXPIRE_SECONDS });
    await boss.schedule(MAIL_QUEUE, '* * * * *', {}, { tz: TIME_ZONE });
    const mailWorker = work(MAIL_QUEUE, mailPollMs, async () => {
      const done = await drainOutbox({ db: ctx.db, mailer: ctx.mailTransport }, { maxBatches: MAIL_BATCHES_PER_JOB });
      // More than one job's share: the next job takes the rest.
      if (done.sent + done.failed + done.retrying >= MAIL_BATCHES_PER_JOB * OUTBOX_BATCH_SIZE) {
        await boss.send(MAIL_QUEUE, {});
      }
    });
    // The payload: seconds until the queued mail is due (a merged message waits). A waiting send job
    // gets a key of its own (a `short` queue keeps one job waiting per key), so it never holds back an
    // immediate one.
    const wake = (payload = '') => {
      const delay = Math.max(0, Math.ceil(Number(payload)) || 0);
      const sent = delay
        ? boss.send(MAIL_QUEUE, {}, { startAfter: delay, singletonKey: `due-${Math.ceil(Date.now() / 1000) + delay}` })
        : boss.send(MAIL_QUEUE, {});
      sent
        .then(() => {
          if (!delay) mailWorker.wake();
        })
        .catch((error: unknown) => log.error({ err: error }, 'mail outbox wake failed'));
    };
    unlisten = await options.db.listen(OUTBOX_CHANNEL, wake);
    // Mail queued while no instance was listening (a restart) leaves now, not at the next sweep.
    wake();
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.stop(STOP_TIMEOUT_MS)));
    await boss.stop({ graceful: false, timeout: 1000 });
    throw error;
  }

  return {
    async close() {
      await unlisten?.();
      await Promise.all(workers.map((worker) => worker.stop(STOP_TIMEOUT_MS)));
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // pg-boss's own loop (the schedules' sender) ends on its own after stop(): wait until no query is left.
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

/** The SQL text of pg-boss's complete() and fail(), as it sends them. */
async function completionStatements(): Promise<Set<string>> {
  const texts = new Set<string>();
  const learn: PgBoss.Db = {
    executeSql: async (text) => {
      texts.add(text);
      return { rows: [{ count: 0 }] };
    },
  };
  const probe = new PgBoss({ db: learn });
  const id = '00000000-0000-0000-0000-000000000000';
  await probe.complete(MAIL_QUEUE, id, {}, { db: learn });
  await probe.fail(MAIL_QUEUE, id, {}, { db: learn });
  return texts;
}
