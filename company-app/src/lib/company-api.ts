import { useCurrentUser } from '@dosar/shared';

/** The company door: every call of the company area lives under /api/company/{companyId}. */
export function companyBase(companyId: number): string {
  return `/api/company/${companyId}`;
}

/** '/api/company/1/clients/2': a path on the company door. */
export function companyUrl(companyId: number, path: string): string {
  return `${companyBase(companyId)}/${path}`;
}

/** The signed-in user's company id (roles 2 and 3 always have one). */
export function useCompanyId(): number {
  const user = useCurrentUser();
  return user?.company_id ?? 0;
}
