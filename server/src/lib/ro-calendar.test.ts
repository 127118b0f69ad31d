import {
  addMonths,
  daysLeft,
  dueDate,
  isWorkingDay,
  legalHolidays,
  monthName,
  nextWorkingDay,
  orthodoxEaster,
  shiftDay,
} from './ro-calendar.js';
import { isValidRoIban, normalizeIban } from './iban.js';

test('Orthodox Easter falls where the Romanian calendar has it, 2024–2035', () => {
  const published: Record<number, string> = {
    2024: '2024-05-05',
    2025: '2025-04-20',
    2026: '2026-04-12',
    2027: '2027-05-02',
    2028: '2028-04-16',
    2029: '2029-04-08',
    2030: '2030-04-28',
    2031: '2031-04-13',
    2032: '2032-05-02',
    2033: '2033-04-24',
    2034: '2034-04-09',
    2035: '2035-04-29',
  };
  for (const [year, easter] of Object.entries(published)) expect(orthodoxEaster(Number(year))).toBe(easter);
});

test('Boboteaza and Sfântul Ioan (6–7 January) are holidays from 2024 only', () => {
  expect(legalHolidays(2023).has('2023-01-06')).toBe(false);
  expect(legalHolidays(2023).has('2023-01-07')).toBe(false);
  expect(isWorkingDay('2023-01-06')).toBe(true); // a Friday, before the law
  expect(legalHolidays(2024).has('2024-01-06')).toBe(true);
  expect(legalHolidays(2024).has('2024-01-07')).toBe(true);
  expect(isWorkingDay('2025-01-06')).toBe(false); // a Monday, now a holiday
  // Good Friday, Easter Monday and Rusalii move with Easter.
  expect(legalHolidays(2028)).toEqual(
    new Set([
      '2028-01-01',
      '2028-01-02',
      '2028-01-06',
      '2028-01-07',
      '2028-01-24',
      '2028-04-14',
      '2028-04-16',
      '2028-04-17',
      '2028-05-01',
      '2028-06-01',
      '2028-06-04',
      '2028-06-05',
      '2028-08-15',
      '2028-11-30',
      '2028-12-01',
      '2028-12-25',
      '2028-12-26',
    ]),
  );
});

test('the legal holidays of 2026: fixed ones, Good Friday, Easter and Rusalii', () => {
  const days = legalHolidays(2026);
  for (const day of [
    '2026-01-01',
    '2026-01-02',
    '2026-01-06',
    '2026-01-07',
    '2026-01-24',
    '2026-04-10',
    '2026-04-12',
  ]) {
    expect(days.has(day)).toBe(true);
  }
  for (const day of [
    '2026-04-13',
    '2026-05-01',
    '2026-05-31',
    '2026-06-01',
    '2026-08-15',
    '2026-11-30',
    '2026-12-01',
  ]) {
    expect(days.has(day)).toBe(true);
  }
  expect(days.has('2026-12-25') && days.has('2026-12-26')).toBe(true);
  expect(days.size).toBe(16); // Rusalii Monday is 1 June, Children's Day, in 2026
  expect(days.has('2026-04-14')).toBe(false);
});

test('working days skip weekends and holidays', () => {
  expect(isWorkingDay('2026-11-25')).toBe(true);
  expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
  expect(isWorkingDay('2026-11-30')).toBe(false); // Sfântul Andrei
  expect(nextWorkingDay('2026-11-28')).toBe('2026-12-02'); // Sat, Sun, 30 Nov, 1 Dec
  expect(nextWorkingDay('2026-12-24')).toBe('2026-12-24');
});

test('due dates: the next month, clipped to its last day, moved to a working day', () => {
  expect(dueDate('2026-10', 5)).toBe('2026-11-05'); // Thursday
  expect(dueDate('2026-11', 5)).toBe('2026-12-07'); // Saturday 5 → Monday 7
  expect(dueDate('2026-12', 1)).toBe('2027-01-04'); // 1, 2 Jan holidays, 3 Sunday
  expect(dueDate('2026-01', 31)).toBe('2026-03-02'); // clipped to Saturday 28 February, moved to Monday
  expect(dueDate('2026-03', 10)).toBe('2026-04-14'); // Good Friday, the weekend, Easter Monday
  expect(dueDate('2026-04', 31)).toBe('2026-06-02'); // 31 May Rusalii (Sunday), 1 June holiday (also Rusalii Monday)
  expect(dueDate('2024-12', 5)).toBe('2025-01-08'); // Sunday 5, then Boboteaza and Sfântul Ioan
  expect(dueDate('2022-12', 5)).toBe('2023-01-05'); // a Thursday
  expect(dueDate('2022-12', 6)).toBe('2023-01-06'); // a Friday: no 6 January holiday before 2024
});

test('shifting a calendar day across months, years and summer time', () => {
  expect(shiftDay('2026-12-07', -3)).toBe('2026-12-04');
  expect(shiftDay('2026-12-29', 7)).toBe('2027-01-05');
  expect(shiftDay('2026-03-28', 2)).toBe('2026-03-30');
});

test('days left count calendar days in Romania, negative when late', () => {
  expect(daysLeft('2026-12-07', '2026-11-25')).toBe(12);
  expect(daysLeft('2026-11-20', '2026-11-25')).toBe(-5);
  expect(daysLeft('2026-03-30', '2026-03-29')).toBe(1); // summer time changes nothing
});

test('months: arithmetic and Romanian names', () => {
  expect(addMonths('2026-01', -1)).toBe('2025-12');
  expect(addMonths('2026-11', 2)).toBe('2027-01');
  expect(monthName('2026-11')).toBe('Noiembrie 2026');
});

test('IBANs: RO + 22 characters with a valid mod-97 checksum, spaces ignored', () => {
  expect(isValidRoIban(normalizeIban('RO49 AAAA 1B31 0075 9384 0000'))).toBe(true);
  expect(isValidRoIban('RO49AAAA1B31007593840001')).toBe(false);
  expect(isValidRoIban('DE89370400440532013000')).toBe(false);
  expect(isValidRoIban('RO49AAAA1B3100759384000')).toBe(false);
});
