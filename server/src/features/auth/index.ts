/** Sign-in, sessions, passwords, self-registration, and the account helpers other features share. */
export { assertEmailVerified } from './email-service.js';
export { isEmail, newPasswordErrors } from './policy.js';
export { emailTaken, normalizeEmail, replaceResetToken } from './repository.js';
export { setPlatformAdmin } from './account-service.js';
