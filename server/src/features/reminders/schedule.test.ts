import { CATCH_UP_DAYS, cleanSteps, listedOn, stepDay, stepsOn, windowMonths } from './schedule.js';

// The reminder calendar (docs/PRODUCT.md, "Reminders"): steps around the due date, on working days.

test('the default steps of November 2026 (due Monday 7 December: 5 December is a Saturday)', () => {
  expect([-3, 0, 3, 7].map((step) => stepDay('2026-11', 5, step))).toEqual([
    '2026-12-04', // Friday
    '2026-12-07',
    '2026-12-10',
    '2026-12-14', // 7 days on is a Monday
  ]);
});

test('a step on a weekend or holiday moves to the next working day, so two steps may share a day', () => {
  // December 2026 is due Tuesday 5 January 2027; three days before is Saturday 2 January (a holiday too),
  // and Monday 4 January is the next working day; a week after is Tuesday 12 January (6–7 are holidays).
  expect(stepDay('2026-12', 5, -3)).toBe('2027-01-04');
  expect(stepDay('2026-12', 5, 1)).toBe('2027-01-08'); // 6 and 7 January are holidays
  expect(stepDay('2026-12', 5, 7)).toBe('2027-01-12');
  // Due Monday 7 December: -1 is Sunday 6, which moves to the due date itself.
  expect(stepDay('2026-11', 5, -1)).toBe('2026-12-07');
  expect(stepDay('2026-11', 5, -2)).toBe('2026-12-07');
});

test('the steps owed on a day, for every due day', () => {
  const on = stepsOn('2026-12-07', [-3, 0, 3, 7]);
  // Due day 5 (the 5th a Saturday), 6 (a Sunday) and 7: their due date is today.
  for (const dueDay of [5, 6, 7]) expect(on).toContainEqual({ dueDay, period: '2026-11', step: 0 });
  // Due day 4: Friday 4 December, three days on.
  expect(on).toContainEqual({ dueDay: 4, period: '2026-11', step: 3 });
  // Due day 10: Thursday 10 December, three days before.
  expect(on).toContainEqual({ dueDay: 10, period: '2026-11', step: -3 });
  // October with due day 30: Monday 30 November and 1 December are holidays, so Wednesday 2 December; +3 is
  // Saturday 5, moved to Monday 7. The same for due days 1 and 2 of November's month.
  expect(on).toContainEqual({ dueDay: 30, period: '2026-10', step: 3 });
  expect(on).toContainEqual({ dueDay: 1, period: '2026-11', step: 3 });
  expect(stepsOn('2026-12-05', [-3, 0, 3, 7])).toEqual([]); // a Saturday: nothing
});

test('a step whose day passed while no server ran is still owed for a week, on working days', () => {
  const dayOf = (m: { period: string; dueDay: number; step: number }) => stepDay(m.period, m.dueDay, m.step);
  const on = stepsOn('2026-12-08', [-3, 0, 3, 7]);
  // Yesterday's due date and Friday's three-days-before are owed again (their claims tell if they went)…
  expect(on).toContainEqual({ dueDay: 5, period: '2026-11', step: 0 });
  expect(on).toContainEqual({ dueDay: 5, period: '2026-11', step: -3 });
  // …today's own too, and nothing older than the week or still to come.
  expect(on).toContainEqual({ dueDay: 8, period: '2026-11', step: 0 });
  expect(on.every((m) => dayOf(m) <= '2026-12-08' && dayOf(m) > '2026-12-01')).toBe(true);
  expect(CATCH_UP_DAYS).toBe(7);
  expect(on).not.toContainEqual({ dueDay: 5, period: '2026-11', step: 3 }); // 10 December
  expect(stepsOn('2026-12-06', [-3, 0, 3, 7])).toEqual([]); // a Sunday: nothing, not even what is owed
});

test('which months a digest lists, and the steps a firm may save', () => {
  expect(windowMonths('2026-12-07')).toHaveLength(13);
  expect(windowMonths('2026-12-07')[0]).toBe('2025-12');
  expect(listedOn('2026-12-07', '2026-11', 5, [-3, 0])).toBe(true); // over
  expect(listedOn('2026-12-07', '2026-12', 5, [-3, 0])).toBe(false); // its first step is in January
  expect(listedOn('2026-12-07', '2026-12', 5, [-30, 0])).toBe(true); // 30 days ahead: 6 December
  expect(cleanSteps([7, 0, -3, 3, 0])).toEqual([-3, 0, 3, 7]);
  expect(cleanSteps([])).toBeNull();
  expect(cleanSteps([61])).toBeNull();
  expect(cleanSteps([-31])).toBeNull();
  expect(cleanSteps([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBeNull();
  expect(cleanSteps([1.5])).toBeNull();
});
