import { dueDateOf, owedFor, periodLabel, rulesInForce, statutoryDate, type Rule } from './calendar.js';

// The declaration calendar's arithmetic against due dates worked out by hand from the law's wording and
// Romania's calendar (docs/PRODUCT.md, "Declarations"). The rules are the ones migration 290 seeds.

const base = { due_day: null, due_month: null, valid_from: '2016-01-01', valid_to: null, note: null };
const day25 = { due_rule: 'day_of_next_month', due_day: 25 } as const;
const lastDay = { due_rule: 'last_day_of_next_month' } as const;
const r = (
  code: string,
  key: Rule['profile_key'],
  value: string,
  frequency: Rule['frequency'],
  due: Partial<Rule>,
): Rule => ({ ...base, code, name: code, profile_key: key, profile_value: value, frequency, ...due }) as Rule;

const RULES: Rule[] = [
  r('D300', 'vat', 'monthly', 'monthly', day25),
  r('D300', 'vat', 'quarterly', 'quarterly', day25),
  r('D390', 'vat', 'monthly', 'monthly', day25),
  r('D390', 'vat', 'quarterly', 'monthly', day25),
  r('D394', 'vat', 'monthly', 'monthly', lastDay),
  r('D394', 'vat', 'quarterly', 'quarterly', lastDay),
  r('D112', 'employer', 'monthly', 'monthly', day25),
  r('D112', 'employer', 'quarterly', 'quarterly', day25),
  r('D100', 'tax', 'micro', 'quarterly', day25),
  r('D101', 'tax', 'profit', 'yearly', { due_rule: 'date_of_next_year', due_month: 3, due_day: 25 }),
  r('D101', 'tax', 'profit', 'yearly', {
    due_rule: 'date_of_next_year',
    due_month: 6,
    due_day: 25,
    valid_from: '2025-01-01',
    valid_to: '2025-12-31',
  }),
  r('D212', 'tax', 'income', 'yearly', { due_rule: 'date_of_next_year', due_month: 5, due_day: 25 }),
  r('D406', 'saft', 'monthly', 'monthly', lastDay),
  r('D406', 'saft', 'quarterly', 'quarterly', lastDay),
];

const ruleOf = (code: string, value: string, period: string, rules = RULES): Rule => {
  const found = rulesInForce(rules, period).find((x) => x.code === code && x.profile_value === value);
  if (!found) throw new Error(`no ${code}/${value} for ${period}`);
  return found;
};

describe('due dates', () => {
  // [code, profile value, period, due date, why]
  const KNOWN: [string, string, string, string, string][] = [
    ['D300', 'monthly', '2026-11', '2026-12-28', '25 Dec is Christmas (Fri), 26 Sat, 27 Sun'],
    ['D394', 'monthly', '2026-11', '2026-12-31', 'last day of December, a Thursday'],
    ['D300', 'quarterly', '2026-03', '2026-04-27', '25 Apr 2026 is a Saturday (Easter was 12 Apr)'],
    ['D212', 'income', '2026-12', '2027-05-25', '25 May 2027 is a Tuesday'],
    ['D101', 'profit', '2025-12', '2026-06-25', 'the 2025 row: 25 June, a Thursday'],
    ['D101', 'profit', '2026-12', '2027-03-25', 'back to the Code: 25 March 2027, a Thursday'],
    ['D101', 'profit', '2024-12', '2025-03-25', '25 March 2025, a Tuesday'],
    ['D112', 'monthly', '2027-04', '2027-05-25', '25 May 2027, a Tuesday'],
    ['D406', 'monthly', '2026-12', '2027-02-01', '31 Jan 2027 is a Sunday'],
    ['D300', 'monthly', '2025-12', '2026-01-26', '25 Jan 2026 is a Sunday'],
    ['D394', 'monthly', '2026-04', '2026-06-02', '31 May 2026 Sun (Pentecost), 1 June Children’s Day and Whit Monday'],
    ['D394', 'monthly', '2026-10', '2026-12-02', '30 Nov St Andrew, 1 Dec National Day'],
    ['D300', 'monthly', '2027-03', '2027-04-26', '25 Apr 2027 is a Sunday'],
    ['D112', 'quarterly', '2026-12', '2027-01-25', '25 Jan 2027, a Monday'],
    ['D100', 'micro', '2026-09', '2026-10-26', '25 Oct 2026 is a Sunday'],
    ['D406', 'quarterly', '2026-06', '2026-07-31', '31 July 2026, a Friday'],
    ['D390', 'monthly', '2026-01', '2026-02-25', '25 Feb 2026, a Wednesday'],
    ['D300', 'monthly', '2026-07', '2026-08-25', '25 Aug 2026, a Tuesday'],
    ['D406', 'monthly', '2026-07', '2026-08-31', '31 Aug 2026, a Monday'],
    ['D394', 'monthly', '2027-01', '2027-03-01', '28 Feb 2027 is a Sunday → Monday 1 March'],
  ];

  it.each(KNOWN)('%s (%s) for %s is due on %s — %s', (code, value, period, due) => {
    expect(dueDateOf(ruleOf(code, value, period), period)).toBe(due);
  });

  it('writes the statutory date before moving it', () => {
    expect(statutoryDate(ruleOf('D300', 'monthly', '2026-11'), '2026-11')).toBe('2026-12-25');
    expect(statutoryDate(ruleOf('D394', 'monthly', '2027-01'), '2027-01')).toBe('2027-02-28');
  });
});

