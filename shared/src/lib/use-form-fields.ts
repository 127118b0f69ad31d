import { useCallback, useState, type ChangeEvent } from 'react';

/** A form's errors by field name (the client's checks, or the server's 422 through fieldErrors). */
export type FormErrors = Partial<Record<string, string>>;

export interface FormFieldsOptions {
  /** Typing in a field clears its error (default); false keeps errors until the next submit. */
  clearErrorOnChange?: boolean;
}

/**
 * A form's values and errors, and `field(name)`: the value, onChange and error a TextField
 * takes, so a form lists its fields instead of wiring each one.
 */
export function useFormFields<T extends object>(initial: T, { clearErrorOnChange = true }: FormFieldsOptions = {}) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const field = useCallback(
    (name: keyof T & string) => ({
      value: values[name] as string,
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        if (clearErrorOnChange) setErrors((current) => ({ ...current, [name]: undefined }));
      },
    }),
    [values, errors, clearErrorOnChange],
  );
  return { values, setValues, errors, setErrors, field };
}
