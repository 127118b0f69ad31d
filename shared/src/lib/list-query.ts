export type SortDirection = 'asc' | 'desc';

/** List inputs every paged list of the API accepts. */
export interface ListQuery {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: string;
  direction?: SortDirection;
}

/** The object without undefined, null or blank-string values, so the server sees only what was chosen. */
export function compact<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;
}