describe('dated rules', () => {
  it('a change in the law from a date picks the new row from that period on', () => {
    const changed = [
      ...RULES,
      r('D300', 'vat', 'monthly', 'monthly', { ...day25, due_day: 26, valid_from: '2027-01-01' }),
    ];
    expect(ruleOf('D300', 'monthly', '2026-12', changed).due_day).toBe(25);
    expect(ruleOf('D300', 'monthly', '2027-01', changed).due_day).toBe(26);
    expect(dueDateOf(ruleOf('D300', 'monthly', '2027-01', changed), '2027-01')).toBe('2027-02-26');
  });

  it('a row ended by valid_to and not replaced drops the declaration', () => {
    const ended = RULES.map((x) => (x.code === 'D390' ? { ...x, valid_to: '2026-12-31' } : x));
    const profile = { vat: 'monthly', employer: 'no', tax: 'micro', saft: 'none' } as const;
    expect(owedFor(ended, profile, '2026-12').map((o) => o.code)).toContain('D390');
    expect(owedFor(ended, profile, '2027-01').map((o) => o.code)).not.toContain('D390');
  });
});

describe('profile → obligations', () => {
  const codes = (profile: Parameters<typeof owedFor>[1], period: string) =>
    owedFor(RULES, profile, period).map((o) => o.code);

  it('a monthly VAT payer with employees and monthly SAF-T', () => {
    const profile = { vat: 'monthly', employer: 'monthly', tax: 'micro', saft: 'monthly' } as const;
    expect(codes(profile, '2026-11')).toEqual(['D112', 'D300', 'D390', 'D394', 'D406']);
    expect(codes(profile, '2026-12')).toEqual(['D100', 'D112', 'D300', 'D390', 'D394', 'D406']);
  });

  it('a quarterly VAT payer owes D300 and D394 at the quarter, D390 monthly (the simplification)', () => {
    const profile = { vat: 'quarterly', employer: 'no', tax: 'profit', saft: 'none' } as const;
    expect(codes(profile, '2026-11')).toEqual(['D390']);
    expect(codes(profile, '2026-12')).toEqual(['D101', 'D300', 'D390', 'D394']);
  });

  it('no VAT, no employees: only the tax return; no profile: nothing', () => {
    expect(codes({ vat: 'none', employer: 'no', tax: 'income', saft: 'none' }, '2026-11')).toEqual([]);
    expect(codes({ vat: 'none', employer: 'no', tax: 'income', saft: 'none' }, '2026-12')).toEqual(['D212']);
    expect(codes(null, '2026-12')).toEqual([]);
  });

  it('labels the span each period closes', () => {
    expect(periodLabel('2026-11', 'monthly')).toBe('Noiembrie 2026');
    expect(periodLabel('2026-12', 'quarterly')).toBe('Trimestrul IV 2026');
    expect(periodLabel('2026-03', 'quarterly')).toBe('Trimestrul I 2026');
    expect(periodLabel('2025-12', 'yearly')).toBe('Anul 2025');
  });
});
