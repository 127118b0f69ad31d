/** The users feature: a tenant's users on both doors, the invitation e-mail other features send, and a holding's portal people. */
export { prepareSetPasswordMail, SET_PASSWORD_DAYS } from './invitation.js';
export { cleanInput as checkUserInput, spendAddressCheck, ADDRESS_CHECKS_PER_TENANT_PER_HOUR } from './service.js';
export {
  addPortalUser,
  assertPortalAddressFree,
  findPortalUser,
  listPortalUsers,
  PORTAL_ROLE,
  revokePortalUser,
  type PortalUser,
} from './portal.js';
