import type { Applies, Frequency } from '../../db/schema-month.js';
import type { Executor } from '../../infra/db.js';
import { companyCategoryIds, insertDefaults, listDefaults, type DefaultRow } from './defaults-repository.js';
import { endRequirements, insertRequirements, type NewRequirement, type RequirementRow } from './repository.js';

/**
 * The firm's default set (what a new company starts with, as migration 090 gave every company) and what a
 * client owes from it: `always` items, one `bank_account` item per IBAN (one without details when none
 * is listed), `employees` and `cash_register` items when its profile says so. See docs/PRODUCT.md.
 */

/** name, category (by name), applies; every one monthly. */
export const DEFAULT_SET: { name: string; category: string; applies: Applies }[] = [
  { name: 'Facturi emise', category: 'Facturi emise', applies: 'always' },
  { name: 'Facturi primite', category: 'Facturi primite', applies: 'always' },
  { name: 'Extras de cont', category: 'Extrase bancare', applies: 'bank_account' },
  { name: 'Bonuri fiscale / Raport Z', category: 'Bonuri fiscale', applies: 'cash_register' },
  { name: 'State de plată / pontaj', category: 'Salarii', applies: 'employees' },
];

/** Inserts the default set of a new company (its categories exist already). In the caller's transaction. */
export async function insertDefaultSet(trx: Executor, companyId: number): Promise<void> {
  const categories = await companyCategoryIds(trx, companyId);
  await insertDefaults(
    trx,
    DEFAULT_SET.map((d, position) => ({
      company_id: companyId,
      name: d.name,
      category_id: categories.get(d.category) ?? null,
      frequency: 'monthly' as Frequency,
      applies: d.applies,
      position,
    })),
  );
}

export interface Profile {
  bank_accounts: string[];
  has_employees: boolean;
  has_cash_register: boolean;
}

/** What `defaults` bring in for `profile`: one entry per requirement (details: the IBAN of a bank item). */
export function wantedFrom(defaults: DefaultRow[], profile: Profile) {
  return defaults.flatMap((d) => {
    const base = { default: d, details: d.details };
    if (d.applies === 'always') return [base];
    if (d.applies === 'bank_account') {
      return profile.bank_accounts.length
        ? profile.bank_accounts.map((iban) => ({ default: d, details: iban }))
        : [base];
    }
    if (d.applies === 'employees') return profile.has_employees ? [base] : [];
    return profile.has_cash_register ? [base] : [];
  });
}

const newRequirement = (
  client: { companyId: number; clientId: number },
  wanted: ReturnType<typeof wantedFrom>[number],
  period: string,
): NewRequirement => ({
  company_id: client.companyId,
  client_id: client.clientId,
  name: wanted.default.name,
  category_id: wanted.default.category_id,
  frequency: wanted.default.frequency,
  details: wanted.details,
  source: wanted.default.applies,
  default_id: wanted.default.id,
  position: wanted.default.position,
  starts_period: period,
});

/** A new client owes the firm's default set for its profile from `period` on. In the caller's transaction. */
export async function provisionClientRequirements(
  trx: Executor,
  client: { companyId: number; clientId: number },
  profile: Profile,
  period: string,
): Promise<void> {
  const defaults = await listDefaults(trx, client.companyId);
  await insertRequirements(
    trx,
    wantedFrom(defaults, profile).map((w) => newRequirement(client, w, period)),
  );
}

/**
 * After a profile change: adds the profile-driven requirements (bank account, employees, cash register) of
 * the live defaults that the client lacks and ends those it no longer needs; `always` and custom ones stay.
 */
export async function syncProfileRequirements(
  trx: Executor,
  client: { companyId: number; clientId: number },
  current: RequirementRow[],
  profile: Profile,
  period: string,
): Promise<void> {
  const defaults = (await listDefaults(trx, client.companyId)).filter((d) => d.applies !== 'always');
  const key = (defaultId: number | null, details: string | null) => `${defaultId}:${details ?? ''}`;
  const wanted = wantedFrom(defaults, profile);
  const wantedKeys = new Set(wanted.map((w) => key(w.default.id, w.details)));
  const liveDefaults = new Set(defaults.map((d) => d.id));
  const driven = current.filter(
    (r) => r.source !== 'custom' && r.source !== 'always' && r.default_id !== null && liveDefaults.has(r.default_id),
  );
  const have = new Set(driven.map((r) => key(r.default_id, r.details)));
  const drop = driven.filter((r) => !wantedKeys.has(key(r.default_id, r.details))).map((r) => r.id);
  await endRequirements(trx, client, drop, period);
  await insertRequirements(
    trx,
    wanted.filter((w) => !have.has(key(w.default.id, w.details))).map((w) => newRequirement(client, w, period)),
  );
}
