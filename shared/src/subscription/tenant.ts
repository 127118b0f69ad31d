/**
 * Whose subscription a screen shows: the signed-in company's (/api/company/{id}, role 2) or
 * holding's (/api/holding/{id}, role 4). The two areas' subscription endpoints are the same
 * under their own base URL.
 */
export interface SubscriptionTenant {
  kind: 'company' | 'holding';
  id: number;
}

/** '/api/company/1/subscription': `path` under the tenant's base URL. */
export function tenantUrl({ kind, id }: SubscriptionTenant, path: string): string {
  return `/api/${kind}/${id}/${path}`;
}

/** The tenant's id as the request bodies name it: { company_id } or { holding_id }. */
export function tenantIdField({ kind, id }: SubscriptionTenant): Record<string, number> {
  return { [`${kind}_id`]: id };
}
