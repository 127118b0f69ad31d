import { sql } from 'kysely';
import { idParam } from '../files/schemas.js';

export { idParam, errorResponses, errorSchema, messageSchema, binarySchema, periodPattern } from '../files/schemas.js';

/** Params of a company route: companyId plus the named ids, all digits. */
export function companyParams(...names: string[]) {
  const properties: Record<string, typeof idParam> = { companyId: idParam };
  for (const name of names) properties[name] = idParam;
  return { type: 'object', required: ['companyId', ...names], properties } as const;
}

export interface CompanyParams {
  companyId: string;
}

export const pageMetaSchema = {
  type: 'object',
  required: ['page', 'per_page', 'total'],
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
} as const;

/** Paging fields every list accepts (DESIGN §3). */
export const pagingProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
  search: { type: ['string', 'null'], maxLength: 200 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

export interface PagingInput {
  page?: number;
  per_page?: number;
  search?: string | null;
  direction?: 'asc' | 'desc';
}

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
  search: string;
}

export function paging(input: PagingInput, defaultPerPage = 25): Paging {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage, search: (input.search ?? '').trim() };
}

export const pageMeta = (p: Paging, total: number) => ({ page: p.page, per_page: p.perPage, total });

export const toIso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** `%term%` for LIKE with the term's own wildcards escaped. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const FOLD_FROM = 'ăâîșşțţĂÂÎȘŞȚŢ';
const FOLD_TO = 'aaisstt' + 'AAISSTT';

/** Romanian diacritics dropped, then lower case: the same as the SQL function dosar_fold (migration 050). */
export const fold = (value: string): string =>
  Array.from(value)
    .map((c) => {
      const i = FOLD_FROM.indexOf(c);
      return i >= 0 ? FOLD_TO[i] : c;
    })
    .join('')
    .toLowerCase();

/**
 * `dosar_fold(column) like pattern` (pattern already folded, e.g. `likePattern(fold(term))`). Exactly the
 * expression of the trigram indexes (clients_name_trgm), so the planner can use them.
 */
export const foldedLike = (column: string, pattern: string) =>
  sql<boolean>`dosar_fold(${sql.ref(column)}) like ${pattern}`;
