/** A paying tenant: a company (its staff, roles 2/3) or a holding (its people, roles 4/5). */
export type TenantRef = { companyId: number; holdingId?: undefined } | { holdingId: number; companyId?: undefined };

export type Tenant = { kind: 'company'; id: number } | { kind: 'holding'; id: number };

export function toTenant(ref: TenantRef | Tenant): Tenant {
  if ('kind' in ref) return ref;
  if (ref.companyId !== undefined) return { kind: 'company', id: ref.companyId };
  return { kind: 'holding', id: ref.holdingId as number };
}

/** The column a row uses to point at its tenant. */
export const tenantColumn = (tenant: Tenant): 'company_id' | 'holding_id' =>
  tenant.kind === 'company' ? 'company_id' : 'holding_id';
