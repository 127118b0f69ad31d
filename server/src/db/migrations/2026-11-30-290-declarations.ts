import { type Kysely, sql } from 'kysely';

/**
 * The declaration calendar (docs/PRODUCT.md, "Declarations"). A client's fiscal profile (VAT, employer,
 * tax and SAF-T status) says which declarations it owes; `obligation_rules` says, per declaration and
 * profile value, how often and by when. The rules are data, dated: a change in the law is a new row from
 * the day it applies (the newest row in force for a period wins), so no code changes with the law.
 * `obligation_filings` records that a client's declaration for a period was filed, with its receipt
 * (recipisă) kept as a document of the client; undoing a filing is a soft delete.
 */

type RuleRow = {
  code: string;
  name: string;
  profile_key: 'vat' | 'employer' | 'tax' | 'saft';
  profile_value: string;
  frequency: 'monthly' | 'quarterly' | 'yearly';
  due_rule: 'day_of_next_month' | 'last_day_of_next_month' | 'date_of_next_year';
  due_day: number | null;
  due_month: number | null;
  valid_from: string;
  valid_to: string | null;
  note: string | null;
};

const D300 = 'Decont de TVA';
const D390 = 'Declarație recapitulativă privind livrările/achizițiile intracomunitare';
const D394 = 'Declarație informativă privind livrările/prestările și achizițiile de pe teritoriul național';
const D112 = 'Declarație privind obligațiile de plată a contribuțiilor sociale, impozitului pe venit';
const D100 = 'Declarație privind obligațiile de plată la bugetul de stat';
const D101 = 'Declarație privind impozitul pe profit';
const D212 = 'Declarație unică privind impozitul pe venit și contribuțiile sociale';
const D406 = 'Fișierul standard de control fiscal (SAF-T)';
const SINCE = '2016-01-01';

const rule = (
  code: string,
  name: string,
  key: RuleRow['profile_key'],
  value: string,
  frequency: RuleRow['frequency'],
  due: Pick<RuleRow, 'due_rule' | 'due_day' | 'due_month'>,
  extra: Partial<Pick<RuleRow, 'valid_from' | 'valid_to' | 'note'>> = {},
): RuleRow => ({
  code,
  name,
  profile_key: key,
  profile_value: value,
  frequency,
  ...due,
  valid_from: extra.valid_from ?? SINCE,
  valid_to: extra.valid_to ?? null,
  note: extra.note ?? null,
});

const day25 = { due_rule: 'day_of_next_month', due_day: 25, due_month: null } as const;
const lastDay = { due_rule: 'last_day_of_next_month', due_day: null, due_month: null } as const;
const nextYear = (month: number, day: number) =>
  ({ due_rule: 'date_of_next_year', due_day: day, due_month: month }) as const;

const RULES: RuleRow[] = [
  rule('D300', D300, 'vat', 'monthly', 'monthly', day25),
  rule('D300', D300, 'vat', 'quarterly', 'quarterly', day25),
  // D390 is owed only for a month with intra-EU operations; the calendar shows it monthly to every VAT payer.
  rule('D390', D390, 'vat', 'monthly', 'monthly', day25, { note: 'Doar pentru lunile cu operațiuni intracomunitare.' }),
  rule('D390', D390, 'vat', 'quarterly', 'monthly', day25, {
    note: 'Doar pentru lunile cu operațiuni intracomunitare.',
  }),
  rule('D394', D394, 'vat', 'monthly', 'monthly', lastDay),
  rule('D394', D394, 'vat', 'quarterly', 'quarterly', lastDay),
  rule('D112', D112, 'employer', 'monthly', 'monthly', day25),
  rule('D112', D112, 'employer', 'quarterly', 'quarterly', day25),
  rule('D100', D100, 'tax', 'micro', 'quarterly', day25),
  rule('D101', D101, 'tax', 'profit', 'yearly', nextYear(3, 25)),
  // For 2025 the annual profit tax return is due on 25 June 2026 (the equity-based reductions).
  rule('D101', D101, 'tax', 'profit', 'yearly', nextYear(6, 25), {
    valid_from: '2025-01-01',
    valid_to: '2025-12-31',
    note: 'Termen prelungit pentru anul 2025.',
  }),
  rule('D212', D212, 'tax', 'income', 'yearly', nextYear(5, 25)),
  rule('D406', D406, 'saft', 'monthly', 'monthly', lastDay),
  rule('D406', D406, 'saft', 'quarterly', 'quarterly', lastDay),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  // {vat, employer, tax, saft}; null until the firm fills it in (then the client owes nothing on the calendar).
  await sql`alter table clients add column fiscal_profile jsonb`.execute(db);
  await sql`create table obligation_rules (
    id serial primary key,
    code text not null,
    name text not null,
    profile_key text not null check (profile_key in ('vat', 'employer', 'tax', 'saft')),
    profile_value text not null,
    frequency text not null check (frequency in ('monthly', 'quarterly', 'yearly')),
    due_rule text not null check (due_rule in ('day_of_next_month', 'last_day_of_next_month', 'date_of_next_year')),
    due_day integer check (due_day between 1 and 31),
    due_month integer check (due_month between 1 and 12),
    valid_from date not null,
    valid_to date,
    note text,
    created_at timestamptz not null default now(),
    check (valid_to is null or valid_to >= valid_from),
    check (due_rule = 'last_day_of_next_month' or due_day is not null),
    check (due_rule <> 'date_of_next_year' or due_month is not null)
  )`.execute(db);
  await sql`create unique index obligation_rules_version
    on obligation_rules (code, profile_key, profile_value, valid_from)`.execute(db);
  await db.insertInto('obligation_rules').values(RULES).execute();
  await sql`create table obligation_filings (
    id serial primary key,
    company_id integer not null references companies(id),
    client_id integer not null references clients(id),
    code text not null,
    period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
    media_id integer references media(id),
    filed_by integer references users(id),
    filed_at timestamptz not null default now(),
    deleted_at timestamptz,
    deleted_by integer references users(id)
  )`.execute(db);
  await sql`create unique index obligation_filings_live
    on obligation_filings (client_id, code, period) where deleted_at is null`.execute(db);
  await sql`create index obligation_filings_company_period
    on obligation_filings (company_id, period) where deleted_at is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists obligation_filings`.execute(db);
  await sql`drop table if exists obligation_rules`.execute(db);
  await sql`alter table clients drop column if exists fiscal_profile`.execute(db);
}
