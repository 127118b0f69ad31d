import type { DefaultRow } from './defaults-repository.js';
import type { RequirementRow } from './repository.js';

/** Requirements and defaults as both screens read them (docs/api/month.md, "Shapes"). */

const categoryOf = (row: { category_id: number | null; category_name: string | null }) =>
  row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null;

export const presentDefault = (row: DefaultRow) => ({
  id: row.id,
  name: row.name,
  category: categoryOf(row),
  frequency: row.frequency,
  details: row.details,
  applies: row.applies,
  position: row.position,
});

export const presentRequirement = (row: RequirementRow) => ({
  id: row.id,
  name: row.name,
  category: categoryOf(row),
  frequency: row.frequency,
  details: row.details,
  source: row.source,
  position: row.position,
  starts_period: row.starts_period.trim(),
});

export const presentProfile = (client: {
  bank_accounts: string[];
  has_employees: boolean;
  has_cash_register: boolean;
  due_day: number | null;
}) => ({
  bank_accounts: client.bank_accounts,
  has_employees: client.has_employees,
  has_cash_register: client.has_cash_register,
  due_day: client.due_day,
});
