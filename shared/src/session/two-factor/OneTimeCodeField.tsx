import type { FieldErrors } from '../../lib/field-errors';
import { FieldRow } from '../../ui/FieldRow';

/** The 6 digits of a code as typed or pasted ("123 456" → "123456"). */
export const sixDigits = (value: string): string => value.replace(/\D/g, '').slice(0, 6);

export interface OneTimeCodeFieldProps {
  idPrefix: string;
  errors: FieldErrors;
  value: string;
  onValue: (code: string) => void;
  hint?: string;
}

/** „Cod de verificare”: 6 digits, the phone's one-time-code autofill, the numeric keyboard. */
export function OneTimeCodeField({ idPrefix, errors, value, onValue, hint }: OneTimeCodeFieldProps) {
  return (
    <FieldRow
      id={`${idPrefix}-code`}
      idPrefix={idPrefix}
      field="code"
      errors={errors}
      label="Cod de verificare"
      value={value}
      onValue={(typed) => onValue(sixDigits(typed))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      hint={hint}
      required
      autoFocus
    />
  );
}
