import type { DoorPolicy } from '../doors/index.js';

export type CompanyRequestAction = 'companyRequests.create' | 'companyRequests.list';

/**
 * Only a holding invites accounting companies, through its administrator (role 4); a holding's users (5)
 * and the company door have no invitations.
 */
export const COMPANY_REQUEST_POLICY: DoorPolicy<CompanyRequestAction> = {
  effects: { 'companyRequests.create': 'write', 'companyRequests.list': 'read' },
  company: {},
  holding: { 'companyRequests.create': [4], 'companyRequests.list': [4] },
};
