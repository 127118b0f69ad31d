/**
 * Reminders (docs/PRODUCT.md, "Reminders"): the job other code schedules (features/jobs.ts) and the
 * calendar of steps.
 */
export { remindersJob, runReminders } from './job.js';
export { stepDay, stepsOn, DEFAULT_STEPS } from './schedule.js';
