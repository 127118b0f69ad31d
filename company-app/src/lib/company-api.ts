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
