import { errors } from '../../infra/errors.js';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

const ROMANIAN_MONTH = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
});

/** The current month (YYYY-MM) in Romania. */
export function currentPeriod(now = new Date()): string {
  const parts = ROMANIAN_MONTH.formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = parts.find((p) => p.type === 'month')?.value;
  return `${year}-${month}`;
}

/** A month YYYY-MM between 2000-01 and next year; null when malformed. */
export function parsePeriod(value: string): string | null {
  const match = PERIOD.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const maxYear = Number(currentPeriod().slice(0, 4)) + 1;
  return year >= 2000 && year <= maxYear ? match[0] : null;
}

export interface UploadFields {
  categoryId: number | null;
  period: string;
  /** The checklist item the documents answer (docs/api/month.md); its category and month then win. */
  itemId: number | null;
}

const invalidPeriod = () => errors.field('period', 'Luna trebuie să fie în formatul AAAA-LL (de exemplu 2026-01).');
export const invalidCategory = () => errors.field('category_id', 'Categoria aleasă nu există.');
export const invalidItem = () => errors.field('item_id', 'Cerința aleasă nu există.');

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
  const period = rawPeriod === '' ? currentPeriod() : parsePeriod(rawPeriod);
  if (!period) throw invalidPeriod();
  return { categoryId, period, itemId };
}
