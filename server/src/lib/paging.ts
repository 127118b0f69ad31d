/** Paging of every list, on both tenant doors: page 1 and 25 rows unless asked otherwise. */
export const DEFAULT_PER_PAGE = 25;

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

export function paging(input: PagingInput, defaultPerPage = DEFAULT_PER_PAGE): Paging {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage, search: (input.search ?? '').trim() };
}

/** A type, not an interface: the response schemas' types want an index signature. */
export type PageMeta = { page: number; per_page: number; total: number };

/**
 * Every paged answer: `{data, meta: {page, per_page, total}}`, `extraMeta` (a list's own figures, e.g. the
 * months it shows) following in `meta`.
 */
export function pagedList<T, M extends object = Record<never, never>>(
  data: T[],
  p: Pick<Paging, 'page' | 'perPage'>,
  total: number,
  extraMeta?: M,
): { data: T[]; meta: PageMeta & M } {
  return { data, meta: { page: p.page, per_page: p.perPage, total, ...extraMeta } as PageMeta & M };
}

export const toIso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
