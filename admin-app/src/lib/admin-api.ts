/** Every admin call lives under /api/admin (DESIGN §3). */
export function adminUrl(path: string): string {
  return `/api/admin/${path}`;
}

/** List inputs every paged admin list accepts (DESIGN §3). */
export interface ListQuery {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
}

/** Drops empty strings / undefined / null so the server sees only what was chosen. */
export function compact<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;
}
