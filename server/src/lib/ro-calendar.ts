/**
 * Romanian working days and the month's due date (docs/PRODUCT.md, "The month"). Dates are calendar
 * days written `YYYY-MM-DD`; arithmetic runs on UTC midnights, so no time zone or summer time shifts them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (date: Date): string => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number): Date => new Date(Date.UTC(year, month - 1, day));
const parse = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return utc(y, m, d);
};
const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** The calendar day `days` after `day` (negative: before). */
export const shiftDay = (day: string, days: number): string => iso(addDays(parse(day), days));

/** Orthodox Easter Sunday of `year` (Meeus' Julian algorithm, + 13 days to the Gregorian calendar; 1900–2099). */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return iso(addDays(utc(year, month, day), 13));
}

const holidayCache = new Map<number, Set<string>>();

/** Romania's legal holidays of `year` (Codul muncii, art. 139). */
export function legalHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  // Boboteaza and Sfântul Ioan (6–7 January) are legal holidays from 2024 on (Legea 17/2023).
  const fixed = [
    '01-01',
    '01-02',
    ...(year >= 2024 ? ['01-06', '01-07'] : []),
    '01-24',
    '05-01',
    '06-01',
    '08-15',
    '11-30',
    '12-01',
    '12-25',
    '12-26',
  ];
  const easter = parse(orthodoxEaster(year));
  const moving = [-2, 0, 1, 49, 50].map((offset) => iso(addDays(easter, offset)));
  const days = new Set([...fixed.map((md) => `${year}-${md}`), ...moving]);
  holidayCache.set(year, days);
  return days;
}

/** Whether `day` is a working day: neither Saturday, Sunday nor a legal holiday. */
export function isWorkingDay(day: string): boolean {
  const date = parse(day);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !legalHolidays(date.getUTCFullYear()).has(day);
}

/** `day` when it is a working day, else the next one. */
export function nextWorkingDay(day: string): string {
  let date = parse(day);
  while (!isWorkingDay(iso(date))) date = addDays(date, 1);
  return iso(date);
}

/**
 * When the documents of `period` (YYYY-MM) are due: day `dueDay` of the next month (its last day when the
 * month is shorter), moved to the next working day.
 */
export function dueDate(period: string, dueDay: number): string {
  const key = `${period}|${dueDay}`;
  let due = dueDates.get(key);
  if (due === undefined) {
    const [year, month] = period.split('-').map(Number);
    const nextYear = month === 12 ? year + 1 : year;
    const nextMonth = month === 12 ? 1 : month + 1;
    const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
    due = nextWorkingDay(iso(utc(nextYear, nextMonth, Math.min(Math.max(dueDay, 1), lastDay))));
    if (dueDates.size >= 10_000) dueDates.clear();
    dueDates.set(key, due);
  }
  return due;
}

/** Due dates already worked out: a grid asks for the same month and due day on every row. */
const dueDates = new Map<string, string>();

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with it. */
const ROMANIAN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const ROMANIAN_SECOND = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment as Romanian local time, „2026-11-22 14:05:09” (without `seconds`: „2026-11-22 14:05”). */
export function romanianDateTime(date: Date | string, seconds = true): string {
  const parts = ROMANIAN_SECOND.formatToParts(new Date(date));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  const minute = `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
  return seconds ? `${minute}:${get('second')}` : minute;
}

/** Today's date in Romania (YYYY-MM-DD). */
export function todayInRomania(now = new Date()): string {
  return ROMANIAN_DAY.format(now);
}

/** Days from `today` (default: today in Romania) to `due`; negative when late. */
export function daysLeft(due: string, today = todayInRomania()): number {
  return Math.round((parse(due).getTime() - parse(today).getTime()) / DAY_MS);
}

/** The month `offset` months after `period` (negative: before). */
export function addMonths(period: string, offset: number): string {
  const [year, month] = period.split('-').map(Number);
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'Ianuarie',
  'Februarie',
  'Martie',
  'Aprilie',
  'Mai',
  'Iunie',
  'Iulie',
  'August',
  'Septembrie',
  'Octombrie',
  'Noiembrie',
  'Decembrie',
];

/** „Noiembrie 2026” for 2026-11. */
export function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** „noiembrie 2026” for 2026-11: the month inside a sentence, where Romanian writes it in lower case. */
export function monthInSentence(period: string): string {
  return monthName(period).toLocaleLowerCase('ro-RO');
}

/** The current month (YYYY-MM) in Romania. */
export const currentMonth = (now = new Date()): string => todayInRomania(now).slice(0, 7);

/** The first month Dosar keeps documents for. */
export const FIRST_PERIOD = '2000-01';

/** The last month anything may be filed under: December of next year (in Romania). */
export const lastPeriod = (now = new Date()): string => `${Number(currentMonth(now).slice(0, 4)) + 1}-12`;

/**
 * Whether `period` (YYYY-MM) is a month Dosar works with: FIRST_PERIOD to lastPeriod(). Every route that
 * takes a month checks it (the JSON schemas' `period` format, upload forms), so nothing reads, files or
 * creates rows for a month outside it.
 */
export function isSanePeriod(period: string, now = new Date()): boolean {
  return /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(period) && period >= FIRST_PERIOD && period <= lastPeriod(now);
}
