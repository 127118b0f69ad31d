/** A 422 answer's `errors`, every message of every field (the auth and profile forms show them all). */
export type FieldErrors = Record<string, string[]>;

/** A form whose errors are not per field (the login shows one message under the form). */
export const NO_FIELD_ERRORS: FieldErrors = Object.freeze({}) as FieldErrors;

/** The `errors` map of a 422 answer, or {}. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const data = (error as { response?: { data?: { errors?: unknown } } })?.response?.data;
  return data?.errors && typeof data.errors === 'object' ? (data.errors as FieldErrors) : {};
}

/** Props that tie an input to its error line `${idPrefix}-${field}-error`, when the field has one. */
export function invalidProps(errors: FieldErrors, field: string, idPrefix: string) {
  return errors[field]?.length
    ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${field}-error` }
    : {};
}

export const PASSWORD_MISMATCH = 'Confirmarea parolei nu corespunde.';

/** The error a new password and its confirmation give before any call, or null when they match. */
export function passwordMismatch(password: string, confirmation: string): FieldErrors | null {
  return password === confirmation ? null : { password_confirmation: [PASSWORD_MISMATCH] };
}
