import { useCurrentUser } from '@dosar/shared';

/** Every company call lives under /api/company/{companyId} (SPEC §7). */
export function companyUrl(companyId: number, path: string): string {
  return `/api/company/${companyId}/${path}`;
}

/** The signed-in user's company id (roles 2 and 3 always have one). */
export function useCompanyId(): number {
  const user = useCurrentUser();
  return user?.company_id ?? 0;
}

/** List inputs every paged list accepts (DESIGN §3). */
export interface ListQuery {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
}

export type SortDirection = 'asc' | 'desc';

/** Drops empty strings / undefined so the server sees only what was chosen. */
export function compact<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;
}
