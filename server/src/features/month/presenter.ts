import { toIso } from '../../lib/paging.js';
import type { OwedRow } from './checklist-repository.js';
import { countStatuses, dueOf } from './checklist-status.js';
import type { DefaultRow } from './defaults-repository.js';
import type { PortfolioClientRow } from './portfolio-repository.js';
import type { RequirementRow } from './repository.js';
import type { DoneMonthRow, QueueRow } from './review-repository.js';

/** Requirements, defaults and the firm's views as the screens read them (docs/api/month.md, "Shapes"). */

const named = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

const categoryOf = (row: { category_id: number | null; category_name: string | null }) =>
  named(row.category_id, row.category_name);

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

/** A client's row of the month's grid: its owed items (checklist order) and their counts, its month's state. */
export function presentPortfolioRow(period: string, row: PortfolioClientRow, owed: OwedRow[]) {
  const { due_date, days_left } = dueOf(period, row);
  return {
    client: { id: row.id, name: row.name, cui: row.cui, holding: named(row.holding_id, row.holding_name) },
    ...countStatuses(owed.map((o) => o.status)),
    closed: row.closed_at !== null,
    // Done counts until the month is reopened after it.
    done: row.done_at !== null && (row.reopened_at === null || row.done_at > row.reopened_at),
    due_date,
    days_left,
    items: owed.map((o) => ({ id: o.item_id, requirement_id: o.requirement_id, name: o.name, status: o.status })),
  };
}

/** A document of the review inbox. */
export const presentQueueRow = (row: QueueRow) => ({
  id: row.id,
  name: row.original_name,
  mime: row.mime,
  size: Number(row.size),
  created_at: row.created_at.toISOString(),
  period: row.period,
  category: named(row.category_id, row.category_name),
  client: { id: row.client_id, name: row.client_name },
  item: named(row.item_id, row.requirement_name),
  uploaded_by_name: row.uploaded_by_name,
});

/** A month the inbox lists as marked "Am terminat". */
export const presentDoneMonth = (row: DoneMonthRow) => ({
  client: { id: row.client_id, name: row.client_name },
  period: row.period,
  done_at: toIso(row.done_at) as string,
  done_by_name: row.done_by_name,
});
