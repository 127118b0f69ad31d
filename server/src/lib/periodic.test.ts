import { startPeriodic } from './periodic.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('runs on its timer, never two at once; stop() waits for the run in flight and ends the ticks', async () => {
  let active = 0;
  let most = 0;
  let runs = 0;
  let finished = 0;
  const job = startPeriodic(
    async () => {
      runs += 1;
      active += 1;
      most = Math.max(most, active);
      await sleep(35);
      active -= 1;
      finished += 1;
    },
    () => {},
    10,
    5,
  );
  await sleep(120);
  await job.stop();
  expect(runs).toBeGreaterThanOrEqual(2);
  expect(most).toBe(1);
  expect(finished).toBe(runs);
  await sleep(40);
  expect(runs).toBe(finished);
});

test('a failed run is reported and the next one still runs', async () => {
  const errors: unknown[] = [];
  let runs = 0;
  const job = startPeriodic(
    async () => {
      runs += 1;
      if (runs === 1) throw new Error('prima rulare a eșuat');
    },
    (error) => errors.push(error),
    10,
  );
  await sleep(60);
  await job.stop();
  expect(errors).toHaveLength(1);
  expect(String(errors[0])).toContain('prima rulare a eșuat');
  expect(runs).toBeGreaterThanOrEqual(2);
});
