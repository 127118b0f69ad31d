import type { Actor } from '../../infra/auth.js';
import { fieldMessages } from '../../infra/error-messages.js';
import type { FieldErrors } from '../../infra/errors.js';

export const PASSWORD_MIN_LENGTH = 8;

/** The rules for a new password (≥ 8 characters, a letter, a digit, confirmed), as Romanian field errors. */
export function newPasswordErrors(password: string, confirmation: string | null | undefined): FieldErrors {
  const problems: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH)
    problems.push(fieldMessages.account.passwordTooShort(PASSWORD_MIN_LENGTH));
  if (!/\p{L}/u.test(password)) problems.push(fieldMessages.account.passwordWithoutLetter);
  if (!/\p{Nd}/u.test(password)) problems.push(fieldMessages.account.passwordWithoutDigit);
  const out: FieldErrors = {};
  if (problems.length) out.password = problems;
  if (confirmation !== password) out.password_confirmation = [fieldMessages.account.confirmationMismatch];
  return out;
}

/**
 * The e-mail rule everywhere an address comes in: exactly the schemas' `format: email` (ajv-formats),
 * ASCII only, so a look-alike address (Cyrillic letters, zero-width spaces) is refused on every form
 * the same way registration refuses it.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * Who may change a user through POST /api/users/{id}/update: for now only the
 * user themself. Extension point: company (role 2) or holding (role 4) user
 * management decides here on the loaded target; anything refused answers 404.
 */
export function canUpdateUser(actor: Pick<Actor, 'id'>, target: { id: number }): boolean {
  return actor.id === target.id;
}
