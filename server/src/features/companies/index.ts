/** Companies: how a company is born, whichever way it comes (register, admin, a holding's invitation). */
export {
  provisionCompany,
  retireUnverifiedAccount,
  cuiTaken,
  DEFAULT_CATEGORIES,
  type NewCompany,
  type NewOwner,
  type Provisioned,
} from './service.js';
export { claimsPage, grantClaim, refuseClaim } from './claims.js';
export type { ClaimStatus } from './claims-repository.js';
