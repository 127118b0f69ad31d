import { addMonths, dueDate, isWorkingDay, nextWorkingDay, shiftDay } from '../../lib/ro-calendar.js';

/**
 * When reminders go out (docs/PRODUCT.md, "Reminders"): a firm's steps are days around a month's due date
 * (negative: before it); a step's day is the due date moved by that many days, then to the next working day,
 * like the due date itself. Pure functions of calendar days (YYYY-MM-DD) and months (YYYY-MM).
 */

export const DEFAULT_STEPS: readonly number[] = [-3, 0, 3, 7];
export const DEFAULT_HOUR = 9;
export const MIN_STEP = -30;
export const MAX_STEP = 60;
export const MAX_STEPS = 8;
/** How many months back a digest looks for open items (older ones are the firm's to chase by hand). */
export const LOOKBACK_MONTHS = 12;
/** How many months back a step can still fall today: the due date is in the next month, the last step 60 days on. */
const STEP_REACH_MONTHS = 5;

/** The day a step of `period` falls on, for a client whose due day is `dueDay`. */
export function stepDay(period: string, dueDay: number, step: number): string {
  return nextWorkingDay(shiftDay(dueDate(period, dueDay), step));
}

/** A step that falls on the day asked about: the month it reminds of, for clients with that due day. */
export interface StepMatch {
  dueDay: number;
  period: string;
  step: number;
}

/**
 * How many days back a step still goes out: one whose day passed while no server ran (an outage, a
 * deploy over the job's hour) is sent on the next working day a server runs, with that day's own steps
 * in the same digest. The claims keep each step to one sending.
 */
export const CATCH_UP_DAYS = 7;

/**
 * Every (due day, month, step) owed on `today`, a working day: those falling on it and those of the last
 * CATCH_UP_DAYS days (already sent ones are told apart by their claims). None on a day off.
 */
export function stepsOn(today: string, steps: readonly number[]): StepMatch[] {
  if (!isWorkingDay(today)) return [];
  const month = today.slice(0, 7);
  const earliest = shiftDay(today, -CATCH_UP_DAYS);
  const matches: StepMatch[] = [];
  for (let dueDay = 1; dueDay <= 31; dueDay++) {
    for (let back = 0; back <= STEP_REACH_MONTHS; back++) {
      const period = addMonths(month, -back);
      for (const step of steps) {
        const day = stepDay(period, dueDay, step);
        if (day > earliest && day <= today) matches.push({ dueDay, period, step });
      }
    }
  }
  return matches;
}

/** The months a digest of `today` may list, oldest first: the last LOOKBACK_MONTHS and the current one. */
export function windowMonths(today: string): string[] {
  const month = today.slice(0, 7);
  return Array.from({ length: LOOKBACK_MONTHS + 1 }, (_, i) => addMonths(month, i - LOOKBACK_MONTHS));
}

/**
 * Whether a digest of `today` lists `period` for a client with `dueDay`: a month that is over, or whose
 * first step has come (a firm that reminds 30 days ahead reminds of the current month too).
 */
export function listedOn(today: string, period: string, dueDay: number, steps: readonly number[]): boolean {
  if (period < today.slice(0, 7)) return true;
  const first = Math.min(...(steps.length ? steps : [0]));
  return stepDay(period, dueDay, first) <= today;
}

/** Steps as saved: whole days in range, each once, in order; null when they break the rule. */
export function cleanSteps(steps: readonly number[]): number[] | null {
  const unique = [...new Set(steps)].sort((a, b) => a - b);
  if (unique.length === 0 || unique.length > MAX_STEPS) return null;
  if (unique.some((s) => !Number.isInteger(s) || s < MIN_STEP || s > MAX_STEP)) return null;
  return unique;
}
