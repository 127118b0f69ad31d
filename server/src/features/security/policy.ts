import type { DoorPolicy } from '../doors/index.js';

/**
 * Who sees and changes a tenant's security settings (whether its people must use two-factor sign-in):
 * a company's owner (role 2) and a holding's administrator (role 4); their staff (3, 5) neither.
 */
export type SecurityAction = 'security.view' | 'security.update';

export const SECURITY_POLICY: DoorPolicy<SecurityAction> = {
  effects: { 'security.view': 'read', 'security.update': 'write' },
  company: { 'security.view': [2], 'security.update': [2] },
  holding: { 'security.view': [4], 'security.update': [4] },
};
