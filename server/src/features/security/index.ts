/** A tenant's security settings (two-factor sign-in required), on both doors. */
export { securityRoutes } from './routes.js';
export { SECURITY_POLICY } from './policy.js';
