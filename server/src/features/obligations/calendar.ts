import type { DueRule, FiscalProfile, ObligationFrequency } from '../../db/schema-obligations.js';
import { addMonths, monthName, nextWorkingDay } from '../../lib/ro-calendar.js';

/**
 * The declaration calendar's arithmetic, free of the database (docs/PRODUCT.md, "Declarations"): which
 * rule of the dated table is in force for a period, which periods a frequency has, and when a declaration
 * is due. A period is the month a declaration's span ends in (YYYY-MM): a month, the last month of a
 * quarter (03, 06, 09, 12) or December for a year.
 */

export interface Rule {
  code: string;
  name: string;
  profile_key: keyof FiscalProfile;
  profile_value: string;
  frequency: ObligationFrequency;
  due_rule: DueRule;
  due_day: number | null;
  due_month: number | null;
  /** YYYY-MM-DD */
  valid_from: string;
  /** YYYY-MM-DD, or null: in force until a newer row replaces it. */
  valid_to: string | null;
  note: string | null;
}

/** An obligation a client owes for a period, before the filings say whether it was filed. */
export interface Owed {
  code: string;
  name: string;
  period: string;
  frequency: ObligationFrequency;
  due_date: string;
  note: string | null;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const lastDayOf = (period: string): number => {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** Whether `period` closes a span of `frequency` (every month; March, June, September, December; December). */
export function endsSpan(period: string, frequency: ObligationFrequency): boolean {
  const month = Number(period.slice(5, 7));
  if (frequency === 'monthly') return true;
  if (frequency === 'quarterly') return month % 3 === 0;
  return month === 12;
}

/** The deadline the law writes, before it is moved off a weekend or a holiday. */
export function statutoryDate(rule: Pick<Rule, 'due_rule' | 'due_day' | 'due_month'>, period: string): string {
  const next = addMonths(period, 1);
  if (rule.due_rule === 'last_day_of_next_month') return `${next}-${pad(lastDayOf(next))}`;
  if (rule.due_rule === 'day_of_next_month') return `${next}-${pad(Math.min(rule.due_day ?? 25, lastDayOf(next)))}`;
  const month = `${Number(period.slice(0, 4)) + 1}-${pad(rule.due_month ?? 12)}`;
  return `${month}-${pad(Math.min(rule.due_day ?? 25, lastDayOf(month)))}`;
}

/** The deadline of `period` under `rule`: the statutory date, moved to the next working day. */
export function dueDateOf(rule: Pick<Rule, 'due_rule' | 'due_day' | 'due_month'>, period: string): string {
  return nextWorkingDay(statutoryDate(rule, period));
}

/**
 * The rows of `rules` in force for `period`: per declaration and profile value, the newest row whose
 * validity holds the period's first day (a law change is a new row; a row ended by valid_to and not
 * replaced means the declaration is no longer owed).
 */
export function rulesInForce(rules: readonly Rule[], period: string): Rule[] {
  const day = `${period}-01`;
  const newest = new Map<string, Rule>();
  for (const rule of rules) {
    if (rule.valid_from > day || (rule.valid_to !== null && rule.valid_to < day)) continue;
    const key = `${rule.code}|${rule.profile_key}|${rule.profile_value}`;
    const held = newest.get(key);
    if (!held || held.valid_from < rule.valid_from) newest.set(key, rule);
  }
  return [...newest.values()];
}

/** What a client of `profile` owes for `period` under `rules`, by code. */
export function owedFor(rules: readonly Rule[], profile: FiscalProfile | null, period: string): Owed[] {
  if (!profile) return [];
  return rulesInForce(rules, period)
    .filter((rule) => profile[rule.profile_key] === rule.profile_value && endsSpan(period, rule.frequency))
    .map((rule) => ({
      code: rule.code,
      name: rule.name,
      period,
      frequency: rule.frequency,
      due_date: dueDateOf(rule, period),
      note: rule.note,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * What a client owes for `period`, and beside it what was filed although the profile no longer asks for
 * it (the profile changed after the filing): a filing stays on the calendar.
 */
export function owedOrFiled(
  rules: readonly Rule[],
  profile: FiscalProfile | null,
  period: string,
  filedCodes: readonly string[],
): Owed[] {
  const owed = owedFor(rules, profile, period);
  const inForce = rulesInForce(rules, period);
  for (const code of filedCodes) {
    if (owed.some((o) => o.code === code)) continue;
    const rule = inForce.find((r) => r.code === code) ?? rules.find((r) => r.code === code);
    if (!rule) continue;
    owed.push({
      code,
      name: rule.name,
      period,
      frequency: rule.frequency,
      due_date: dueDateOf(rule, period),
      note: rule.note,
    });
  }
  return owed.sort((a, b) => a.code.localeCompare(b.code));
}

/** The months from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let period = from; period <= to; period = addMonths(period, 1)) months.push(period);
  return months;
}

const QUARTERS = ['I', 'II', 'III', 'IV'];

/** The label inside a sentence, where Romanian writes months in lower case: „noiembrie 2026”, „trimestrul IV 2026”. */
export const labelInSentence = (label: string): string => label.charAt(0).toLowerCase() + label.slice(1);

/** „Noiembrie 2026”, „Trimestrul IV 2026”, „Anul 2026”. */
export function periodLabel(period: string, frequency: ObligationFrequency): string {
  const year = period.slice(0, 4);
  if (frequency === 'yearly') return `Anul ${year}`;
  if (frequency === 'quarterly') return `Trimestrul ${QUARTERS[Math.ceil(Number(period.slice(5, 7)) / 3) - 1]} ${year}`;
  return monthName(period);
}
