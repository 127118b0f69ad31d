/**
 * The one clock the background work reads: reminders, digests, upload links' expiry and the job queue's
 * schedules ask it for "now" instead of `new Date()`, so a test replaces it and walks a whole month in
 * seconds. Request handling that only stamps rows keeps the database's `now()`.
 */
export interface Clock {
  now(): Date;
}

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves by hand. */
export interface ManualClock extends Clock {
  set(moment: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string): ManualClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(moment) {
      current = new Date(moment);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
