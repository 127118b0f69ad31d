/** What other features use from auth: the e-mail rules and the password-reset token store. */
export { isEmail } from './policy.js';
export { emailTaken, normalizeEmail, replaceResetToken } from './repository.js';
export { EMAIL_TAKEN } from './service.js';
