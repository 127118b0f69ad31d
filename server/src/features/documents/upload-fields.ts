import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { currentMonth, isSanePeriod } from '../../lib/ro-calendar.js';

/** A month YYYY-MM within the months Dosar works with (isSanePeriod); null when malformed or outside. */
export function parsePeriod(value: string): string | null {
  const period = value.trim();
  return isSanePeriod(period) ? period : null;
}

export interface UploadFields {
  categoryId: number | null;
  period: string;
  /** The checklist item the documents answer (docs/api/month.md); its category and month then win. */
  itemId: number | null;
}

const invalidPeriod = () => errors.field('period', fieldMessages.shared.periodFormat);
export const invalidCategory = () => errors.field('category_id', fieldMessages.shared.categoryMissing);
export const invalidItem = () => errors.field('item_id', fieldMessages.shared.itemMissing);

/**
 * category_id (optional, empty = none), period (optional, empty = current month) and item_id (optional) of
 * an upload form.
 */
export function parseUploadFields(fields: Record<string, string>): UploadFields {
  const rawItem = (fields.item_id ?? '').trim();
  let itemId: number | null = null;
  if (rawItem !== '' && rawItem !== 'null') {
    if (!/^[0-9]{1,9}$/.test(rawItem) || Number(rawItem) === 0) throw invalidItem();
    itemId = Number(rawItem);
  }
  const rawCategory = (fields.category_id ?? '').trim();
  let categoryId: number | null = null;
  if (rawCategory !== '' && rawCategory !== 'null') {
    if (!/^[0-9]{1,9}$/.test(rawCategory) || Number(rawCategory) === 0) throw invalidCategory();
    categoryId = Number(rawCategory);
  }
  const rawPeriod = (fields.period ?? '').trim();
  const period = rawPeriod === '' ? currentMonth() : parsePeriod(rawPeriod);
  if (!period) throw invalidPeriod();
  return { categoryId, period, itemId };
}
