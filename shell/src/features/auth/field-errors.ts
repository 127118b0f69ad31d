export type FieldErrors = Record<string, string[]>;

/** The `errors` map of a 422 answer, or {}. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const data = (error as { response?: { data?: { errors?: unknown } } })?.response?.data;
  return data?.errors && typeof data.errors === 'object' ? (data.errors as FieldErrors) : {};
}

/** Props that tie an input to its error line. */
export function invalidProps(errors: FieldErrors, field: string, idPrefix: string) {
  return errors[field]?.length
    ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${field}-error` }
    : {};
}
