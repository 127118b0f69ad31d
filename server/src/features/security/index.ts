/** A tenant's security settings (two-factor sign-in required): who may see and change them. */
export { SECURITY_POLICY } from './policy.js';
